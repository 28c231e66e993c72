// The skill editor's hover, quick fixes (applied to the text and compared whole) and the mapping
// of problem ranges to the editor's (src/core/skills/editor).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateChainManifest, validateSkillManifest, type ManifestProblem } from '../../src/core/skills/manifest';
import { addNotForFix, applyEdits, bumpVersionFix, DESCRIPTION_MISSING_NOT_FOR, fixesFor, hoverAt, manifestKindOf, toZeroBased } from '../../src/core/skills/editor';

const EXTRACT_JOB = fs.readFileSync(path.join(__dirname, '..', '..', 'skills', 'extract_job', 'skill.yaml'), 'utf8');
const at = (text: string, word: string, plus = 1) => {
  const i = text.indexOf(word);
  assert.ok(i >= 0, `no ${word}`);
  return i + plus;
};

/** The one problem with this code, for a skill in folder my_skill. */
function problemOf(text: string, code: string): ManifestProblem {
  const p = validateSkillManifest(text, '/w/skills/my_skill/skill.yaml', { folderName: 'my_skill' }).problems.find((x) => x.code === code);
  assert.ok(p, `no ${code} problem`);
  return p;
}

/** The text after applying the only fix of the problem with this code. */
function fixed(text: string, code: string): string {
  const fixes = fixesFor(text, 'skill', problemOf(text, code), { folderName: 'my_skill' });
  assert.equal(fixes.length, 1, `fixes of ${code}: ${fixes.map((f) => f.title).join('; ')}`);
  return applyEdits(text, fixes[0].edits);
}

const BASE = 'output_schema: {type: object}\nprompt:\n  user: "{{ input.text }}"\nactions:\n  - create_note: {body_md: x}\n';

describe('skill editor: hover', () => {
  it('on a key shows the schema\'s description, type and allowed values', () => {
    const h = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, '  strategy:', 3), 'skill')!;
    assert.match(h.markdown, /^\*\*strategy\*\*\n\nnone: the whole input in one call/);
    assert.match(h.markdown, /Values: `none`, `fixed`, `topic`/);
    assert.match(h.markdown, /Default: `"none"`/);
    assert.equal(EXTRACT_JOB.slice(h.range.start, h.range.end), 'strategy');
  });

  it('on an action primitive shows its description and parameters; on a parameter, the parameter', () => {
    const h = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'upsert_position:'), 'skill')!;
    assert.match(h.markdown, /^\*\*upsert_position\*\* — /);
    assert.match(h.markdown, /- `company_id` \(required\): The company offering it/);
    const p = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'company_id:'), 'skill')!;
    assert.match(p.markdown, /^\*\*company_id\*\*\n\nThe company offering it/);
  });

  it('on a template name says where it comes from: output_schema, an earlier action\'s alias, the input, a filter', () => {
    const out = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'out.deadline | days_before', 5), 'skill')!;
    assert.equal(out.markdown, '`out.deadline` — A field of the model\'s output (output_schema, string).\n\nThe last day to apply, YYYY-MM-DD, when the posting gives one.');
    assert.equal(EXTRACT_JOB.slice(out.range.start, out.range.end), 'deadline');
    const alias = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'company.id }}'), 'skill')!;
    assert.match(alias.markdown, /^`company` — The result of action 1 \(`as: company`, line \d+\)\.$/);
    const input = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'input.link }}', 7), 'skill')!;
    assert.match(input.markdown, /^`input.link` — The link the input came from/);
    const filter = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'days_before(3)'), 'skill')!;
    assert.match(filter.markdown, /^\*\*days_before\*\* \(filter\) — The date n days before/);
  });

  it('in a block prompt and in a when: condition too; a name nothing provides is said so', () => {
    const now = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'now.date()'), 'skill')!;
    assert.match(now.markdown, /^`now` — The run's clock/);
    const when = hoverAt(EXTRACT_JOB, at(EXTRACT_JOB, 'out.skills is defined', 5), 'skill')!;
    assert.match(when.markdown, /^`out.skills` — A field of the model's output \(output_schema, array\)/);
    const text = 'name: s\nprompt:\n  user: "{{ company.id }}"\n';
    assert.match(hoverAt(text, at(text, 'company'), 'skill')!.markdown, /^`company` is not provided here: a template at this place can use `input`, `now`, `chunk`\.$/);
    const assigned = 'name: s\nprompt:\n  user: |\n    {%- set short = input.text[:100] %}\n    {{ short }}\n';
    assert.match(hoverAt(assigned, at(assigned, 'short }}'), 'skill')!.markdown, /^`short` is a variable this template assigns with \{% set %\}\.$/);
  });
});

