import { strict as assert } from 'node:assert';
import { closest, fieldName, parseYamlWithLocations, templateNames } from '../../src/core/skills/manifest';

describe('manifest YAML locations', () => {
  const TEXT = [
    'a:', //                                   1
    '  plain: hello {{ x }} there', //         2
    '  dq: "say \\"hi\\" {{ y }}"', //          3
    "  sq: 'it''s {{ z }}'", //                4
    '  lit: |', //                             5
    '    one', //                              6
    '      two {{ w }}', //                    7
    '  fold: >-', //                           8
    '    first', //                            9
    '    second {{ v }}', //                   10
    '  multi: a plain', //                     11
    '    continued {{ u }}', //                12
    '  empty:', //                             13
    '  list:', //                              14
    '    -', //                                15
    '    - {k: 1}', //                         16
    '',
  ].join('\n');
  const loc = parseYamlWithLocations(TEXT);
  const at = (pointer: string, needle: string) => {
    const site = loc.scalarSite(pointer)!;
    const i = site.text.lastIndexOf(needle);
    assert.ok(i >= 0, `${needle} not in ${JSON.stringify(site.text)}`);
    const r = site.range(i, i + needle.length);
    return [r.line, r.column, r.endLine, r.endColumn];
  };

  it('maps offsets in every scalar style back to the file', () => {
    assert.deepEqual(at('/a/plain', 'x'), [2, 19, 2, 20]);
    assert.deepEqual(at('/a/dq', 'y'), [3, 22, 3, 23], 'after escaped quotes');
    assert.deepEqual(at('/a/sq', 'z'), [4, 17, 4, 18], "after a doubled ''");
    assert.deepEqual(at('/a/lit', 'w'), [7, 14, 7, 15], 'a literal block keeps its extra indentation as text');
    assert.deepEqual(at('/a/fold', 'v'), [10, 15, 10, 16], 'a folded block joins lines with a space');
    assert.deepEqual(at('/a/multi', 'u'), [12, 18, 12, 19], 'a plain scalar over two lines');
  });

  it('gives the first content line of a block scalar as its start', () => {
    assert.deepEqual(loc.scalarSite('/a/lit')!.start, { line: 6, column: 5 });
    assert.deepEqual(loc.scalarSite('/a/fold')!.start, { line: 9, column: 5 });
    assert.equal(loc.scalarSite('/a/list/1'), undefined, 'a mapping is not a string');
  });

  it('shows a key, a value, an empty value and an empty list item where a user would look', () => {
    const r = (x: { line: number; column: number; endLine: number; endColumn: number }) => [x.line, x.column, x.endLine, x.endColumn];
    assert.deepEqual(r(loc.keyRange('/a/plain')), [2, 3, 2, 8]);
    assert.deepEqual(r(loc.valueRange('/a/plain')), [2, 10, 2, 29]);
    assert.deepEqual(r(loc.valueRange('/a/empty')), [13, 3, 13, 8], 'an empty value: its key');
    assert.deepEqual(r(loc.valueRange('/a/list/0')), [15, 5, 15, 6], 'an empty item: its dash');
    assert.deepEqual(r(loc.keyRange('/a/list/1')), [16, 8, 16, 9], 'a list item mapping: its first key');
    assert.deepEqual(r(loc.valueRange('/a/lit')), [5, 8, 7, 18], 'a block: from its indicator to its last character');
    assert.deepEqual(r(loc.keyRange('/a/nothing/deeper')), [1, 1, 1, 2], 'a missing path: the nearest part that exists');
    assert.deepEqual(r(loc.keyRange('')), [1, 1, 1, 2]);
  });

  it('finds the names a template starts from, not attributes, filters, keywords or strings', () => {
    const names = (t: string, kind: 'template' | 'expression' = 'template') => templateNames(t, kind).map((n) => n.name);
    assert.deepEqual(names('Hi {{ company.name | default("x") }} {% if job.deadline is not none %}{{ loop.index }}{% endif %}'), ['company', 'job']);
    assert.deepEqual(names('{{ "company.id" }} {# pos.id #} {{ x | days_before(n=3) }}'), ['x']);
    assert.deepEqual(names('out.deadline is not none and pos.id', 'expression'), ['out', 'pos']);
    assert.deepEqual(names('plain text with no braces'), []);
    assert.deepEqual(templateNames('ab {{ pos.id }}', 'template')[0], { name: 'pos', start: 6, end: 9 });
  });

  it('names fields and guesses misspellings the way messages do', () => {
    assert.equal(fieldName('/match/inputs/1'), '`inputs[1]`');
    assert.equal(fieldName('/actions/2'), '`actions[2]`');
    assert.equal(fieldName('', 'this skill'), 'this skill');
    assert.equal(closest('fxied', ['none', 'fixed', 'topic']), 'fixed');
    assert.equal(closest('upsert_compnay', ['upsert_company', 'upsert_person']), 'upsert_company');
    assert.equal(closest('banana', ['none', 'fixed', 'topic']), undefined);
  });
});
