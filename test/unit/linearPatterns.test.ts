import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileLinear, LINEAR_ENGINE, LinearPattern } from '../../src/core/runtime/linearRegExp';
import { unsafePatternReason } from '../../src/core/runtime/safePattern';
import { schemaProblems, structuredCall } from '../../src/core/llm/structuredCall';
import { validateSkillManifest } from '../../src/core/skills/manifest';
import { FakeLlm } from '../support/fakeLlm';
import { ROOT } from './helpers';
import type { JsonSchema } from '../../src/core/runtime/schema';

// The patterns that passed the old syntactic guard and backtracked for seconds on 30 characters.
const SLOW: Array<{ pattern: string; text: string }> = [
  { pattern: '^(a+){25}$', text: `${'a'.repeat(30)}!` },
  { pattern: '^(.*a){12}$', text: `${'a'.repeat(30)}!` },
  { pattern: `^${'(?:a+)?'.repeat(10)}$`, text: `${'a'.repeat(30)}!` },
  { pattern: `${'a*'.repeat(12)}b`, text: 'a'.repeat(30) },
  { pattern: `${'\\d*'.repeat(8)}x`, text: '1'.repeat(30) },
];

/**
 * Runs `body` with the global RegExp constructor refusing the given sources: ajv's default
 * engine is `new RegExp`, so a pattern that reaches the backtracking engine fails the test at
 * once instead of hanging it.
 */
async function withBacktrackingRefused<T>(sources: string[], body: () => T | Promise<T>): Promise<T> {
  const Original = globalThis.RegExp;
  const guarded = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?]) {
      const source = typeof args[0] === 'string' ? args[0] : args[0].source;
      if (sources.includes(source)) throw new Error(`the backtracking engine was given ${source}`);
      return Reflect.construct(target, args);
    },
    apply(target, self, args: [string, string?]) {
      if (sources.includes(String(args[0]))) throw new Error(`the backtracking engine was given ${String(args[0])}`);
      return Reflect.apply(target, self, args);
    },
  });
  globalThis.RegExp = guarded;
  try {
    return await body();
  } finally {
    globalThis.RegExp = Original;
  }
}

describe('patterns from skills and model replies run in a linear-time engine', () => {
  for (const { pattern, text } of SLOW) {
    it(`${pattern} is accepted and matched by ${LINEAR_ENGINE}, never by the backtracking engine`, async () => {
      assert.equal(unsafePatternReason(pattern), undefined);
      const compiled = compileLinear(pattern, 'u');
      assert.ok(compiled instanceof LinearPattern);
      assert.equal(compiled.engine, LINEAR_ENGINE);
      assert.equal(compiled.test(text), false);
      const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string', pattern } } };
      const problems = await withBacktrackingRefused([pattern], () => schemaProblems(schema, { a: text }));
      assert.deepEqual(problems, [`/a must match pattern "${pattern}"`]);
    });
  }

  it('a model reply checked against such a pattern cannot hang validation: the repair loop runs to its end', async () => {
    const { pattern, text } = SLOW[4];
    const llm = new FakeLlm(() => JSON.stringify({ a: text }));
    const outcome = await withBacktrackingRefused([pattern], () => structuredCall(llm, { purpose: 'x', system: [], messages: [], maxTokens: 10 },
      { type: 'object', properties: { a: { type: 'string', pattern } } }, { signal: new AbortController().signal }));
    assert.equal(outcome.ok, false);
    assert.equal(llm.requests.length, 3);
    assert.match(outcome.problems.join('\n'), /must match pattern/);
  });

  it('a skill file with such a pattern validates, checked by the same engine', async () => {
    const { pattern } = SLOW[0];
    const yaml = `name: slow\nversion: 1\ndescription: x\nmatch: {inputs: [text]}\nprompt:\n  user: "{{ input.text }}"\noutput_schema:\n  type: object\n  properties:\n    a:\n      type: string\n      pattern: "${pattern}"\nactions:\n  - create_note:\n      body: x\n`;
    const v = await withBacktrackingRefused([pattern], () => validateSkillManifest(yaml, 'skills/slow/skill.yaml', { folderName: 'slow' }));
    assert.deepEqual(v.problems.filter((p) => p.severity !== 'warning'), []);
  });

  it('harmless patterns still work as ECMAScript reads them', () => {
    const cases: Array<[string, string, boolean]> = [
      ['^[A-Z][a-z]+$', 'Hello', true], ['^[A-Z][a-z]+$', 'hello', false],
      ['^\\d{4}-\\d{2}-\\d{2}$', '2026-12-03', true], ['^[a-z]+(-[a-z]+)*$', 'a-b-c', true],
      ['^\\u00e9t\\u00E9$', 'été', true], ['^\\u{1F600}$', '😀', true], ['^a\\sb$', 'a\u00a0b', true], ['^a\\Sb$', 'a\u3000b', false],
      ['^a.b$', 'a\nb', false], ['^a.b$', 'a\rb', false], ['^a.b$', 'a-b', true], ['^[^]$', '\n', true], ['[]', 'x', false],
      ['^https?:\\/\\/', 'https://x', true], ['\\p{Lu}', 'É', true], ['^(foo|bar)$', 'bar', true],
    ];
    for (const [pattern, text, want] of cases) {
      assert.equal(compileLinear(pattern, 'u').test(text), want, `${pattern} on ${JSON.stringify(text)}`);
      assert.equal(new RegExp(pattern, 'u').test(text), want, `the case itself: ${pattern}`);
    }
  });

  it('what no linear-time engine can run is refused with the reason', () => {
    assert.match(unsafePatternReason('(a)\\1')!, /backreference/);
    assert.match(unsafePatternReason('(?<n>a)\\k<n>')!, /backreference/);
    assert.match(unsafePatternReason('(?=a)a')!, /lookahead/);
    assert.match(unsafePatternReason('(?<=a)b')!, /lookbehind/);
    assert.match(unsafePatternReason('x'.repeat(1001))!, /longer than 1,000/);
    assert.throws(() => compileLinear('(a'), /Invalid regular expression: \/\(a\/: /);
  });

  it('every ajv in the code is given the linear-time engine', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(path.join(ROOT, 'src'));
    let seen = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (let at = text.indexOf('new Ajv('); at >= 0; at = text.indexOf('new Ajv(', at + 1)) {
        seen++;
        const call = text.slice(at, text.indexOf(')', at));
        assert.match(call, /regExp: linearRegExpEngine/, `${path.relative(ROOT, file)}: new Ajv without code.regExp = linearRegExpEngine`);
      }
    }
    assert.ok(seen >= 5, `found ${seen}`);
  });
});
