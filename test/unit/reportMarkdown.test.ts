import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mdText, renderMarkdown } from '../../src/core/diagnosis/report/markdown';
import { createCore } from '../../src/core/services';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { KNOWLEDGE_DIR, SAMPLES, tempDir } from './helpers';

/** The section of `md` from the heading `start` to the next heading of the same or a higher level. */
function section(md: string, start: string): string {
  const at = md.indexOf(start);
  assert.ok(at >= 0, `no "${start}" in:\n${md.slice(0, 400)}`);
  const level = /^#+/.exec(start)![0];
  const rest = md.slice(at + start.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

describe('Markdown export of a report', () => {
  let core: ReturnType<typeof createCore>;
  before(() => { core = createCore({ knowledgeDir: KNOWLEDGE_DIR }); });
  const sample = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');

  for (const lang of ['zh', 'en'] as const) {
    it(`the bundled sample in ${lang}: every question with its score, dimensions, missing points and inaccuracies, and the plan`, async () => {
      const report = (await core.diagnose({ text: sample, source: 'backend-interview-zh.txt', reportLanguage: lang })).raw;
      const md = renderMarkdown(report);
      const colon = lang === 'zh' ? '：' : ': ';
      assert.ok(md.startsWith(`# ${lang === 'zh' ? '面试诊断报告' : 'Interview diagnosis'}${colon}backend-interview-zh.txt\n`), md.slice(0, 80));
      const summary = section(md, `## ${lang === 'zh' ? '总览' : 'Summary'}`);
      assert.ok(summary.includes(`| ${report.summary.overallScore} | ${report.summary.totalQuestions} |`), summary);
      assert.equal(report.perQuestion.length, 6);
      let missingChecked = 0;
      let inaccuraciesChecked = 0;
      for (const q of report.perQuestion) {
        const head = `### Q${q.index}. ${mdText(q.question)} — ${q.contentScore}/100`;
        const body = section(md, head);
        const dims = ['completeness', 'depth', 'accuracy', 'practicality'].map((d) => `${lang === 'zh' ? { completeness: '完整性', depth: '深度', accuracy: '准确性', practicality: '实践性' }[d] : d[0].toUpperCase() + d.slice(1)} ${q.dimensions[d as 'depth'] ?? '—'}`).join(' · ');
        assert.ok(body.includes(dims), `Q${q.index} dimensions: ${dims}\n${body.slice(0, 300)}`);
        if (q.reference) {
          const line = new RegExp(`\\*\\*${lang === 'zh' ? '缺少：' : 'Missing:'}\\*\\*(.*)`).exec(body);
          assert.ok(line, `Q${q.index} has no missing line`);
          for (const k of q.keyMissing) {
            assert.ok(line[1].includes(mdText(k)), `Q${q.index}: "${k}" missing from: ${line[1]}`);
            missingChecked++;
          }
        }
        for (const i of q.inaccuracies) {
          assert.ok(body.includes(mdText(i.correction)), `Q${q.index}: correction "${i.correction}" not exported`);
          inaccuraciesChecked++;
        }
      }
      assert.ok(missingChecked >= 5, `only ${missingChecked} missing points to check`);
      assert.ok(inaccuraciesChecked >= 1, 'the sample has a wrong claim to export');
      const plan = section(md, `## ${lang === 'zh' ? '提升计划' : 'Improvement plan'}`);
      for (const step of report.improvementPlan.immediate) assert.ok(plan.includes(`- ${mdText(step)}`), step);
      assert.ok(md.includes(lang === 'zh' ? '这份记录没有时间戳' : 'No timestamps in this transcript'), 'an untimed report says why it has no delivery');
      if (lang === 'zh') assert.doesNotMatch(md.replace(/backend-interview-zh\.txt|offline/g, ''), /\b(Summary|Missing|Question|Delivery|Score)\b/, 'English labels in the Chinese export');
    });
  }

  it('delivery numbers and the comparison with a picked report, from history', async () => {
    const dir = tempDir('il-md-');
    const store = await HistoryStore.open(path.join(dir, 'history.sqlite'));
    try {
      const withStore = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
      const first = (await withStore.diagnose({ text: fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8'), source: 'llm-engineer-en.md' })).raw;
      // Another interview is compared only when the user picks it.
      const report = (await withStore.diagnose({ text: fs.readFileSync(path.join(SAMPLES, 'rag-interview-en.srt'), 'utf8'), source: 'rag-interview-en.srt', compareWith: first.id })).raw;
      const md = renderMarkdown(report);
      const delivery = section(md, `## Delivery — ${report.delivery!.overall.score}/100`);
      assert.match(delivery, /\| Pace \| \d+ words\/min \| \d+ \|/);
      assert.match(delivery, /\| Long pauses \| 2, longest 6\.2 s, at 0:32 and 1:45 \|/);
      for (const a of report.delivery!.perAnswer) assert.ok(delivery.includes(`| Q${a.index} | ${a.pace.value} words/min | ${a.fillers.count} |`), `Q${a.index} delivery row`);
      const compared = section(md, '## Compared with an earlier run');
      assert.match(compared, /Compared with llm-engineer-en\.md, the run of .+ you picked \(4 questions\)\./);
      assert.match(compared, /- Completeness: \d+ → \d+ \([+-]?\d+\)/);
      assert.match(section(md, '### Q1.'), /\*\*Delivery \d+\/100:\*\* Pace \d+ words\/min \(\d+\)/);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('what the transcript says stays text: no HTML, link, image, emphasis or table break gets through', async () => {
    const text = 'Interviewer: <img src=x onerror=alert(1)> | [click](javascript:alert(2)) How do you make an API idempotent?\n'
      + 'Candidate: **I** use an idempotency key ![x](http://e/x.png) and `rm -rf` <script>alert(3)</script> & done\n';
    const md = renderMarkdown((await core.diagnose({ text, source: '<b>evil</b>_name.txt' })).raw);
    // Every "<" that could open a tag is backslash-escaped (Markdown then shows it as text).
    assert.doesNotMatch(md, /(^|[^\\])<[a-z/!]/im, 'raw HTML in the export');
    assert.ok(md.includes('\\<script\\>alert(3)\\</script\\>'));
    assert.ok(!/(^|[^\\])\[click\]\(/.test(md) && !md.includes('![x]'), 'a live link or image');
    assert.ok(md.includes('\\*\\*I\\*\\*'), 'emphasis was not escaped');
    assert.ok(md.includes('\\<b\\>evil\\</b\\>\\_name.txt'));
    // The question heading stays one cell-safe line.
    assert.match(md, /^### Q1\. \\<img src=x onerror=alert\(1\)\\> \\\| \\\[click\\\]\(javascript:alert\(2\)\) How do you make an API idempotent\? — \d+\/100$/m);
  });
});