describe('skill editor: quick fixes', () => {
  it('adds a missing required key after the key before it in the schema\'s order, with a value to start from', () => {
    const text = `name: my_skill\ndescription: Extracts x. Not for y.\n${BASE}`;
    assert.equal(fixed(text, 'schema-required'), `name: my_skill\nversion: 1\nmatch:\n  inputs: [text]\ndescription: Extracts x. Not for y.\n${BASE}`);
    // With no earlier key written, after the mapping's last line.
    const noName = `version: 1\ndescription: d\n${BASE}`;
    assert.equal(fixed(noName, 'schema-required'), `${noName}name: my_skill\nmatch:\n  inputs: [text]\n`);
  });

  it('adds a nested required key at the mapping\'s indentation, after a block scalar', () => {
    const text = 'name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\nprompt:\n  system: |\n    You read.\n\n    Rules.\noutput_schema: {type: object}\nactions:\n  - create_note: {body_md: x}\n';
    assert.equal(fixed(text, 'schema-required'), 'name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\nprompt:\n  system: |\n    You read.\n\n    Rules.\n  user: "{{ input.text }}"\noutput_schema: {type: object}\nactions:\n  - create_note: {body_md: x}\n');
  });

  it('adds a missing key of a list item and of a nested mapping in a chain', () => {
    const tests = `name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n${BASE}tests:\n  - name: a\n  - name: b\n    input: x\n`;
    assert.equal(fixed(tests, 'schema-required'), `name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n${BASE}tests:\n  - name: a\n    input: ""\n  - name: b\n    input: x\n`);
    const chain = 'name: c\nsteps:\n  - skill: a\n    retry:\n';
    const p = validateChainManifest(chain, '/w/skills/c.chain.yaml').problems.find((x) => x.code === 'schema-type');
    assert.ok(p, 'retry: with nothing is a type problem, not a missing key');
    const chain2 = 'name: c\nsteps:\n  - skill: a\n    retry:\n      delay_ms: 5\n';
    const missing = validateChainManifest(chain2, '/w/skills/c.chain.yaml').problems.find((x) => x.code === 'schema-required')!;
    assert.equal(applyEdits(chain2, fixesFor(chain2, 'chain', missing)[0].edits), 'name: c\nsteps:\n  - skill: a\n    retry:\n      delay_ms: 5\n      times: 0\n');
  });

  it('adds the three keys a manifest-only skill needs', () => {
    const text = 'name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n';
    assert.equal(fixed(text, 'manifest-only-required'), 'name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\nprompt:\n  user: |\n    {{ input.text }}\noutput_schema:\n  type: object\n  required: [title]\n  properties:\n    title:\n      type: string\n      description: A one-line title of the input.\nactions:\n  - create_note:\n      title: "{{ out.title }}"\n      body_md: "{{ input.text }}"\n');
    // ... and the result is a valid skill.
    const result = validateSkillManifest(fixed(text, 'manifest-only-required'), '/w/skills/my_skill/skill.yaml', { folderName: 'my_skill' });
    assert.deepEqual(result.problems.filter((p) => p.severity === 'error'), []);
  });

  it('renames name to the folder\'s name, and corrects a close misspelling', () => {
    const text = `name: other_name\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n${BASE}`;
    assert.equal(fixed(text, 'name-folder-mismatch'), `name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n${BASE}`);
    const typo = `name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\nchunking:\n  strategy: fixd\n${BASE}`;
    assert.equal(fixed(typo, 'schema-enum'), typo.replace('fixd', 'fixed'));
  });

  it('raises version by one, only from the version line when a line is given', () => {
    const text = 'name: a\nversion: 9\ndescription: d\nmatch: {inputs: [text]}\n';
    const fix = bumpVersionFix(text, 1)!;
    assert.equal(applyEdits(text, fix.edits), 'name: a\nversion: 10\ndescription: d\nmatch: {inputs: [text]}\n');
    assert.equal(fix.args[0], '10');
    assert.equal(bumpVersionFix(text, 0), undefined);
    assert.equal(bumpVersionFix('version: one\n'), undefined);
  });

  it('adds a "Not for …" sentence to a plain, a quoted and a folded description, and not twice', () => {
    const plain = 'name: a\ndescription: Extracts a job posting\nversion: 1\n';
    assert.equal(applyEdits(plain, addNotForFix(plain)!.edits), 'name: a\ndescription: Extracts a job posting. Not for … (name the inputs another skill should handle).\nversion: 1\n');
    const quoted = 'description: "Extracts a job posting."\n';
    assert.equal(applyEdits(quoted, addNotForFix(quoted)!.edits), 'description: "Extracts a job posting. Not for … (name the inputs another skill should handle)."\n');
    const folded = 'description: >-\n  Extracts a job posting.\n  Use it for one posting.\nversion: 1\n';
    assert.equal(applyEdits(folded, addNotForFix(folded)!.edits), 'description: >-\n  Extracts a job posting.\n  Use it for one posting.\n  Not for … (name the inputs another skill should handle).\nversion: 1\n');
    assert.equal(addNotForFix(EXTRACT_JOB), undefined, 'extract_job already says what it is not for');
    // Keyed on the description linter's code.
    const p = { code: DESCRIPTION_MISSING_NOT_FOR, path: '/description', line: 2, column: 14, endLine: 2, endColumn: 36 };
    assert.equal(fixesFor(plain, 'skill', p)[0].id, 'add-not-for');
  });
});

