// The load-time check of a script's execute signature reads run.ts as every skill-folder read does
// (inside the folder, a regular file, under the cap): a run.ts linked to /dev/zero is refused, not
// read until memory runs out (issue 27's hole, reopened by the signature check of issue 26).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders } from '../../src/core/skills/manifest';
import { tempDir } from './helpers';

describe('the script signature check reads run.ts safely', function () {
  this.timeout(20_000);
  it('a run.ts linked to /dev/zero or outside the folder does not hang or grow the load', async () => {
    const root = tempDir('il-sig-read-');
    for (const [name, target] of [['zero_script', '/dev/zero'], ['outside_script', path.join(root, 'elsewhere.ts')]] as const) {
      const dir = path.join(root, 'skills', name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'skill.yaml'), `name: ${name}\nversion: 1\ndescription: Runs a script. Use it in tests. Not for users.\nmatch: {inputs: [text]}\nscript: run.ts\n`);
      fs.symlinkSync(target, path.join(dir, 'run.ts'));
    }
    fs.writeFileSync(path.join(root, 'elsewhere.ts'), 'export function execute() {}\n');
    const before = process.memoryUsage().rss;
    const { skills } = await loadSkillFolders([path.join(root, 'skills')]);
    assert.deepEqual(skills.map((s) => s.name).sort(), ['outside_script', 'zero_script']);
    // The outside file has a wrong signature, but it is not ours to read: no signature problem from it.
    assert.ok(!skills.find((s) => s.name === 'outside_script')!.problems.some((p) => p.code === 'script-signature'));
    assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, 'the load did not read /dev/zero');
  });
});
