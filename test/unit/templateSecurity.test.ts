import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import {
  LIMITS, TemplateError, compileExpression, compileTemplate, nowHelper, templateFunction,
} from '../../src/core/runtime/template';
import { ROOT } from './helpers';

// skill.yaml templates are untrusted: a skill can come from a cloned repository, and nunjucks
// runs `{{ range.constructor('return process.pid')() }}` (facts.md). Every known
// template-injection payload must fail safely here — render nothing or throw a TemplateError —
// and never run code, read a prototype, run a getter, or exhaust the stack, memory or time.
// No clock is read: hangs would be caught by the mocha timeout, limits by their errors.

/** Something the payloads would love to reach: raw functions, class instances, a Map, the global object. */
class Session {
  token = 'own field';
  get secret(): string {
    touched.push('getter');
    return 'leaked';
  }
  toString(): string {
    touched.push('toString');
    return 'leaked';
  }
  toJSON(): string {
    touched.push('toJSON');
    return 'leaked';
  }
  [Symbol.toPrimitive](): string {
    touched.push('toPrimitive');
    return 'leaked';
  }
}
let touched: string[] = [];

function hostileContext(): Record<string, unknown> {
  const accessor = { plain: 'ok' };
  Object.defineProperty(accessor, 'secret', { enumerable: true, get: () => { touched.push('plain getter'); return 'leaked'; } });
  return {
    input: { text: 'hello', items: [1, 2, 3] },
    out: { company: { name: 'ACME' } },
    now: nowHelper(new Date(2025, 0, 2)),
    range: (n: number) => Array.from({ length: n }, (_, i) => i),
    cycler: function cycler() { touched.push('cycler'); },
    config: new Map([['SECRET_KEY', 'leaked']]),
    request: { application: Object.create({ __globals__: 'leaked' }) },
    self: globalThis,
    lipsum: Object.assign(() => 'lorem', { __globals__: { os: { popen: () => { touched.push('popen'); return { read: () => 'uid=0' }; } } } }),
    session: new Session(),
    accessor,
  };
}

const PAYLOADS = [
  "{{ range.constructor('return process.pid')() }}",
  "{{ ''.constructor.constructor('return process')() }}",
  '{{ input.__proto__ }}',
  "{{ input['__proto__']['constructor'] }}",
  '{{ [].constructor }}',
  "{{ {}.constructor.constructor('return this')() }}",
  '{{ cycler.__init__.__globals__ }}',
  '{{ self.__init__.__globals__.__builtins__ }}',
  "{{ lipsum.__globals__['os'].popen('id').read() }}",
  '{{ request.application.__globals__ }}',
  '{{ config.items() }}',
  "{{ ''.__class__.__mro__[1].__subclasses__() }}",
  '{% for x in ().__class__.__base__.__subclasses__() %}{% endfor %}',
  '{{ input.toString.call }}',
  "{{ 'a'.concat }}",
  '{{ now.constructor }}',
  '{{ (1).constructor }}',
  "{{ input | attr('constructor') }}",
  "{{ [1]|map('constructor') }}",
  // More of the same family.
  '{{ now.date.constructor }}',
  "{{ now.date.constructor('return process')() }}",
  "{{ now['constructor']['constructor']('return process')() }}",
  '{{ input.items.constructor.prototype }}',
  '{{ self.process.pid }}',
  "{{ self['process'].mainModule }}",
  '{{ self.require }}',
  '{{ globalThis }}{{ process }}{{ require }}{{ module }}{{ Function }}',
  "{{ range(3).__class__ }}",
  "{{ (range | string).constructor }}",
  '{{ input.hasOwnProperty }}{{ input.valueOf }}{{ input.__defineGetter__ }}{{ input.__lookupGetter__ }}',
  "{{ input.text.constructor.fromCharCode(65) }}",
  "{{ input.items['constructor']['from'] }}",
  '{{ session.secret }}{{ session.token }}{{ session.toString }}',
  "{{ config.get('SECRET_KEY') }}",
  "{{ lipsum() }}",
  '{{ cycler() }}',
  "{{ input | tojson | attr('x') }}",
  // Through what issue 27 added: loop helpers, {% set %}, slices, floats, attribute=.
  "{% for x in [1] %}{{ loop.cycle.constructor('return process')() }}{{ loop.changed.constructor }}{% endfor %}",
  '{% set f = now.date %}{{ f.constructor }}{% set p = input.__proto__ %}{{ p }}',
  "{% set s %}{{ ''.constructor }}{% endset %}{{ s }}",
  '{{ (1.0).constructor }}{{ (10 / 2).constructor }}{{ (2.5 | round).constructor }}',
  '{{ input.items[0:1].constructor }}{{ input.text[::-1].constructor }}',
  "{{ [input] | join(',', attribute='constructor') }}{{ [input] | join(',', attribute='__proto__.constructor') }}",
];

