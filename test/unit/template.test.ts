import { strict as assert } from 'node:assert';
import {
  FILTERS, TESTS, TemplateError, compileExpression, compileTemplate, nowHelper, renderTemplate, templateFunction,
  type CompileOptions,
} from '../../src/core/runtime/template';

// The Jinja subset of skill.yaml templates: what each construct renders, how errors point at the
// file (line and column after the YAML offset), and what references() reports to the editor.
// The security side (injection payloads, limits) is in templateSecurity.test.ts.

const CONTEXT = {
  input: { text: 'Senior Backend Engineer at ACME', kind: 'text', tags: ['go', 'Rust', 'go', 'c'] },
  out: {
    company: { name: 'ACME Technologies, Inc.', aliases: ['ACME', 'Acme Tech'], founded: 1999, remote: true },
    position: { title: 'Senior Backend Engineer', deadline: '2025-03-10', salary: null },
    jobs: [{ title: 'Dev', level: 3 }, { title: 'Ops', level: 2 }, { title: 'QA', level: 1 }],
    empty: [],
  },
  now: nowHelper(new Date(2025, 0, 2, 9, 30, 0)),
};

function render(source: string, context: Record<string, unknown> = CONTEXT, options?: CompileOptions): string {
  return compileTemplate(source, options).render(context);
}

/** The TemplateError `fn` throws; fails on anything else. */
function templateError(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof TemplateError, `expected a TemplateError, got ${(e as Error)?.name}: ${(e as Error)?.message}`);
    assert.ok(!e.reason.includes('\n'), `one line: ${e.reason}`);
    return e;
  }
  assert.fail('no error');
}