describe('skill editor: ranges and files', () => {
  it('a problem\'s 1-based range with an exclusive end column becomes the same characters 0-based', () => {
    const text = `name: other_name\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\n${BASE}`;
    const p = problemOf(text, 'name-folder-mismatch');
    const r = toZeroBased(p);
    assert.deepEqual(r, { startLine: 0, startCharacter: 6, endLine: 0, endCharacter: 16 });
    assert.equal(text.split('\n')[r.startLine].slice(r.startCharacter, r.endCharacter), 'other_name');
    // A template error inside a block scalar: the characters of the bad expression.
    const tpl = `name: my_skill\nversion: 1\ndescription: d\nmatch: {inputs: [text]}\noutput_schema: {type: object}\nprompt:\n  user: |\n    Hi\n    {{ input.text | nosuchfilter }}\nactions:\n  - create_note: {body_md: x}\n`;
    const { checkTemplateSyntax } = require('../../src/core/skills/run/manifestChecks') as typeof import('../../src/core/skills/run/manifestChecks');
    const t = validateSkillManifest(tpl, '/w/skills/my_skill/skill.yaml', { folderName: 'my_skill', checkTemplate: checkTemplateSyntax }).problems.find((x) => x.code === 'template-syntax')!;
    const z = toZeroBased(t);
    assert.equal(z.startLine, 8);
    assert.equal(tpl.split('\n')[8].slice(z.startCharacter, z.endCharacter), 'nosuchfilter');
  });

  it('any skill.yaml is a skill; a *.chain.yaml is a chain inside the skill folders only', () => {
    const folders = [path.resolve('/w/skills')];
    assert.equal(manifestKindOf(path.resolve('/anywhere/x/skill.yaml'), folders), 'skill');
    assert.equal(manifestKindOf(path.resolve('/w/skills/job.chain.yaml'), folders), 'chain');
    assert.equal(manifestKindOf(path.resolve('/w/other/job.chain.yaml'), folders), undefined);
    assert.equal(manifestKindOf(path.resolve('/w/skills/x/skill.yml'), folders), undefined);
  });
});
