import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliIn } from '../support/runCli';
import { SAMPLES, tempDir } from './helpers';

describe('diagnose --markdown neutralises control characters from the transcript', () => {
  it('ESC, BEL and CR in the transcript are shown as \\uXXXX, as on the terminal; no C0 control but \\n and \\t is left', async () => {
    const work = tempDir('il-md-controls-');
    try {
      const sample = fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8');
      // Each answer line carries a terminal escape (set the title, ring the bell), a lone CR and a backspace.
      const hostile = sample.replace(/\n(?=[^\n])/g, '\n\u001b]0;pwned\u0007\u001b[31m').replace(/\?/g, '?\r\b');
      fs.writeFileSync(path.join(work, 'in.md'), hostile);
      const r = await runCliIn(work, {}, 'diagnose', 'in.md', '--no-history', '--markdown', 'out.md');
      assert.equal(r.status, 0, r.stderr);
      const md = fs.readFileSync(path.join(work, 'out.md'), 'utf8');
      // eslint-disable-next-line no-control-regex
      const controls = md.match(/[\u0000-\u0008\u000b-\u001f\u007f]/g) ?? [];
      assert.deepEqual(controls, []);
      assert.ok(md.includes('pwned\\u0007\\u001b'), 'the escape stays readable, as \\uXXXX');
      assert.match(md, /^# /);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