describe('templates: rendering', () => {
  it('prints expressions between text, and leaves text without tags alone', () => {
    assert.equal(render('Role: {{ out.position.title }} ({{ out.company.founded }})'), 'Role: Senior Backend Engineer (1999)');
    assert.equal(render('no tags, { single } braces and a lone {'), 'no tags, { single } braces and a lone {');
    assert.equal(render(''), '');
  });

  it('literals: strings with escapes, numbers, booleans, none/null, lists and mappings', () => {
    assert.equal(render(`{{ 'it\\'s' }} {{ "a\\tb\\n" }} {{ '\\u4e2d\\x41' }} {{ '\\d' }}`), "it's a\tb\n 中A \\d");
    assert.equal(render('{{ 42 }} {{ 3.5 }} {{ -2 }} {{ true }} {{ False }} [{{ none }}{{ None }}{{ null }}]'), '42 3.5 -2 true false []');
    assert.equal(render("{{ [1, 'two', [3]] }} {{ {'k': 'v', 'n': [1, 2],} }} {{ [] }} {{ (1, 2) }}"), '[1,"two",[3]] {"k":"v","n":[1,2]} [] [1,2]');
  });

  it('member access: a.b, a["b"], a[0], negative indexes, and characters of text', () => {
    assert.equal(render("{{ out.company['name'] }}|{{ out.jobs[1].title }}|{{ out.jobs[-1]['title'] }}|{{ out.company.aliases.0 }}"), 'ACME Technologies, Inc.|Ops|QA|ACME');
    assert.equal(render("{{ input.text[0] }}{{ '中文'[1] }}"), 'S文');
    const key = render("{% for k in ['name', 'founded'] %}{{ out.company[k] }};{% endfor %}");
    assert.equal(key, 'ACME Technologies, Inc.;1999;');
  });

  it('undefined prints as nothing, and member access on undefined or none is undefined, not a crash', () => {
    assert.equal(render('[{{ missing }}][{{ missing.deeper.still }}][{{ out.position.salary.amount }}][{{ out.jobs[99].title }}]'), '[][][][]');
    assert.equal(render('{{ missing is defined }} {{ missing is not defined }} {{ out.position.salary is defined }} {{ missing is undefined }}'), 'false true true true');
  });

  it('is none / is not none are true for none and for undefined alike', () => {
    assert.equal(render('{{ out.position.salary is none }} {{ out.nothing is none }} {{ out.company is none }} {{ out.position.title is not none }}'), 'true true false true');
    assert.equal(render('{% if out.position.deadline is not none %}due {{ out.position.deadline }}{% endif %}'), 'due 2025-03-10');
  });

  it('the other tests: string, number, boolean, mapping, sequence, iterable, odd, even, divisibleby, true, false', () => {
    assert.equal(render("{{ 'a' is string }} {{ 1 is string }} {{ 1 is number }} {{ '1' is number }} {{ true is boolean }}"), 'true false true false true');
    assert.equal(render('{{ out.company is mapping }} {{ out.jobs is sequence }} {{ out.jobs is mapping }} {{ input.text is iterable }} {{ 3 is iterable }}'), 'true true false true false');
    assert.equal(render('{{ 3 is odd }} {{ 3 is even }} {{ -4 is even }} {{ 9 is divisibleby(3) }} {{ true is true }} {{ 1 is true }} {{ false is false }}'), 'true false true true true false true');
  });

  it('comparisons, chains, in / not in, and / or / not with Python truthiness', () => {
    assert.equal(render("{{ 1 == 1.0 }} {{ 'a' != 'b' }} {{ 2 < 3 }} {{ 3 <= 3 }} {{ 'b' > 'a' }} {{ 1 < 2 < 2 }} {{ [1, [2]] == [1, [2]] }} {{ {'a': 1} == {'a': 1} }}"), 'true true true true true false true true');
    assert.equal(render("{{ 'ACME' in out.company.name }} {{ 'ACME' in out.company.aliases }} {{ 'name' in out.company }} {{ 'x' not in out.company.aliases }} {{ 1 in none }}"), 'true true true true false');
    assert.equal(render("{{ out.empty or 'fallback' }} {{ out.jobs and 'has jobs' }} {{ not out.empty }} {{ 0 or '' or 'last' }} {{ {} or 'empty map' }}"), 'fallback has jobs true last empty map');
    assert.equal(render('{{ none == missing }}'), 'true');
  });

  it('arithmetic, string concatenation with ~, repetition and parentheses', () => {
    assert.equal(render("{{ 1 + 2 * 3 }} {{ (1 + 2) * 3 }} {{ 7 / 2 }} {{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 2 ** 3 ** 2 }} {{ -2 ** 2 }}"), '7 9 3.5 3 -4 1 2 64 4', '** is left-associative and - binds tighter, as in Jinja');
    assert.equal(render("{{ 'a' + 'b' }} {{ [1] + [2] }} {{ 'n=' ~ 3 ~ ', ok=' ~ true ~ none }} {{ '-' * 3 }} {{ 2 * 'ab' }}"), 'ab [1,2] n=3, ok=true --- abab');
    // As in Jinja, ~ binds tighter than + and -, looser than * and /.
    assert.equal(render("{{ 'n=' ~ 2 * 3 }} {{ ('n=' ~ 1) + '!' }}"), 'n=6 n=1!');
    assert.match(templateError(() => render("{{ 1 + 2 ~ 'x' }}")).reason, /cannot add a number and text/);
  });

  it('the ternary, with and without else', () => {
    assert.equal(render("{{ 'remote' if out.company.remote else 'on site' }}|{{ 'x' if out.empty }}|{{ 'a' if false else 'b' if false else 'c' }}"), 'remote||c');
  });

  it('if / elif / else, nested in each other and in loops', () => {
    const t = compileTemplate('{% if n > 2 %}big{% elif n > 1 %}medium{% elif n > 0 %}small{% else %}none{% endif %}');
    assert.deepEqual([3, 2, 1, 0].map((n) => t.render({ n })), ['big', 'medium', 'small', 'none']);
    const nested = render(`{% for j in out.jobs %}{% if j.level > 1 %}{% if loop.first %}[{% endif %}{{ j.title }}{% else %}({{ j.title }}){% endif %}{% endfor %}`);
    assert.equal(nested, '[DevOps(QA)');
  });

  it('for loops with loop.index, index0, first, last, length, revindex, and for-else', () => {
    assert.equal(
      render('{% for j in out.jobs %}{{ loop.index }}/{{ loop.length }}:{{ j.title }}{% if loop.first %}(first){% endif %}{% if loop.last %}(last){% else %}, {% endif %}{% endfor %}'),
      '1/3:Dev(first), 2/3:Ops, 3/3:QA(last)',
    );
    assert.equal(render('{% for j in out.jobs %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }} {% endfor %}'), '032 121 210 ');
    assert.equal(render('{% for x in out.empty %}x{% else %}nothing{% endfor %}|{% for x in missing %}x{% else %}none{% endfor %}'), 'nothing|none');
  });

  it('nested loops: the inner loop shadows loop, the outer variable stays visible', () => {
    const out = render("{% for a in [1, 2] %}{% for b in ['x', 'y'] %}{{ a }}{{ b }}{{ loop.index }} {% endfor %}{{ loop.index }}| {% endfor %}");
    assert.equal(out, '1x1 1y2 1| 2x1 2y2 2| ');
  });

  it('loops over text (characters), mappings (keys), pairs (unpacking) and with an if filter', () => {
    assert.equal(render("{% for c in '中文ab' %}{{ c }}.{% endfor %}"), '中.文.a.b.');
    assert.equal(render('{% for k in out.company %}{{ k }} {% endfor %}'), 'name aliases founded remote ');
    assert.equal(render("{% for k, v in {'a': 1, 'b': 2} | items %}{{ k }}={{ v }};{% endfor %}"), 'a=1;b=2;');
    assert.equal(render('{% for j in out.jobs if j.level >= 2 %}{{ j.title }}{{ loop.index }}/{{ loop.length }} {% endfor %}'), 'Dev1/2 Ops2/2 ');
    const e = templateError(() => render('{% for a, b in [1] %}{% endfor %}'));
    assert.match(e.reason, /cannot unpack a number into a, b/);
  });

  it('a loop variable does not leak out of its loop', () => {
    assert.equal(render('{% for j in out.jobs %}{% endfor %}[{{ j }}][{{ loop }}]'), '[][]');
  });

  it('calls functions the runtime marks with templateFunction: now.date(), now.iso(), and helpers with arguments', () => {
    assert.equal(render('{{ now.date() }}'), '2025-01-02');
    assert.match(render('{{ now.iso() }}'), /^2025-01-02T09:30:00[+-]\d\d:\d\d$/);
    assert.equal(render('{{ now.date() | days_before(2) }}'), '2024-12-31');
    const add = templateFunction((a: unknown, b: unknown) => Number(a) + Number(b));
    assert.equal(compileTemplate('{{ math.add(2, 3) }}').render({ math: { add } }), '5');
    const e = templateError(() => render('{{ now.date }}'));
    assert.match(e.reason, /a function cannot be printed: call it/);
    // `now` alone is the moment, as now.iso() writes it, for printing and for the date filters.
    assert.equal(render('{{ now }}'), render('{{ now.iso() }}'));
    assert.equal(render('{{ now | days_before(1) }}'), '2025-01-01');
  });

  it('comments disappear; {% raw %} keeps braces as text', () => {
    assert.equal(render('a{# a comment with {{ tags }} and {% if %} #}b'), 'ab');
    assert.equal(render('{% raw %}{{ not parsed }} {% if %}{% endraw %}!'), '{{ not parsed }} {% if %}!');
    assert.equal(render('a {%- raw -%}  {{ x }}  {%- endraw -%} b'), 'a{{ x }}b');
    assert.equal(render('{% raw %}{% endraw %}|{%raw%}{%endraw%}'), '|');
  });

  it('whitespace control: {%- -%}, {{- -}} and {#- -#} trim the whitespace next to them', () => {
    const source = 'Tags:\n{%- for t in input.tags | unique %}\n  - {{ t }}\n{%- endfor %}\n';
    assert.equal(render(source), 'Tags:\n  - go\n  - Rust\n  - c\n');
    assert.equal(render('a  {{- 1 -}}  b  {#- x -#}  c'), 'a1bc');
    assert.equal(render('a\n{% if true %}\nb\n{% endif %}\n'), 'a\n\nb\n\n', 'without dashes, no trimming (Jinja defaults)');
  });

  it('booleans print as true/false, none as nothing, lists and mappings as JSON, numbers as JavaScript writes them', () => {
    assert.equal(render('{{ out.company.remote }} [{{ out.position.salary }}] {{ out.company.aliases }} {{ 0.1 + 0.2 }} {{ -0 }}'), 'true [] ["ACME","Acme Tech"] 0.30000000000000004 0');
    const at = new Date(Date.UTC(2025, 2, 10, 8, 0, 0));
    assert.equal(compileTemplate('{{ d }} {{ d | days_before(1) }} {{ {"d": d} | tojson }}').render({ d: at }), '2025-03-10T08:00:00.000Z 2025-03-09 {"d": "2025-03-10T08:00:00.000Z"}');
  });
});

