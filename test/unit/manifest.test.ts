import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { ROOT } from './helpers';
import {
  actionSpecs,
  validateChainManifest,
  validateSkillManifest as validateWithLegacyWarnings,
  type ManifestProblem,
  type SkillValidationOptions,
  type TemplateSite,
} from '../../src/core/skills/manifest';

/**
 * The fixture is in the form before the skill spec on purpose: that form must keep loading and
 * failing in the same places. Its legacy-form warnings are tested in skillSpecForm.test.ts, so
 * these tests of the other checks leave them out.
 */
const validateSkillManifest: typeof validateWithLegacyWarnings = (...args) => {
  const v = validateWithLegacyWarnings(...args);
  return { ...v, problems: v.problems.filter((p) => p.code !== 'legacy-form') };
};

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'skills-manifest');
const BASE = fs.readFileSync(path.join(FIXTURES, 'builtin', 'extract_job', 'skill.yaml'), 'utf8');
const FILE = '/ws/skills/extract_job/skill.yaml';

/** The base skill with one unique piece of text replaced (so line numbers stay as in the fixture). */
function edit(from: string, to: string, text = BASE): string {
  assert.equal(text.split(from).length, 2, `"${from}" must occur exactly once`);
  return text.replace(from, to);
}

/** The base skill with lines [first, last] (1-based) replaced by `lines`. */
function replaceLines(first: number, last: number, lines: string[], text = BASE): string {
  const all = text.split('\n');
  all.splice(first - 1, last - first + 1, ...lines);
  return all.join('\n');
}

