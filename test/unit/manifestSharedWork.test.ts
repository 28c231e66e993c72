// A reload of many skills shares work across them (issue 15: 100 skills in 300 ms) without checking
// less: each text is parsed once, the keywords of all skills are indexed once per load, a skill's
// templates are compiled once for both template checks, and folders are read side by side. These
// tests pin down that the results stay what they were.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KeywordIndex, loadSkillFolders, validateSkillManifest, YamlLocations } from '../../src/core/skills/manifest';
import { compileExpression, compileTemplate, sharingCompiles, TemplateError } from '../../src/core/runtime/template';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { tempDir } from './helpers';

const CHECKS = { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema };
const skill = (name: string, keywords: string[]) => `name: ${name}
version: 1
description: Saves the input as a note. Use it for any text. Not for job postings.
match: {inputs: [text], keywords: [${keywords.join(', ')}]}
prompt: {user: "{{ input.text }} for ${name}"}
output_schema: {type: object, properties: {t: {type: string, description: The note's title in a few words.}}}
actions:
  - create_note: {title: "{{ out.t }}", body_md: "{{ input.text }}"}
`;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('shared work of a skills reload', () => {
  it('validates a text parsed before without parsing it again, and parses a text that differs', () => {
    const text = skill('notes', ['memo']);
    const parsed = new YamlLocations(text);
    const v = validateSkillManifest(text, '/w/notes/skill.yaml', { folderName: 'notes', locations: parsed, ...CHECKS });
    assert.equal(v.manifest, parsed.data, 'the manifest is the parsed data itself');
    const other = validateSkillManifest(text, '/w/notes/skill.yaml', { folderName: 'notes', locations: new YamlLocations(`${text}\n# edited\n`), ...CHECKS });
    assert.ok(other.manifest && other.manifest !== parsed.data, 'a parse of another text is not used');
  });

  it('the keyword index gives the same warnings as the list of other skills, each owner named once per keyword', () => {
    const others = [{ name: 'a', file: '/w/a/skill.yaml', keywords: ['Memo', 'memo ', 'x'] }, { name: 'b', file: '/w/b/skill.yaml', keywords: ['y', 'MEMO'] }];
    const text = skill('notes', ['memo', 'y', 'z']);
    const byList = validateSkillManifest(text, '/w/notes/skill.yaml', { folderName: 'notes', otherSkills: others }).problems;
    const byIndex = validateSkillManifest(text, '/w/notes/skill.yaml', { folderName: 'notes', keywordIndex: { index: new KeywordIndex(others) } }).problems;
    assert.deepEqual(byIndex, byList);
    assert.deepEqual(byList.map((p) => [p.data?.found, p.data?.related?.map((r) => r.name)]), [['memo', ['a', 'b']], ['y', ['b']]]);
  });

  it('a keyword shared by many skills names three of them and counts the rest; the data lists all', async () => {
    const dir = tempDir('il-shared-');
    try {
      for (let i = 0; i < 6; i++) write(path.join(dir, `s${i}`, 'skill.yaml'), skill(`s${i}`, ['shared']));
      const { skills } = await loadSkillFolders([dir], CHECKS);
      const p = skills[0].problems.find((x) => x.code === 'keyword-overlap')!;
      assert.deepEqual(p.data?.related?.map((r) => r.name), ['s1', 's2', 's3', 's4', 's5']);
      assert.match(p.message, /^the keyword "shared" is also a keyword of the skills "s1" \(.*\), "s2" \(.*\), "s3" \(.*\) and 2 other skills, so/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('folders read side by side still come out in name order, each with its chains, and problems stay with their folder', async () => {
    const dir = tempDir('il-shared-');
    try {
      const names = Array.from({ length: 30 }, (_, i) => `k${String((i * 7) % 30).padStart(2, '0')}`);
      for (const n of names) {
        write(path.join(dir, n, 'skill.yaml'), n === 'k13' ? 'name: k13\nversion: one\n' : skill(n, [n]));
        write(path.join(dir, n, `${n}_flow.chain.yaml`), `name: ${n}_flow\nsteps:\n  - skill: ${n}\n`);
      }
      write(path.join(dir, 'a_top.chain.yaml'), 'name: a_top\nsteps:\n  - skill: k00\n');
      const { skills, chains } = await loadSkillFolders([dir], CHECKS);
      assert.deepEqual(skills.map((s) => s.name), [...names].sort());
      assert.deepEqual(chains.map((c) => c.name), ['a_top', ...[...names].sort().map((n) => `${n}_flow`)]);
      assert.deepEqual(skills.filter((s) => !s.valid).map((s) => s.name), ['k13']);
      assert.ok(skills.find((s) => s.name === 'k13')!.problems.every((p) => p.file === path.join(dir, 'k13', 'skill.yaml')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sharingCompiles compiles a source once while it runs, gives the same error again, and keeps nothing after', () => {
    const inside = sharingCompiles(() => [compileTemplate('{{ a }}'), compileTemplate('{{ a }}'), compileExpression('a is defined'), compileExpression('a is defined')]);
    assert.equal(inside[0], inside[1]);
    assert.equal(inside[2], inside[3]);
    assert.notEqual(compileTemplate('{{ a }}'), compileTemplate('{{ a }}'), 'outside, each call compiles');
    assert.notEqual(sharingCompiles(() => compileTemplate('{{ a }}')), inside[0], 'nothing is kept from one call to the next');
    const errors = sharingCompiles(() => [1, 2].map(() => {
      try {
        compileTemplate('{% if x %}');
        return undefined;
      } catch (err) {
        return err;
      }
    }));
    assert.ok(errors[0] instanceof TemplateError);
    assert.equal(errors[0], errors[1]);
    // Options (a file position, filters) change what a compile gives: never shared.
    const withOptions = sharingCompiles(() => [compileTemplate('{{ a }}', { line: 3 }), compileTemplate('{{ a }}', { line: 3 })]);
    assert.notEqual(withOptions[0], withOptions[1]);
  });

  it('a template and an expression of the same text are compiled separately', () => {
    const [t, e] = sharingCompiles(() => [compileTemplate('a'), compileExpression('a')]);
    assert.equal(typeof (t as { render?: unknown }).render, 'function');
    assert.equal(typeof (e as { evaluate?: unknown }).evaluate, 'function');
  });
});