describe('templates: filters', () => {
  // One case at least per built-in filter; the last test checks none is missing.
  const CASES: Record<string, [string, string][]> = {
    // As Jinja: only an undefined value takes the default, unless boolean=true (then none, '' and 0 too).
    default: [
      ["{{ missing | default('n/a') }}", 'n/a'], ["{{ out.position.salary | default('open') is none }}", 'true'],
      ["{{ out.position.salary | default('open', true) }}", 'open'], ["[{{ '' | default('blank') }}]", '[]'], ["{{ '' | default('blank', boolean=true) }}", 'blank'],
      ["{{ 0 | default(5) }}", '0'], ["{{ 0 | default(5, true) }}", '5'], ["{{ [] | default('none', true) }}", 'none'], ["{{ 'x' | default('y', true) }}", 'x'],
      ["[{{ missing | default }}]", '[]'],
    ],
    d: [["{{ missing | d('n/a') }} {{ none | d('x', true) }}", 'n/a x']],
    abs: [['{{ -3 | abs }} {{ -2.0 | abs }} {{ 1.5 | abs }}', '3 2.0 1.5']],
    capitalize: [["{{ 'hELLO world' | capitalize }}", 'Hello world']],
    count: [['{{ [1, 2, 3] | count }}', '3']],
    max: [["{{ [3, 1, 2] | max }} {{ ['b', 'A', 'c'] | max }} {{ ['a', 'B'] | max(case_sensitive=true) }} {{ (out.jobs | max(attribute='level')).title }}", '3 c a Dev']],
    min: [["{{ [3, 1, 2] | min }} {{ ['b', 'A', 'c'] | min }} [{{ [] | min }}]", '1 A []']],
    reverse: [["{{ 'abc' | reverse }} {{ [1, 2, 3] | reverse | join(',') }}", 'cba 3,2,1']],
    sum: [["{{ [1, 2, 3] | sum }} {{ [1, 2.5] | sum }} {{ out.jobs | sum(attribute='level') }} {{ [1] | sum(start=10) }}", '6 3.5 6 11']],
    wordcount: [["{{ 'one two, three-four' | wordcount }}", '4']],
    days_before: [
      ['{{ out.position.deadline | days_before(3) }}', '2025-03-07'],
      ["{{ '2024-03-01' | days_before(1) }}", '2024-02-29'],
      ["{{ '2025-01-01T23:30:00+08:00' | days_before(1) }}", '2024-12-31'],
      ["{{ '2025-01-01T10:00Z' | days_before(-1) }}", '2025-01-02'],
      ["{{ '2025-12-31' | days_before('7') }}", '2025-12-24'],
      ['[{{ missing | days_before(3) }}]', '[]'],
    ],
    slugify: [
      ['{{ out.company.name | slugify }}', 'acme-technologies-inc'],
      ["{{ '  Café Déjà-Vu!! ' | slugify }}", 'cafe-deja-vu'],
      ["{{ '字节跳动 ByteDance 北京' | slugify }}", '字节跳动-bytedance-北京'],
      ["{{ 'Straße & Co_2' | slugify }}", 'strasse-co-2'],
      ["{{ 'ソニー グループ' | slugify }}", 'ソニー-グループ'],
    ],
    length: [['{{ out.jobs | length }} {{ input.text | length }} {{ out.company | length }} {{ missing | length }} {{ "中文" | length }}', '3 31 4 0 2']],
    lower: [['{{ out.company.name | lower }}', 'acme technologies, inc.']],
    upper: [["{{ 'go' | upper }}", 'GO']],
    trim: [["[{{ '  x y \\n' | trim }}]", '[x y]']],
    title: [["{{ 'hello wORLD-wide (web)' | title }}", 'Hello World-Wide (Web)']],
    join: [["{{ out.company.aliases | join(', ') }}|{{ [1, 2] | join }}", 'ACME, Acme Tech|12']],
    first: [["{{ out.jobs | first }}|{{ 'abc' | first }}|{{ [] | first }}", '{"title":"Dev","level":3}|a|']],
    last: [["{{ (out.jobs | last).title }}|{{ 'abc' | last }}", 'QA|c']],
    // Python's round(): halves to even, a float stays a float (2.0), an int stays an int.
    round: [
      ['{{ 2.5 | round }} {{ -2.5 | round }} {{ 3.5 | round }} {{ 3.14159 | round(2) }} {{ 1234 | round(-2) }} {{ 42 | round }}', '2.0 -2.0 4.0 3.14 1200 42'],
      ["{{ 2.1 | round(method='ceil') }} {{ 2.9 | round(0, 'floor') }} {{ 2.675 | round(2) }} {{ 0.125 | round(2) }}", '3.0 2.0 2.67 0.12'],
    ],
    int: [["{{ '42' | int }} {{ 3.9 | int }} {{ -3.9 | int }} {{ 'x' | int }} {{ 'x' | int(-1) }} {{ '2.5' | int }}", '42 3 -3 0 -1 2']],
    float: [["{{ '2.5' | float + 1 }} {{ 'abc' | float }} {{ true | float }} {{ 'x' | float(default=-1) }}", '3.5 0.0 1.0 -1']],
    string: [["{{ (42 | string) ~ 'x' }} {{ [1] | string | length }}", '42x 3']],
    replace: [["{{ 'a-b-c' | replace('-', '+') }} {{ 'aaa' | replace('a', 'b', 2) }}", 'a+b+c bba']],
    // As Jinja: cut only past length + leeway (5), at the last space unless killwords, end counted in length.
    truncate: [
      ["{{ 'The quick brown fox' | truncate(12) }}", 'The...'],
      ["{{ 'The quick brown fox' | truncate(15) }} {{ 'The quick brown fox' | truncate(13, leeway=0) }}", 'The quick brown fox The quick...'],
      ["{{ 'Joel is a slug' | truncate(7, true) }}", 'Joel...'],
      ["{{ '一二三四五六七八九十' | truncate(6) }} {{ '一二三四五六七八九十' | truncate(5, leeway=0) }}", '一二三四五六七八九十 一二...'],
      ["{{ 'short' | truncate(10) }} {{ 'abcdefghijk' | truncate(4, true, '…', 0) }} {{ 'abcdefghijk' | truncate(length=4, end='…', killwords=true, leeway=0) }}", 'short abc… abc…'],
    ],
    // As Jinja: keys sorted, Python's separators, <, >, & and ' escaped for HTML.
    tojson: [
      ["{{ out.jobs[0] | tojson }} {{ 'a\"b' | tojson }} {{ missing | tojson }}", '{"level": 3, "title": "Dev"} "a\\"b" null'], ["{{ [1] | tojson(2) }}", '[\n  1\n]'],
      ["{{ \"<a href='x'>&</a>\" | tojson }} {{ {'b': 2.0, 'a': [1, 0.5]} | tojson(indent=1) }}", '"\\u003ca href=\\u0027x\\u0027\\u003e\\u0026\\u003c/a\\u003e" {\n "a": [\n  1,\n  0.5\n ],\n "b": 2.0\n}'],
    ],
    list: [["{{ 'ab' | list }} {{ {'x': 1} | list }} {{ out.empty | list }}", '["a","b"] ["x"] []']],
    // As Jinja: text ignoring case unless case_sensitive=true; equal items keep their order.
    sort: [
      ["{{ input.tags | sort }} {{ [3, 1, 2] | sort(true) }}", '["c","go","go","Rust"] [3,2,1]'],
      ["{{ ['b', 'A', 'a', 'B'] | sort | join }} {{ ['b', 'A', 'a', 'B'] | sort(case_sensitive=true) | join }} {{ ['b', 'A', 'a'] | sort(reverse=true) | join }}", 'AabB ABab bAa'],
      ["{{ out.jobs | sort(attribute='level') | join(' ', attribute='title') }}", 'QA Ops Dev'],
    ],
    unique: [
      ["{{ input.tags | unique }} {{ [[1], [1], 2] | unique }}", '["go","Rust","c"] [[1],2]'],
      ["{{ ['a', 'A', 'b'] | unique | join }} {{ ['a', 'A', 'b'] | unique(case_sensitive=true) | join }} {{ [1, 1.0, 2] | unique | join(',') }}", 'ab aAb 1,2'],
    ],
    items: [["{{ {'a': 1} | items }}", '[["a",1]]']],
  };

  for (const [name, cases] of Object.entries(CASES)) {
    it(name, () => {
      for (const [source, expected] of cases) assert.equal(render(source), expected, source);
    });
  }

  it('every built-in filter has a case above, a one-line description and described parameters', () => {
    assert.deepEqual(FILTERS.map((f) => f.name).sort(), Object.keys(CASES).sort());
    for (const f of [...FILTERS, ...TESTS]) {
      assert.ok(f.description.length > 10 && !f.description.includes('\n'), `${f.name}: a one-line description`);
      for (const p of f.parameters) assert.ok(p.name && p.description, `${f.name}(${p.name}) is described`);
    }
    assert.ok(Object.isFrozen(FILTERS) && Object.isFrozen(FILTERS[0]), 'the table cannot be changed by a caller');
  });

  it('filters chain left to right and take expressions as arguments', () => {
    assert.equal(render("{{ out.company.aliases | join(' / ') | upper | replace('/', '|') }}"), 'ACME | ACME TECH');
    assert.equal(render("{{ out.position.deadline | days_before(out.jobs | length) }}"), '2025-03-07');
    assert.equal(render("{{ -3 | string }} {{ (1 + 2) | string }}"), '-3 3');
  });

  it('days_before refuses what is not an ISO date, at the filter', () => {
    for (const bad of ['2025-02-30', 'next friday', '2025-13-01', '2025-3-1', '2025-03-10T25:00', '2025-03-10T10:00+8']) {
      const e = templateError(() => compileTemplate('{{ d | days_before(1) }}').render({ d: bad }));
      assert.match(e.reason, /days_before expects an ISO date such as 2025-03-10/);
      assert.equal(e.column, 8, 'points at the filter name');
    }
    assert.match(templateError(() => render("{{ '2025-01-01' | days_before(1.5) }}")).reason, /days_before\(n\) needs a whole number/);
    assert.match(templateError(() => render('{{ out.jobs | days_before(1) }}')).reason, /got a list/);
  });

  it('a filter given the wrong kind of value is a TemplateError that says what it expected', () => {
    assert.match(templateError(() => render('{{ out.company | lower }}')).reason, /lower expects text, got a mapping/);
    assert.match(templateError(() => render("{{ 'x' | join(',') }}")).reason, /join expects a list, got text/);
    assert.match(templateError(() => render("{{ [1, 'a'] | sort }}")).reason, /sort needs a list of texts or of numbers/);
    assert.match(templateError(() => render("{{ 'abc' | replace('', 'x') }}")).reason, /replace needs non-empty text/);
  });

  it('extra filters: known at compile time, implemented at compile or render time', () => {
    const shout = (v: unknown, times: unknown) => `${String(v).toUpperCase()}${'!'.repeat(Number(times ?? 1))}`;
    assert.equal(compileTemplate('{{ "hi" | shout(3) }}', { filters: { shout } }).render({}), 'HI!!!');
    const declared = compileTemplate('{{ "hi" | shout }}', { filters: ['shout'] });
    assert.equal(declared.render({}, { filters: { shout } }), 'HI!');
    assert.match(templateError(() => declared.render({})).reason, /"shout" was declared .* but not passed to render/);
    // A render-time filter replaces a built-in one of the same name.
    assert.equal(compileTemplate('{{ "x" | upper }}').render({}, { filters: { upper: () => 'custom' } }), 'custom');
    // An extra filter that throws becomes a TemplateError naming it.
    const boom = compileTemplate('{{ 1 | boom }}', { filters: { boom: () => { throw new Error('kaput'); } } });
    assert.match(templateError(() => boom.render({})).reason, /the filter "boom" failed: kaput/);
  });
});