type Range = [line: number, column: number, endLine: number, endColumn: number];
const rangeOf = (p: ManifestProblem): Range => [p.line, p.column, p.endLine, p.endColumn];
const show = (ps: ManifestProblem[]) => ps.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} [${p.code}] ${p.message}`).join('\n');

/**
 * Validates and asserts the one problem the mistake must produce: its message fragment, its
 * exact range and its code. One mistake, one problem.
 */
function expectOne(text: string, fragment: string, range: Range, code: string, options: SkillValidationOptions = { folderName: 'extract_job' }): ManifestProblem {
  const { manifest, problems } = validateSkillManifest(text, FILE, options);
  assert.equal(problems.length, 1, `expected one problem, got:\n${show(problems)}`);
  const [p] = problems;
  assert.ok(p.message.includes(fragment), `message "${p.message}" lacks "${fragment}"`);
  assert.deepEqual(rangeOf(p), range, `range of: ${p.message}`);
  assert.equal(p.code, code);
  assert.equal(p.file, FILE);
  if (p.severity === 'error') assert.equal(manifest, undefined);
  return p;
}

describe('skill.yaml validation', () => {
  describe('valid skills', () => {
    it('a manifest-only skill passes with no problem and comes back as written', () => {
      const { manifest, problems, script } = validateSkillManifest(BASE, FILE, { folderName: 'extract_job', folderFiles: ['skill.yaml', 'description.md'] });
      assert.deepEqual(problems, []);
      assert.equal(script, undefined);
      assert.equal(manifest?.name, 'extract_job');
      assert.equal(manifest?.chunking?.strategy, 'fixed');
      assert.equal(manifest?.enabled, undefined, 'defaults are not filled in');
      assert.deepEqual(actionSpecs(manifest!).map((a) => [a.primitive, a.as, a.when]), [
        ['upsert_company', 'company', undefined],
        ['upsert_position', 'position', undefined],
        ['create_reminder', undefined, 'out.deadline is not none'],
      ]);
      assert.deepEqual(actionSpecs(manifest!)[0].params, { name: '{{ out.company }}' });
    });

    it('a scripted skill may leave out prompt, output_schema and actions (declared script, or run.ts beside it)', () => {
      const text = fs.readFileSync(path.join(FIXTURES, 'builtin', 'coffee_chat', 'skill.yaml'), 'utf8');
      const declared = validateSkillManifest(text, 'coffee_chat/skill.yaml', { folderName: 'coffee_chat', folderFiles: ['skill.yaml', 'run.ts'] });
      assert.deepEqual(declared.problems, []);
      assert.equal(declared.script, 'run.ts');
      assert.equal(declared.manifest?.version, 2);
      const implicit = validateSkillManifest(text.replace('script: run.ts\n', ''), 'coffee_chat/skill.yaml', { folderName: 'coffee_chat', folderFiles: ['skill.yaml', 'run.ts'] });
      assert.deepEqual(implicit.problems, []);
      assert.equal(implicit.script, 'run.ts');
    });

    it('a skill without a script and without folder knowledge is treated as manifest-only', () => {
      const text = fs.readFileSync(path.join(FIXTURES, 'builtin', 'coffee_chat', 'skill.yaml'), 'utf8').replace('script: run.ts\n', '');
      const p = expectOne(text, 'a skill without a script needs `prompt`, `output_schema` and `actions`; add them, or put a run.ts script beside skill.yaml', [1, 1, 1, 5], 'manifest-only-required', { folderName: 'coffee_chat' });
      assert.deepEqual(p.data?.missing, ['prompt', 'output_schema', 'actions']);
    });
  });

  describe('schema problems, each at its exact range', () => {
    it('a missing required key is shown at the key of the mapping that lacks it (the document: its first key)', () => {
      const p = expectOne(replaceLines(2, 2, []), 'this skill is missing `version`; add `version:`', [1, 1, 1, 5], 'schema-required');
      assert.deepEqual(p.data?.missing, ['version']);
      assert.equal(p.path, '');
    });

    it('a missing nested key is shown at its parent key', () => {
      const p = expectOne(replaceLines(15, 17, []), '`prompt` is missing `user`; add `user:`', [13, 1, 13, 7], 'schema-required');
      assert.equal(p.path, '/prompt');
    });

    it('several missing keys of one mapping are one problem', () => {
      const { problems } = validateSkillManifest('name: extract_job\nscript: run.ts\n', FILE, { folderName: 'extract_job' });
      assert.equal(problems.length, 1, show(problems));
      assert.equal(problems[0].message, 'this skill is missing `version`, `description` and `match`; add them');
      assert.deepEqual(rangeOf(problems[0]), [1, 1, 1, 5]);
    });

    it('an unknown key is shown at that key, with the keys that are allowed', () => {
      const p = expectOne(BASE + 'temperature: 0.2\n', 'unknown key `temperature` in this skill; remove it, or use one of name, version, description', [42, 1, 42, 12], 'schema-unknown-key');
      assert.equal(p.path, '/temperature');
    });

    it('a misspelt key gets the right spelling', () => {
      expectOne(edit('  max_chars: 6000', '  max_char: 6000'), 'unknown key `max_char` in `chunking`; did you mean `max_chars`?', [11, 3, 11, 11], 'schema-unknown-key');
    });

    it('a misspelt required key is one problem (the unknown key), not two', () => {
      const p = expectOne(edit('name: extract_job', 'nmae: extract_job'), 'unknown key `nmae` in this skill; did you mean `name`?', [1, 1, 1, 5], 'schema-unknown-key');
      assert.equal(p.data?.suggestion, 'name');
    });

    it('a value outside an enum is shown at the value, with the allowed values and a guess', () => {
      const p = expectOne(edit('strategy: fixed', 'strategy: fixd'), '`strategy` must be one of none, fixed, topic; found "fixd"; did you mean "fixed"?', [10, 13, 10, 17], 'schema-enum');
      assert.deepEqual(p.data?.allowed, ['none', 'fixed', 'topic']);
    });

    it('an enum inside a list names the item', () => {
      expectOne(edit('inputs: [text, link]', 'inputs: [text, video]'), '`inputs[1]` must be one of text, link, image, audio, file; found "video"', [5, 18, 5, 23], 'schema-enum');
    });

    it('a wrong type is shown at the value (quotes included)', () => {
      expectOne(edit('version: 1', 'version: "1.0"'), '`version` must be a whole number; found "1.0"', [2, 10, 2, 15], 'schema-type');
    });

    it('a number out of range is shown at the value', () => {
      expectOne(edit('priority: 60', 'priority: 150'), '`priority` must be at most 100; found 150', [8, 13, 8, 16], 'schema-range');
    });

    it('a name that is not snake_case says what snake_case is', () => {
      expectOne(edit('name: extract_job', 'name: Extract-Job'), '`name` must be snake_case (lowercase letters, digits and _, starting with a letter); found "Extract-Job"', [1, 7, 1, 18], 'schema-pattern', {});
    });

    it('a `when` that is not a string is shown at the value', () => {
      expectOne(edit('    when: out.deadline is not none', '    when: true'), '`when` must be text; found true', [35, 11, 35, 15], 'schema-type');
    });

    it('an empty value is shown at its key', () => {
      expectOne(edit('timeout_ms: 60000', 'timeout_ms:'), '`timeout_ms` must be a whole number; found nothing', [36, 1, 36, 11], 'schema-type');
    });

    it('a repeated list item is shown at the repeat', () => {
      expectOne(edit('keywords: [job, hiring, 招聘]', 'keywords: [job, hiring, job]'), '`keywords` lists "job" twice (items 1 and 3); remove one', [6, 27, 6, 30], 'schema-unique');
    });
  });

  describe('actions', () => {
    it('a misspelt primitive is one problem at that key, with the right name', () => {
      expectOne(edit('  - upsert_company:', '  - upsert_compnay:'), '`upsert_compnay` is not an action primitive; did you mean `upsert_company`?', [26, 5, 26, 19], 'schema-unknown-key');
    });

    it('an action with no primitive is shown at its first key', () => {
      expectOne(replaceLines(26, 27, ['  - as: company', '    when: out.company is not none']), 'this action names no primitive; start it with one of upsert_company,', [26, 5, 26, 7], 'action-no-primitive');
    });

    it('an action with two primitives is shown at the second one', () => {
      expectOne(replaceLines(27, 27, ['    as: company', '    create_note: {text: x}']), 'an action names exactly one primitive, but this one has `upsert_company` and `create_note`; move `create_note` into its own "- " item', [28, 5, 28, 16], 'action-many-primitives');
    });

    it('an alias defined twice is shown at the second `as` (and the alias it replaced is now undefined where it is used)', () => {
      const { problems } = validateSkillManifest(edit('    as: position', '    as: company'), FILE, { folderName: 'extract_job' });
      assert.deepEqual(problems.map((p) => [rangeOf(p), p.code, p.message]), [
        [[31, 9, 31, 16], 'alias-duplicate', '`company` is already defined by `as` on action 1 (line 27); choose another name'],
        [[33, 18, 33, 26], 'template-unknown-variable', '`position` is not a variable an action can use (it would render as nothing); an action can use `input`, `now`, `out` and `company`'],
      ]);
    });

    it('an alias used before its `as` is shown at the name inside the template', () => {
      const text = edit('  - upsert_company: {name: "{{ out.company }}"}', '  - upsert_company: {name: "{{ out.company }}", careers: "{{ position.ref }}"}');
      expectOne(text, '`position` is used before it is defined: `as: position` is on action 2 (line 31); move this action after that one', [26, 62, 26, 70], 'alias-before-definition');
    });

    it('an alias used by its own action (in `when`) is shown there', () => {
      expectOne(replaceLines(35, 35, ['    when: reminder.id is none', '    as: reminder']), '`reminder` is this action\'s own `as`', [35, 11, 35, 19], 'alias-before-definition');
    });

    it('an alias used before its `as` inside a block scalar is shown on the right line and column', () => {
      const text = [
        'name: s',
        'version: 1',
        'description: Files a note. Use it for notes. Not for jobs.',
        'prompt: {user: "{{ input.text }}"}',
        'output_schema: {type: object}',
        'actions:',
        '  - create_note:',
        '      text: |',
        '        Hiring for:',
        '          {{ later.ref }}',
        '  - upsert_company: {name: x}',
        '    as: later',
        'match: {inputs: [text]}',
        '',
      ].join('\n');
      expectOne(text, '`later` is used before it is defined', [10, 14, 10, 19], 'alias-before-definition', {});
    });

    it('an alias may not hide a template name (and the alias it replaced is now undefined where it is used)', () => {
      const { problems } = validateSkillManifest(edit('    as: company', '    as: input'), FILE, { folderName: 'extract_job' });
      assert.deepEqual(problems.map((p) => [rangeOf(p), p.code]), [[[27, 9, 27, 14], 'alias-reserved'], [[29, 20, 29, 27], 'template-unknown-variable']]);
      assert.match(problems[0].message, /`as: input` would hide the template name `input`/);
    });
  });

  describe('semantic checks', () => {
    it('name different from the folder is shown at the name', () => {
      const p = expectOne(BASE, '`name` is "extract_job" but the folder is "extract_jobs"; change name to "extract_jobs" or rename the folder', [1, 7, 1, 18], 'name-folder-mismatch', { folderName: 'extract_jobs' });
      assert.equal(p.data?.expected, 'extract_jobs');
    });

    it('a skill without a script needs prompt, output_schema and actions', () => {
      expectOne(replaceLines(25, 35, []), 'a skill without a script needs `actions`; add it, or put a run.ts script beside skill.yaml', [1, 1, 1, 5], 'manifest-only-required');
    });

    it('a declared script that is not beside skill.yaml is shown at the value', () => {
      const text = fs.readFileSync(path.join(FIXTURES, 'builtin', 'coffee_chat', 'skill.yaml'), 'utf8').replace('script: run.ts', 'script: runn.ts');
      expectOne(text, '`script` names "runn.ts", but there is no such file beside skill.yaml', [9, 9, 9, 16], 'script-missing', { folderName: 'coffee_chat', folderFiles: ['skill.yaml', 'run.ts'] });
    });

    it('overlap_chars not below max_chars is shown at overlap_chars', () => {
      expectOne(edit('overlap_chars: 200', 'overlap_chars: 6000'), '`overlap_chars` (6000) must be smaller than max_chars (6000); lower it', [12, 18, 12, 22], 'chunking-overlap');
    });

    it('two tests with one name are shown at the second name', () => {
      const text = BASE + '  - name: lever posting\n    input: again\n';
      expectOne(text, 'test name "lever posting" is already used by test 1', [42, 11, 42, 24], 'test-name-duplicate');
    });
  });

  describe('output_schema must itself be a JSON Schema', () => {
    it('a wrong type name is shown at that value', () => {
      const p = expectOne(edit('title: {type: string,', 'title: {type: strin,'), 'output_schema is not a valid JSON Schema: `type` must be one of array, boolean, integer, null, number, object, string', [23, 19, 23, 24], 'output-schema-invalid');
      assert.match(p.message, /did you mean "string"\?$/);
    });

    it('an unknown keyword (strict mode) is shown at that key', () => {
      expectOne(edit('description: The hiring company', 'desciption: The hiring company'), 'output_schema is not a valid JSON Schema: `desciption` is not a JSON Schema keyword; did you mean `description`?', [22, 29, 22, 39], 'output-schema-invalid');
    });

    it('a required name that no property defines (strict mode) is shown at that name', () => {
      expectOne(edit('required: [company, title]', 'required: [company, titel]'), '`titel` is listed in `required` but not defined under `properties`', [20, 23, 20, 28], 'output-schema-invalid');
    });

    it('a $ref to nothing is shown at the $ref', () => {
      expectOne(edit('title: {type: string, description: The position\'s title}', 'title: {$ref: "#/definitions/title"}'), '`$ref` "#/definitions/title" points at nothing in output_schema', [23, 19, 23, 40], 'output-schema-invalid');
    });

    it('a schema that is not about an object is a warning, and the skill stays valid', () => {
      const { manifest, problems } = validateSkillManifest(replaceLines(19, 24, ['  type: string']), FILE, { folderName: 'extract_job' });
      assert.equal(problems.length, 1, show(problems));
      assert.equal(problems[0].severity, 'warning');
      assert.equal(problems[0].code, 'output-schema-not-object');
      assert.deepEqual(rangeOf(problems[0]), [19, 9, 19, 15]);
      assert.ok(manifest);
    });
  });

  describe('YAML syntax', () => {
    it('an unclosed flow mapping is shown at its "{"', () => {
      expectOne(edit('{name: "{{ out.company }}"}', '{name: "{{ out.company }}"'), 'YAML: this "{" is never closed; end the mapping with "}"', [26, 21, 26, 22], 'yaml-syntax');
    });

    it('": " inside a plain value is shown at the value, with the fix', () => {
      const text = edit('Use it on a job ad; not for', 'Use it on: a job ad; not for');
      const line3 = text.split('\n')[2];
      expectOne(text, 'YAML: the value of `description` contains ": ", which YAML reads as the start of another key; put the whole value in quotes', [3, 14, 3, line3.length + 1], 'yaml-syntax');
      assert.equal(line3.length + 1, 136);
    });

    it('a key written twice is shown at the second one', () => {
      expectOne(replaceLines(2, 2, ['version: 1', 'version: 2']), 'YAML: `version` appears twice in the same mapping; keep one of them', [3, 1, 3, 8], 'yaml-syntax');
    });

    it('a tab used to indent is shown on its line', () => {
      const p = expectOne(edit('  strategy: fixed', '\tstrategy: fixed'), 'YAML: a tab indents this line; YAML indents with spaces only', [10, 2, 10, 10], 'yaml-syntax');
      assert.equal(p.severity, 'error');
    });

    it('an empty file and a file that is a list are said to be so', () => {
      const empty = validateSkillManifest('', FILE);
      assert.equal(empty.problems.length, 1);
      assert.match(empty.problems[0].message, /this file is empty; a skill needs at least name, version and description/);
      const list = validateSkillManifest('- name: x\n', FILE);
      assert.equal(list.problems.length, 1);
      assert.match(list.problems[0].message, /a skill file is a mapping of keys such as "name: …"; found a list/);
      assert.deepEqual(rangeOf(list.problems[0]), [1, 1, 1, 10]);
    });

    it('an alias to an anchor that does not exist is a problem, not an exception', () => {
      const { problems } = validateSkillManifest(edit('version: 1', 'version: *v'), FILE);
      assert.equal(problems.length, 1, show(problems));
      assert.match(problems[0].message, /^YAML: Unresolved alias/);
      assert.deepEqual(rangeOf(problems[0]), [2, 10, 2, 12]);
    });
  });

  describe('injected checks', () => {
    it('checkTemplate gets every template with the file position of its first character', () => {
      const calls: Array<[string, number, number, TemplateSite['kind']]> = [];
      validateSkillManifest(BASE, FILE, { folderName: 'extract_job', checkTemplate: (t, line, column, site) => (calls.push([t, line, column, site.kind]), []) });
      assert.deepEqual(calls, [
        ['You extract job postings as JSON.', 14, 11, 'template'],
        ['Extract the job from this posting:\n{{ input.text }}\n', 16, 5, 'template'],
        ['{{ out.company }}', 26, 29, 'template'],
        ['{{ company.id }}', 29, 17, 'template'],
        ['{{ out.title }}', 30, 15, 'template'],
        ['{{ position.ref }}', 33, 15, 'template'],
        ['{{ out.deadline | days_before(3) }}', 34, 13, 'template'],
        ['out.deadline is not none', 35, 11, 'expression'],
      ]);
    });

    it('a template problem placed through the site lands on the right characters of a block scalar', () => {
      const { problems } = validateSkillManifest(BASE, FILE, {
        folderName: 'extract_job',
        checkTemplate: (t, _l, _c, site) => {
          const i = t.indexOf('input.text');
          return i >= 0 ? [site.problem(i, i + 'input'.length, 'unknown variable', 'template-variable', 'warning')] : [];
        },
      });
      assert.equal(problems.length, 1, show(problems));
      assert.deepEqual(rangeOf(problems[0]), [17, 8, 17, 13]);
      assert.equal(problems[0].path, '/prompt/user');
    });

    it('checkActionParams gets each primitive and its parameters, and can place problems with ajv errors', () => {
      const seen: string[] = [];
      const ajv = new Ajv({ allErrors: true, verbose: true });
      const company = ajv.compile({ type: 'object', required: ['name', 'website'], properties: { name: { type: 'string' }, website: { type: 'string' } }, additionalProperties: false });
      const { problems } = validateSkillManifest(BASE, FILE, {
        folderName: 'extract_job',
        checkActionParams: (primitive, params, at) => {
          seen.push(`${at.index}:${primitive}:${Object.keys(params).join(',')}`);
          if (primitive === 'upsert_company') return company(params) ? [] : at.fromAjvErrors(company.errors!, company.schema);
          if (primitive === 'create_reminder') return [at.problem('/due', 'due must be a date', 'action-param')];
          return [];
        },
      });
      assert.deepEqual(seen, ['0:upsert_company:name', '1:upsert_position:company,title', '2:create_reminder:about,due']);
      assert.deepEqual(problems.map((p) => [rangeOf(p), p.message]), [
        [[26, 5, 26, 19], '`upsert_company` is missing `website`; add `website:`'],
        [[34, 12, 34, 49], 'due must be a date'],
      ]);
    });

    it('a check that throws is reported as a warning and the others still run', () => {
      let calls = 0;
      const { manifest, problems } = validateSkillManifest(BASE, FILE, {
        folderName: 'extract_job',
        checkTemplate: (t) => {
          calls++;
          if (t.includes('company.id')) throw new Error('boom');
          return [];
        },
      });
      assert.equal(calls, 8);
      assert.equal(problems.length, 1);
      assert.equal(problems[0].severity, 'warning');
      assert.match(problems[0].message, /the template check failed on this part \(boom\)/);
      assert.deepEqual(rangeOf(problems[0]), [29, 7, 29, 14]);
      assert.ok(manifest, 'a warning leaves the skill valid');
    });
  });
});

describe('*.chain.yaml validation', () => {
  const CHAIN = fs.readFileSync(path.join(FIXTURES, 'workspace', 'job_pipeline.chain.yaml'), 'utf8');

  it('a valid chain passes; templates in args and when go to checkTemplate', () => {
    const calls: string[] = [];
    const { manifest, problems } = validateChainManifest(CHAIN, 'job_pipeline.chain.yaml', { knownSkillNames: ['coffee_chat', 'capture_note'], checkTemplate: (t, l, c, s) => (calls.push(`${l}:${c}:${s.kind}:${t}`), []) });
    assert.deepEqual(problems, []);
    assert.equal(manifest?.steps.length, 2);
    assert.deepEqual(calls, ['5:19:template:{{ input.text }}', '10:11:expression:chat.raw is not none', '12:14:template:Chat: {{ chat.summary_md }}', '15:23:template:the note failed']);
  });

  it('an unknown field in a step is shown at that key', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'workspace', 'bad.chain.yaml'), 'utf8');
    const { manifest, problems } = validateChainManifest(text, 'bad.chain.yaml');
    assert.equal(manifest, undefined);
    assert.equal(problems.length, 1, show(problems));
    assert.equal(problems[0].message, 'unknown key `retries` in `steps[0]`; remove it, or use one of skill, args, output_as, when, retry, timeout_ms, on_error');
    assert.deepEqual(rangeOf(problems[0]), [5, 5, 5, 12]);
  });

  it('on_error that is neither continue, stop nor a list is one problem at the value', () => {
    const { problems } = validateChainManifest(CHAIN.replace('    on_error:\n      - skill: capture_note\n        args: {text: "the note failed"}\n', '    on_error: contine\n'), 'c.chain.yaml');
    assert.equal(problems.length, 1, show(problems));
    assert.equal(problems[0].message, '`on_error` must be continue or stop, or a list of steps; found "contine"; did you mean "continue"?');
    assert.deepEqual(rangeOf(problems[0]), [13, 15, 13, 22]);
  });

  it('a mistake inside an on_error step is shown there, not as a failed on_error', () => {
    const { problems } = validateChainManifest(CHAIN.replace('args: {text: "the note failed"}', 'args: {text: "the note failed"}\n        retry: {times: many}'), 'c.chain.yaml');
    assert.equal(problems.length, 1, show(problems));
    assert.equal(problems[0].message, '`times` must be a whole number; found "many"');
    assert.deepEqual(rangeOf(problems[0]), [16, 24, 16, 28]);
  });

  it('an output_as used before its step, and a skill nobody provides, are shown at their values', () => {
    const text = CHAIN.replace('args: {text: "{{ input.text }}"}', 'args: {text: "{{ note.id }}"}').replace('  - skill: capture_note\n    when', '  - skill: capture_notes\n    output_as: note\n    when');
    const { problems } = validateChainManifest(text, 'c.chain.yaml', { knownSkillNames: ['coffee_chat', 'capture_note'] });
    assert.deepEqual(problems.map((p) => [rangeOf(p), p.message]), [
      [[5, 22, 5, 26], '`note` is used before it is defined: `output_as: note` is on step 2 (line 10); move this step after that one'],
      [[9, 12, 9, 25], 'no skill is named "capture_notes"; did you mean "capture_note"?'],
    ]);
  });

  it('a chain without steps says what it needs', () => {
    const { problems } = validateChainManifest('name: c\ndescription: d\n', 'c.chain.yaml');
    assert.equal(problems.length, 1);
    assert.equal(problems[0].message, 'this chain is missing `steps`; add `steps:`');
    assert.deepEqual(rangeOf(problems[0]), [1, 1, 1, 5]);
  });
});
