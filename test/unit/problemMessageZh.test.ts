import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, validateSkillManifest } from '../../src/core/manifest';
import { problemMessageZh } from '../../src/core/manifest/problemMessageZh';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/manifest/manifestChecks';
import { ROOT } from './helpers';

describe('skill problems in Chinese', () => {
  it('every schema-level problem of the broken corpus has a Chinese message built from its data, with nothing left blank', async () => {
    const dir = path.join(ROOT, 'test', 'fixtures', 'skills-broken');
    const { skills } = await loadSkillFolders([dir], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    const schemaCodes = new Set(['schema-required', 'schema-unknown-key', 'schema-type', 'schema-enum', 'schema-pattern', 'schema-range', 'schema-length', 'name-folder-mismatch', 'keyword-overlap', 'description-missing-what', 'description-missing-when', 'description-missing-not-for', 'template-unknown-variable', 'template-unknown-field']);
    let seen = 0;
    for (const s of skills) {
      for (const p of s.problems) {
        if (!schemaCodes.has(p.code)) continue;
        const zh = problemMessageZh(p);
        assert.ok(zh, `${p.code} has a Chinese message`);
        const bad = /(?<![_a-z])undefined(?![_a-z])|\[object Object\]|“”|``/.exec(zh!);
        assert.ok(!bad, `${s.name}: ${bad?.[0]} in ${zh}`);
        assert.match(zh!, /[\u4e00-\u9fff]/);
        seen++;
      }
    }
    assert.ok(seen >= 15, `${seen} problems checked`);
  });

  it('names the missing key, the wrong value and the folder', () => {
    const text = 'name: jot\nversion: "one"\nmatch:\n  inputs: [text, video]\n';
    const { problems } = validateSkillManifest(text, '/x/notes/skill.yaml', { folderName: 'notes' });
    const zh = problems.map((p) => problemMessageZh(p) ?? `EN ${p.message}`);
    assert.ok(zh.some((m) => m.includes('缺少必需的键') && m.includes('`description`')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('`version` 应为整数')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('“video”') && m.includes('不在允许的取值中')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('必须与技能文件夹同名（“notes”）')), zh.join('\n'));
  });
});