describe('templates: errors point at the file', () => {
  // The template text starts at line 10, column 7 of skill.yaml (a block scalar indented by 6).
  const AT: CompileOptions = { name: 'prompt.user', line: 10, column: 7 };

  it('an unclosed {% if %} names where it was opened and what to add', () => {
    const e = templateError(() => compileTemplate('Intro\n  {% if out.x %}\n  text', AT));
    assert.equal(e.reason, 'unclosed {% if %} opened at 11:9: add {% endif %}');
    assert.deepEqual([e.line, e.column, e.endLine, e.endColumn], [11, 9, 11, 14]);
    assert.equal(e.message, 'prompt.user:11:9: unclosed {% if %} opened at 11:9: add {% endif %}');
    assert.equal(e.template, 'prompt.user');
    assert.match(templateError(() => compileTemplate('{% for x in xs %}{% if x %}{% endif %}')).reason, /^unclosed \{% for %\} opened at 1:1: add \{% endfor %\}$/);
  });

  it('an unknown filter is a parse error listing the known ones, with a suggestion', () => {
    const e = templateError(() => compileTemplate('line one\n{{ out.company.name | slugfy }}', AT));
    assert.match(e.reason, /^unknown filter "slugfy" \(did you mean "slugify"\?\); known: abs, capitalize, count, d, days_before, default, .*wordcount$/);
    assert.deepEqual([e.line, e.column, e.endLine, e.endColumn], [11, 7 + 22, 11, 7 + 22 + 'slugfy'.length]);
    assert.match(templateError(() => compileTemplate('{{ x is nnone }}')).reason, /unknown test "nnone" \(did you mean "none"\?\)/);
  });

  it('says what was expected after an operator, a |, a . or inside a tag', () => {
    const cases: [string, RegExp, number][] = [
      ['{{ x | }}', /^expected a filter name after "\|", found "}}"$/, 8],
      ['{{ x + }}', /^expected an expression after "\+", found "}}"$/, 8],
      ['{{ x. }}', /^expected an attribute name after "\.", found "}}"$/, 7],
      ['{{ }}', /^empty \{\{ \}\}: write an expression between them/, 1],
      ['{{ a b }}', /^expected "}}" after the expression, found "b"$/, 6],
      ['{% if %}', /^expected an expression after "if", found "%}"$/, 7],
      ['{% if x }}', /^expected "%}" to end \{% if %\}, found "}"$/, 9],
      ['{% for in xs %}{% endfor %}', /^expected a loop variable name after "for", found "in"$/, 8],
      ['{% for x of xs %}{% endfor %}', /^expected "in" after the loop variable, found "of"$/, 10],
      ['{% sett x = 1 %}', /^unknown tag "sett" \(did you mean "set"\?\); known: if, elif, else, endif, for, endfor, set, endset, raw, endraw$/, 4],
      ['{% macro m() %}{% endmacro %}', /^\{% macro %\} is not supported \(macros are not part of the template language of skill\.yaml\)/, 4],
      ['{% set x.y = 1 %}', /^\{% set %\} can only assign a variable, not an attribute or item of "x"/, 8],
      ['{% set x %}a', /^unclosed \{% set %\} opened at 1:1: add \{% endset %\}$/, 1],
      ['{% endfor %}', /^\{% endfor %\} without an open \{% for %\}/, 1],
      ['{% if a %}{% endfor %}', /^\{% endfor %\} cannot close or continue the \{% if %\} opened at 1:1: add \{% endif %\} before it$/, 11],
      ['{% if a %}{% else %}{% else %}{% endif %}', /^\{% else %\} cannot follow the \{% else %\} of the \{% if %\} opened at 1:1/, 21],
      ['{{ x', /^unclosed \{\{ opened at 1:1: add }}$/, 1],
      ['{{ "abc }}', /^unclosed string: add the closing "$/, 4],
      ['a {# note', /^unclosed comment \{#: add #}$/, 3],
      ['{% raw %}x', /^unclosed \{% raw %\}: add \{% endraw %\}$/, 1],
      ['{{ a @ b }}', /^unexpected character "@" inside \{\{ }}$/, 6],
      ['{{ x | truncate(n=3) }}', /^the filter "truncate" has no argument named "n" \(did you mean "end"\?\); it takes length, killwords, end, leeway$/, 17],
      ['{{ x | truncate(3, length=3) }}', /^the argument "length" of the filter "truncate" is given twice/, 20],
      ['{{ x | truncate(end="…", 3) }}', /^an argument without a name cannot follow a named one/, 26],
      ['{{ x | replace(new="b") }}', /^the filter "replace" takes 2 to 3 arguments \(old, new, count\), got 1 \(missing old\)$/, 8],
      ['{{ x | days_before }}', /^the filter "days_before" takes 1 argument \(n\), got 0$/, 8],
      ['{{ x | replace("a") }}', /^the filter "replace" takes 2 to 3 arguments \(old, new, count\), got 1$/, 8],
      ['{% for loop in xs %}{% endfor %}', /"loop" is reserved/, 8],
      ['{{ [1, 2 }}', /^expected "\]" to close the list opened at 1:4, found "}"$/, 10],
      ['{{ f(a, b }}', /^expected "\)" to close the arguments opened at 1:5, found "}"$/, 11],
    ];
    for (const [source, reason, column] of cases) {
      const e = templateError(() => compileTemplate(source));
      assert.match(e.reason, reason, source);
      assert.equal(e.column, column, `${source}: column`);
      assert.equal(e.line, 1);
    }
  });

  it('the first error in the text is the one reported', () => {
    // A stray "}" ends parsing there, before the apostrophe further on could open a string.
    const e = templateError(() => compileTemplate("{{ name } and it's {{ other }}"));
    assert.equal(e.column, 9);
  });

  it('runtime errors carry the position of the expression, in file coordinates', () => {
    const second = '  {{ out.position.title }} {{ out.position.title | days_before(3) }}';
    const t = compileTemplate(`Deadline:\n${second}`, AT);
    const e = templateError(() => t.render(CONTEXT));
    const column = 7 + second.indexOf('days_before');
    assert.deepEqual([e.line, e.column, e.endLine, e.endColumn], [11, column, 11, column + 'days_before(3)'.length]);
    assert.match(e.message, new RegExp(`^prompt\\.user:11:${column}: days_before expects an ISO date`));

    const call = templateError(() => compileTemplate('x\n{{ out.company.name() }}', AT).render(CONTEXT));
    assert.deepEqual([call.line, call.column, call.endColumn], [11, 10, 26]);
    assert.match(call.reason, /^"out\.company\.name" is not callable \(it is text\)/);

    const add = templateError(() => compileTemplate("{{ 1 + 'a' }}", AT).render({}));
    assert.deepEqual([add.line, add.column], [10, 10]);
    assert.match(add.reason, /cannot add a number and text: use ~ to join values as text/);

    const cmp = templateError(() => compileTemplate("{% if out.jobs > 1 %}{% endif %}").render(CONTEXT));
    assert.match(cmp.reason, /cannot compare a list with a number/);
    assert.equal(cmp.column, 7);
    assert.match(templateError(() => render('{{ 1 / 0 }}')).reason, /division by zero/);
    assert.match(templateError(() => render('{% for x in 5 %}{% endfor %}')).reason, /cannot loop over a number/);
  });

  it('a runtime error inside a loop points at the expression, not the loop', () => {
    const e = templateError(() => compileTemplate('{% for j in out.jobs %}\n{{ j.level ~ "" }}{{ j.title + 1 }}\n{% endfor %}').render(CONTEXT));
    assert.deepEqual([e.line, e.column], [2, 22]);
  });

  it('columns count UTF-16 units like VS Code; CRLF and CR line breaks count as lines', () => {
    assert.equal(templateError(() => compileTemplate('中文 {{ x | nope }}')).column, 11);
    assert.equal(templateError(() => compileTemplate('a\r\nb\r{{ x | nope }}')).line, 3);
  });
});

describe('templates: references()', () => {
  it('lists every variable path read, with its position, leaving out loop variables and loop', () => {
    const t = compileTemplate([
      'Text: {{ input.text }}',
      '{% for j in out.jobs if j.level > min_level %}{{ loop.index }} {{ j.title | default(out.company.name) }}{% else %}{{ j }}{% endfor %}',
      "{{ out.company['aliases'][0] }} {{ out.jobs[idx].title }} {{ now.date() }} {{ 'lit' }}",
    ].join('\n'), { line: 5, column: 3 });
    const refs = t.references();
    assert.deepEqual(refs.map((r) => r.path.join('.')), [
      'input.text', 'out.jobs', 'min_level', 'out.company.name', 'j', 'out.company.aliases', 'out.jobs', 'idx', 'now.date',
    ]);
    assert.deepEqual(refs[0], { path: ['input', 'text'], line: 5, column: 12, endLine: 5, endColumn: 22 });
    assert.equal(refs[1].line, 6);
    const last = refs[refs.length - 1];
    assert.deepEqual([last.line, last.column, last.endColumn], [7, 64, 72]);
  });

  it('a compiled expression has references too', () => {
    assert.deepEqual(compileExpression('out.deadline is not none and input.kind == "link"').references().map((r) => r.path), [['out', 'deadline'], ['input', 'kind']]);
  });
});

describe('templates: compileExpression', () => {
  it('evaluates to a value, not text: for when: conditions and non-text parameters', () => {
    assert.equal(compileExpression('out.position.deadline is not none').evaluate(CONTEXT), true);
    assert.equal(compileExpression('out.position.salary is not none').evaluate(CONTEXT), false);
    assert.deepEqual(compileExpression('out.company.aliases | sort').evaluate(CONTEXT), ['ACME', 'Acme Tech']);
    assert.deepEqual(compileExpression("{'name': out.company.name | slugify, 'n': out.jobs | length}").evaluate(CONTEXT), { name: 'acme-technologies-inc', n: 3 });
  });

  it('accepts the expression wrapped in {{ }}, as authors of when: often write it, but not a template', () => {
    assert.equal(compileExpression('  {{ out.jobs | length > 2 }} ').evaluate(CONTEXT), true);
    assert.deepEqual(compileExpression('{{ out.jobs | length > 2 }}').references().map((r) => r.path), [['out', 'jobs']]);
    assert.match(templateError(() => compileExpression('{{ a }} and {{ b }}')).reason, /an expression is expected here/);
    assert.match(templateError(() => compileExpression('{{ a }')).reason, /expected "}}"/);
  });

  it('refuses text after the expression and an empty one, with positions', () => {
    const e = templateError(() => compileExpression('a b', { line: 4, column: 11 }));
    assert.deepEqual([e.line, e.column], [4, 13]);
    assert.match(e.reason, /expected the end of the expression, found "b"/);
    assert.match(templateError(() => compileExpression('  ')).reason, /expected an expression/);
  });
});

describe('templates: compile once, render many', () => {
  it('one compiled template renders different contexts independently', () => {
    const t = compileTemplate('{% for x in xs %}{{ x }}{% endfor %}');
    assert.equal(t.render({ xs: [1, 2] }), '12');
    assert.equal(t.render({ xs: ['a'] }), 'a');
    assert.equal(renderTemplate('{{ a }}', { a: 'one-off' }), 'one-off');
  });
});
