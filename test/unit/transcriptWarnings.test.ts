import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { renderStandaloneHtml } from '../../src/core/diagnosis/report/html';
import { renderMarkdown } from '../../src/core/diagnosis/report/markdown';
import { renderTextSummary } from '../../src/core/diagnosis/report/text';
import { createCore } from '../../src/core/services';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { KNOWLEDGE_DIR, ROOT, SAMPLES, tempDir } from './helpers';

// A cue the parser skips must reach the user: in the split result, in the run's warnings and in
// every form of the report, naming the line to fix.

const sample = fs.readFileSync(path.join(SAMPLES, 'rag-interview-en.srt'), 'utf8');
// The bundled SRT with two broken blocks put in after its third subtitle: an unreadable time, and a number without a time.
const broken = sample.replace('\n\n4\n', '\n\n35\n00:00:0x,000 --> 00:00:09,100\nlost words\n\n36\nno time here\n\n4\n');
const badLine = broken.split('\n').indexOf('00:00:0x,000 --> 00:00:09,100') + 1;
const numberLine = broken.split('\n').indexOf('36') + 1;

describe('skipped cues reach the user', () => {
  it('the split result lists each skipped block with its line', () => {
    const s = splitTranscript(broken);
    assert.equal(s.warnings?.length, 2);
    assert.match(s.warnings![0], new RegExp(`^line ${badLine}: cannot read the time range`));
    assert.match(s.warnings![1], new RegExp(`^line ${numberLine}: expected a time line`));
    assert.equal(splitTranscript(sample).warnings, undefined, 'nothing skipped: no warnings field');
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`diagnose (${lang} report): the warnings, the report's transcript and its text, Markdown and HTML name the lines`, async () => {
      const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
      const result = await core.diagnose({ text: broken, source: 'rag-interview-en.srt', reportLanguage: lang, persist: false });
      assert.ok(result.warnings.some((w) => w.startsWith(`transcript line ${badLine}: cannot read the time range`)), result.warnings.join('\n'));
      const report = result.raw;
      assert.equal(report.transcript?.skipped?.length, 2);
      const heading = lang === 'zh' ? '读取文稿时跳过了 2 处' : 'Skipped while reading the transcript (2)';
      for (const [name, out] of [['text', renderTextSummary(report)], ['markdown', renderMarkdown(report)], ['html', renderStandaloneHtml(report)]] as const) {
        assert.ok(out.includes(heading), `${name}: ${heading}`);
        assert.ok(out.includes(`line ${badLine}: cannot read the time range`), `${name} names line ${badLine}`);
        assert.ok(out.includes(`line ${numberLine}: expected a time line`), `${name} names line ${numberLine}`);
      }
      const clean = (await core.diagnose({ text: sample, source: 'rag-interview-en.srt', reportLanguage: lang, persist: false })).raw;
      assert.ok(!renderTextSummary(clean).includes(heading) && clean.transcript?.skipped === undefined);
    });
  }

  it('interview-lens split --json: the JSON has the warnings, and one line on stderr says where the first is (dist/cli.js)', () => {
    const cli = path.join(ROOT, 'dist', 'cli.js');
    assert.ok(fs.existsSync(cli), 'dist/cli.js is missing: run "npm run build" first');
    const dir = tempDir('il-skipped-');
    try {
      const file = path.join(dir, 'broken.srt');
      fs.writeFileSync(file, broken);
      const r = spawnSync(process.execPath, [cli, 'split', file, '--json'], { encoding: 'utf8', env: { ...process.env, INTERVIEW_LENS_HOME: dir } });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).warnings.length, 2);
      assert.equal(r.stderr, `warning: ${file}: 2 blocks were skipped while reading, the first at line ${badLine}; "warnings" in the JSON lists them${os.EOL}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