/** Renders, returning the output or the TemplateError; anything else (a TypeError, a RangeError) fails the test. */
function outcome(source: string, context = hostileContext()): string | TemplateError {
  try {
    return compileTemplate(source).render(context);
  } catch (e) {
    assert.ok(e instanceof TemplateError, `${source}: expected a TemplateError, got ${(e as Error)?.name}: ${(e as Error)?.message}`);
    return e;
  }
}

function snapshot(object: object): string {
  return JSON.stringify(Object.getOwnPropertyNames(object).sort().map((k) => {
    const d = Object.getOwnPropertyDescriptor(object, k)!;
    return [k, typeof d.value, typeof d.get, typeof d.set, d.enumerable, d.writable];
  }));
}

describe('templates: injection payloads fail safely', () => {
  beforeEach(() => {
    touched = [];
  });

  for (const payload of PAYLOADS) {
    it(payload, () => {
      const result = outcome(payload);
      if (typeof result === 'string') assert.equal(result, '', 'renders nothing');
      else assert.match(result.reason, /not callable|unknown filter|function cannot be printed/);
      assert.deepEqual(touched, [], 'no function, getter or conversion hook of the context ran');
    });
  }

  it('not one payload reaches the process: nothing prints the pid, the global object or source code', () => {
    for (const payload of PAYLOADS) {
      const result = outcome(payload);
      const text = typeof result === 'string' ? result : result.message;
      assert.ok(!text.includes(String(process.pid)), payload);
      assert.doesNotMatch(text, /\[object|native code|=>|uid=|leaked/i, payload);
    }
  });

  it('calls only functions marked with templateFunction: raw functions in the context are refused', () => {
    const e = outcome('{{ range(3) }}') as TemplateError;
    assert.ok(e instanceof TemplateError);
    assert.match(e.reason, /^"range" is not callable \(it is a function\)/);
    assert.equal(outcome('{{ range }}') instanceof TemplateError, true, 'and cannot be printed (no source code leaks)');
    const safe = templateFunction(() => 'ok');
    assert.equal(compileTemplate('{{ f() }}').render({ f: safe }), 'ok');
    // What a template function returns is read with the same rules.
    const handle = templateFunction(() => new Session());
    assert.equal(compileTemplate('[{{ f().secret }}{{ f() }}{{ f().token }}]').render({ f: handle }), '[]');
    assert.deepEqual(touched, []);
  });

  it('a class instance with getters and conversion hooks is opaque: no getter, toString, toJSON or toPrimitive runs', () => {
    const context = hostileContext();
    const sources = [
      '{{ session }}', '{{ session.secret }}', "{{ session['secret'] }}", '{{ session ~ "" }}', '{{ session | tojson }}',
      '{{ [session] }}', '{{ {"s": session} | tojson }}', '{{ session | string }}', '{{ session == session }}',
      '{{ session is defined }}', '{% for k in [session] %}{{ k }}{% endfor %}', '{{ [session] | unique }}',
      // An accessor on a plain object is not read either, whichever way the object is walked.
      '{{ accessor.secret }}', '{{ accessor }}', '{{ accessor | length }}', '{% for k in accessor %}{{ k }}{% endfor %}', '{{ accessor | items }}',
      "{{ 'secret' in accessor }}", '{{ accessor == accessor }}',
    ];
    const results = sources.map((s) => outcome(s, context));
    assert.deepEqual(touched, []);
    for (const [i, r] of results.entries()) {
      const text = typeof r === 'string' ? r : r.message;
      assert.ok(!text.includes('leaked'), `${sources[i]} → ${text}`);
    }
    assert.equal(results[sources.indexOf('{{ accessor }}')], '{"plain":"ok"}');
    assert.equal(results[sources.indexOf('{{ accessor | length }}')], '1');
  });

  it('Object.prototype, Array.prototype and Function.prototype are unchanged after rendering everything', () => {
    const before = [Object.prototype, Array.prototype, Function.prototype, String.prototype].map(snapshot);
    const attempts = [
      ...PAYLOADS,
      "{{ {'__proto__': {'polluted': 1}} }}",
      "{{ {'constructor': {'prototype': {'polluted': 1}}} }}",
      "{{ [{'__proto__': 1}] | tojson }}",
      "{% for x in [{'prototype': 1}] %}{% endfor %}",
    ];
    for (const a of attempts) outcome(a);
    const json = compileExpression("{'a': 1}").evaluate({}) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(json), Object.prototype);
    assert.deepEqual([Object.prototype, Array.prototype, Function.prototype, String.prototype].map(snapshot), before);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.match((outcome("{{ {'__proto__': 1} }}") as TemplateError).reason, /"__proto__" cannot be used as a key/);
  });

  it('data from JSON with keys named __proto__ or constructor is not read through them', () => {
    const out = JSON.parse('{"__proto__": {"x": "leaked"}, "constructor": "leaked", "name": "ok"}');
    assert.equal(compileTemplate("{{ out.__proto__.x }}{{ out['constructor'] }}{{ out.name }}").render({ out }), 'ok');
    assert.equal(compileTemplate('{{ out }}').render({ out }), '{"name":"ok"}');
  });

  it('random template text (seeded) only ever renders or throws a TemplateError, and runs nothing', () => {
    // Fragments of the syntax and of payloads, glued at random: whatever the parser and
    // evaluator meet, the only failure allowed is a TemplateError.
    const FRAGMENTS = [
      '{{', '}}', '{%', '%}', '{#', '#}', '-', ' ', '\n', 'if', 'elif', 'else', 'endif', 'for', 'endfor', 'in', 'not', 'is', 'none',
      'defined', 'and', 'or', 'x', 'input', 'out', 'session', 'now', 'range', 'lipsum', '.', '[', ']', '(', ')', '{', '}', ',', ':',
      '|', 'default(1)', 'days_before(2)', 'slugify', 'join', 'length', 'tojson', 'sort', '~', '+', '*', '/', '//', '%', '**', '==',
      '<', "'a'", '"b\\"', '0', '1.5', '-1', 'true', 'constructor', '__proto__', 'prototype', 'date()', 'raw', 'endraw', 'loop', 'index',
    ];
    let seed = 20250310;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const context = hostileContext();
    let rendered = 0;
    for (let i = 0; i < 4000; i++) {
      let source = '';
      const length = 1 + random(12);
      for (let k = 0; k < length; k++) source += FRAGMENTS[random(FRAGMENTS.length)] + (random(3) === 0 ? ' ' : '');
      // Half the time inside {{ }}, so that many reach the evaluator rather than stop at the parser.
      if (random(2) === 0) source = `{{ ${source} }}`;
      if (typeof outcome(source, context) === 'string' && source.includes('{{')) rendered++;
    }
    assert.ok(rendered > 200, `some random expressions parse and render (${rendered})`);
    assert.deepEqual(touched, []);
  });

  it('the context is not changed by rendering', () => {
    const context = hostileContext();
    const input = context.input as { items: number[] };
    compileTemplate('{{ input.items | sort(true) }}{{ input.items | list }}{{ input.items | unique }}{{ input.items + [4] }}').render(context);
    assert.deepEqual(input.items, [1, 2, 3]);
  });
});

