import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { loadSkillFolders, missingDescriptionParts, unknownVariables, vagueDescriptionReason, type ManifestProblem, type TemplateScope } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { brokenCases, validateCase } from './skillsBrokenCases';

const show = (p: Pick<ManifestProblem, 'line' | 'column' | 'endLine' | 'endColumn' | 'severity' | 'code'> & { message: string }) =>
  `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} [${p.code}] ${p.message}`;

describe('the broken-skill corpus: each case produces exactly its diagnostics, at their characters', () => {
  const cases = brokenCases();

  it('has at least 30 cases, and covers every kind of diagnostic', () => {
    assert.ok(cases.length >= 30, `${cases.length} cases`);
    const codes = new Set(cases.flatMap((c) => c.spec.diagnostics.map((d) => d.code)));
    for (const code of [
      'yaml-syntax', 'not-a-mapping', 'schema-required', 'schema-unknown-key', 'schema-type', 'schema-enum', 'schema-pattern', 'schema-range',
      'template-syntax', 'when-syntax', 'template-unknown-variable', 'template-unknown-field', 'template-out-not-in-schema', 'alias-before-definition',
      'output-schema-invalid', 'action-many-primitives', 'name-folder-mismatch', 'keyword-overlap', 'chunking-overlap',
      'description-missing-what', 'description-missing-when', 'description-missing-not-for', 'output-property-no-description', 'output-property-vague-description',
      'chain-unknown-skill', 'schema-one-of', 'duplicate-skill',
    ]) assert.ok(codes.has(code), `no case produces ${code}`);
    assert.ok(cases.some((c) => c.kind === 'chain') && cases.some((c) => c.kind === 'skill'));
  });

  for (const c of cases) {
    it(c.name, async () => {
      const got = await validateCase(c);
      const want = c.spec.diagnostics;
      const key = (d: { code: string; severity: string; line: number; column: number; endLine: number; endColumn: number }) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} [${d.code}]`;
      assert.deepEqual(got.map(key), want.map(key), `diagnostics of ${c.name}:\n${got.map(show).join('\n')}`);
      got.forEach((p, i) => assert.ok(p.message.includes(want[i].message), `message "${p.message}" lacks "${want[i].message}"`));
      for (const p of got) assert.equal(p.file, c.file);
    });
  }
});

describe('the built-in skills pass every check with no warning', () => {
  it('skills/ loads with zero problems (the description linter and the variable checks included)', async () => {
    const { skills, chains, problems } = await loadSkillFolders([path.join(ROOT, 'skills')], { builtInDirs: [path.join(ROOT, 'skills')], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    assert.deepEqual(problems, []);
    assert.ok(skills.length >= 4);
    for (const s of [...skills, ...chains]) assert.deepEqual(s.problems.map(show), [], s.name);
  });
});

describe('description linter', () => {
  it('finds the part a skill description lacks, in English and Chinese', () => {
    const cases: Array<[string, string[]]> = [
      ['Extracts a job posting into a company. Use it when the input is a job ad. Not for interview notes.', []],
      ['Keeps any input as a note when no other skill fits. Not for job postings.', []],
      ['Summarize a meeting. Use it for meeting notes; do not use it for interviews.', []],
      ['A helper for job postings. Use it on job ads. Not for notes.', ['what']],
      ['Extracts. Use it on job ads. Not for notes.', ['what']],
      ['Extracts a job posting with a reminder before the deadline. Not for notes.', ['when']],
      ['Extracts a job posting. Use it on job ads.', ['not-for']],
      ['Turns job ads into records, used for postings, except interview notes.', []],
      ['把招聘启事提取为公司和职位。当输入是职位描述时使用，不用于面试记录。', []],
      ['把招聘启事提取为公司和职位。当输入是职位描述时使用。', ['not-for']],
      ['这是一个招聘技能。用于职位描述。不适用于面试。', ['what']],
      ['d', ['what', 'when', 'not-for']],
    ];
    for (const [text, parts] of cases) assert.deepEqual(missingDescriptionParts(text), parts, text);
  });

  it('calls a property description vague only when it tells the model nothing', () => {
    assert.equal(vagueDescriptionReason('title', 'the name'), 'it is a generic word');
    assert.equal(vagueDescriptionReason('company_name', 'Company name.'), 'it only repeats the property name');
    assert.equal(vagueDescriptionReason('salary', 'Pay'), 'it is a single word');
    assert.equal(vagueDescriptionReason('data', '数据'), 'it is a generic word');
    for (const [name, d] of [['title', "The position's title."], ['score', 'The overall score.'], ['city', '公司所在的城市'], ['deadline', 'The last day to apply, YYYY-MM-DD.']]) {
      assert.equal(vagueDescriptionReason(name, d), undefined, d);
    }
  });
});

describe('template variables', () => {
  const scope: TemplateScope = {
    where: 'an action',
    names: new Map([
      ['input', { kind: 'fields', fields: { text: { kind: 'open' } } }],
      ['out', { kind: 'schema', schema: { type: 'object', properties: { jobs: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' } } } }, meta: { $ref: '#/definitions/meta' }, extra: { type: 'object', additionalProperties: true, properties: {} } }, definitions: { meta: { type: 'object', properties: { id: { type: 'string' } } } } } }],
    ]),
  };
  const found = (text: string, kind: 'template' | 'expression' = 'template') => unknownVariables(text, kind, scope).map((p) => [text.slice(p.start, p.end), p.code]);

  it('follows $ref, stops at lists, open objects, loop variables and subscripts', () => {
    assert.deepEqual(found('{{ out.meta.id }} {{ out.meta.nope }}'), [['out.meta.nope', 'template-out-not-in-schema']]);
    assert.deepEqual(found('{% for j in out.jobs %}{{ j.anything }}{{ loop.index }}{% endfor %}{{ out.jobs[0].x }}{{ out.extra.whatever }}'), []);
    assert.deepEqual(found("{{ out['jbos'] }}"), [["out['jbos']", 'template-out-not-in-schema']]);
  });

  it('a name {% set %} assigned is known after it (in its loop body only), and range() is not a variable', () => {
    const text = '{{ later }}{% set later = 1 %}{{ later }}{% set total = out.jobs | length %}{% for i in range(total) %}{% set t = i %}{{ t }}{% endfor %}{{ t }}'
      + '{% set block %}{{ out.jobs[1:] | length }}{% endset %}{{ block }}{{ input.text[:10] | truncate(length=5) }}{{ out.nope[::2] }}';
    assert.deepEqual(found(text), [['later', 'template-unknown-variable'], ['t', 'template-unknown-variable'], ['out.nope', 'template-out-not-in-schema']]);
  });

  it('reads `when:` conditions with or without braces, and leaves templates that do not parse to the syntax check', () => {
    assert.deepEqual(found('out.jbos | length > 0', 'expression'), [['out.jbos', 'template-out-not-in-schema']]);
    assert.deepEqual(found('{{ inptu.text }}', 'expression'), [['inptu', 'template-unknown-variable']]);
    assert.deepEqual(found('{{ inptu.text '), []);
    assert.deepEqual(found('no braces: input.nothing'), []);
  });
});