describe('templates: limits refuse what would exhaust the stack, memory or time', () => {
  /** The TemplateError `fn` throws (a RangeError from the stack would fail here). */
  function refused(fn: () => unknown, reason: RegExp): TemplateError {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof TemplateError, `expected a TemplateError, got ${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 200)}`);
      assert.match(e.reason, reason);
      assert.ok(e.message.length < 400, 'a short message, not the text echoed back');
      return e;
    }
    assert.fail('not refused');
  }

  const N = 10_000;
  const deep: [string, string][] = [
    ['brackets', `{{ ${'('.repeat(N)}1${')'.repeat(N)} }}`],
    ['lists', `{{ ${'['.repeat(N)}${']'.repeat(N)} }}`],
    ['mappings', `{{ ${"{'a': ".repeat(N)}1${'}'.repeat(N)} }}`],
    ['not', `{{ ${'not '.repeat(N)}x }}`],
    ['minus', `{{ ${'- '.repeat(N)}1 }}`],
    ['member access', `{{ a${'.b'.repeat(N)} }}`],
    ['subscripts', `{{ a${'[0]'.repeat(N)} }}`],
    ['calls', `{{ f${'()'.repeat(N)} }}`],
    ['filters', `{{ x${' | lower'.repeat(N)} }}`],
    ['concatenation', `{{ x${' ~ x'.repeat(N)} }}`],
    ['and', `{{ x${' and x'.repeat(N)} }}`],
    ['ternaries', `{{ ${'x if y else '.repeat(N)}z }}`],
    ['if blocks', `${'{% if x %}'.repeat(N)}${'{% endif %}'.repeat(N)}`],
    ['for blocks', `${'{% for x in y %}'.repeat(N)}${'{% endfor %}'.repeat(N)}`],
    ['unclosed brackets', `{{ ${'('.repeat(N)}`],
  ];
  for (const [what, source] of deep) {
    it(`${N.toLocaleString('en-US')}-deep ${what}: a TemplateError, not a stack overflow`, () => {
      refused(() => compileTemplate(source), /nested too deeply/);
    });
  }

  it('a 10,000-long comparison chain is flat, so it parses and evaluates without deep recursion', () => {
    assert.equal(compileTemplate(`{{ 1${' < 2'.repeat(N)} }}`).render({}), 'false');
    assert.equal(compileTemplate(`{{ 1${' == 1'.repeat(N)} }}`).render({}), 'true');
  });

  it('nesting under the limit still works', () => {
    const depth = 40;
    assert.equal(compileTemplate(`{{ ${'('.repeat(depth)}1${')'.repeat(depth)} }}`).render({}), '1');
    assert.equal(compileTemplate(`${'{% if true %}'.repeat(depth)}ok${'{% endif %}'.repeat(depth)}`).render({}), 'ok');
  });

  it('deeply nested or self-containing data in the context is refused when printed or compared', () => {
    const build = () => {
      let nested: unknown = [];
      for (let i = 0; i < N; i++) nested = [nested];
      return nested;
    };
    const nested = build();
    refused(() => compileTemplate('{{ d }}').render({ d: nested }), /nested too deeply to print/);
    refused(() => compileTemplate('{{ d == e }}').render({ d: nested, e: build() }), /nested too deeply to compare/);
    refused(() => compileTemplate('{{ d in [e] }}').render({ d: nested, e: build() }), /nested too deeply to compare/);
    refused(() => compileTemplate('{{ d | tojson }}').render({ d: nested }), /nested too deeply/);
    const loop: Record<string, unknown> = { name: 'x' };
    loop.self = loop;
    refused(() => compileTemplate('{{ d }}').render({ d: loop }), /contains itself/);
    assert.equal(compileTemplate('{{ d.self.self.self.name }}').render({ d: loop }), 'x', 'walking it by name is fine');
  });

  it('a huge loop is refused before it starts', () => {
    const big = new Array(1_000_000).fill(0);
    const e = refused(() => compileTemplate('a\n{% for x in big %}{{ x }}{% endfor %}').render({ big }), /too many loop iterations \(more than 100,000/);
    assert.deepEqual([e.line, e.column, e.endLine, e.endColumn], [2, 1, 2, 16], 'at {% for x in big, not the whole block');
  });

  it('nested loops are counted together: 100 × 100 × 100 iterations are refused', () => {
    const xs = new Array(100).fill(1);
    refused(() => compileTemplate('{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}').render({ xs }), /too many loop iterations/);
  });

  it('output is capped at 1,000,000 characters, wherever it comes from', () => {
    const long = 'x'.repeat(10_000);
    const xs = new Array(200).fill(0);
    refused(() => compileTemplate('{% for x in xs %}{{ long }}{% endfor %}').render({ xs, long }), /output would be longer than 1,000,000 characters/);
    refused(() => compileTemplate("{{ 'x' * 100000000 }}").render({}), /longer than 1,000,000 characters/);
    refused(() => compileTemplate("{{ long | replace('x', long) }}").render({ long }), /longer than 1,000,000 characters/);
    refused(() => compileTemplate("{{ xs | join(long) }}").render({ xs, long }), /longer than 1,000,000 characters/);
    refused(() => compileTemplate('{% for x in xs %}{{ long ~ long }}{% endfor %}').render({ xs, long }), /longer than 1,000,000 characters/);
    assert.equal(LIMITS.maxOutputChars, 1_000_000);
  });

  it('work is bounded without a clock: a loop that walks long text each time runs out of steps', () => {
    const text = 'a'.repeat(100_000);
    const xs = new Array(50_000).fill(0);
    refused(() => compileTemplate("{% for x in xs %}{% if text | upper == '' %}{% endif %}{% endfor %}").render({ xs, text }), /does too much work/);
    refused(() => compileTemplate("{% for x in xs %}{% if 'b' in text %}{% endif %}{% endfor %}").render({ xs, text }), /does too much work/);
  });

  it('limits can be lowered per template or per render', () => {
    const t = compileTemplate('{% for x in xs %}{{ x }}{% endfor %}', { limits: { maxLoopIterations: 2 } });
    refused(() => t.render({ xs: [1, 2, 3] }), /more than 2 in one render/);
    assert.equal(t.render({ xs: [1, 2] }), '12');
    refused(() => compileTemplate('{{ s }}').render({ s: 'abcdef' }, { limits: { maxOutputChars: 5 } }), /longer than 5 characters/);
  });

  it('pathological text lexes and parses in one pass (no backtracking): long runs of braces, quotes and spaces', () => {
    const M = 300_000;
    refused(() => compileTemplate('{'.repeat(M)), /nested too deeply/);
    assert.equal(compileTemplate('{ '.repeat(M)).render({}).length, 2 * M);
    assert.equal(compileTemplate('}'.repeat(M) + '%}#}').render({}).length, M + 4);
    refused(() => compileTemplate(`{{ '${'\\'.repeat(M)}`), /unclosed string/);
    refused(() => compileTemplate(`{{${' '.repeat(M)}`), /unclosed \{\{/);
    refused(() => compileTemplate(`{#${'{#'.repeat(M)}`), /unclosed comment/);
    refused(() => compileTemplate(`{% raw %}${'{% '.repeat(M)}`), /unclosed \{% raw %\}/);
    refused(() => compileTemplate(`{{ x${' ~'.repeat(M)} }}`), /expected an expression|nested too deeply/);
    assert.equal(compileTemplate('{{ x }}'.repeat(M / 10)).render({ x: 1 }).length, M / 10);
  });

  it('the engine has no regular expressions, eval, Function or module access in its source', () => {
    const dir = path.join(ROOT, 'src', 'core', 'runtime', 'template');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length >= 6);
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) found.push(node.getText(source));
        if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ['RegExp', 'Function', 'eval', 'require'].includes(node.expression.getText(source))) found.push(node.getText(source).slice(0, 40));
        if (ts.isPropertyAccessExpression(node) && ['process', 'globalThis'].includes(node.expression.getText(source))) found.push(node.getText(source));
        if (ts.isImportDeclaration(node) && !node.moduleSpecifier.getText(source).startsWith("'./")) found.push(node.getText(source));
        ts.forEachChild(node, visit);
      };
      visit(source);
      assert.deepEqual(found, [], `${file}`);
    }
  });
});

describe('template security: the global range()', () => {
  it('is a template function without reachable members, capped so it cannot fill memory', () => {
    const render = (source: string) => compileTemplate(source).render({});
    assert.equal(render('{{ range.constructor }}{{ range(3).constructor }}{{ range.call }}'), '');
    assert.match(templateErrorOf(() => render("{{ range.constructor('return process')() }}")).reason, /not callable/);
    assert.match(templateErrorOf(() => render('{{ range(10 ** 9) | length }}')).reason, /^range would make 1,000,000,000 numbers, more than the 100,000/);
    assert.match(templateErrorOf(() => render('{% for i in range(1000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}')).reason, /too many loop iterations/);
  });
});

function templateErrorOf(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new assert.AssertionError({ message: 'no error' });
}
