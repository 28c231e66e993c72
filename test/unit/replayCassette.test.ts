import { strict as assert } from 'node:assert';
import { callKey, canonicalJson } from '../../src/core/runtime/canonical';
import { CassetteError, parseCassette, serializeCassette, type Cassette } from '../../src/core/replay/cassette';
import { diffLines, editDistance, formatDiff } from '../../src/core/replay/diff';

const header = { type: 'header', format: 1, skill: 'diagnose-transcript', skillHash: 'abc', engine: 'anthropic', model: 'm', createdAt: '2026-01-01T00:00:00.000Z' };
const KEY = 'a'.repeat(64);
const toolLine = (over: object = {}) => ({ type: 'call', kind: 'tool', key: KEY, repeat: 0, name: 'split_qa_pairs', request: { text: 'x' }, response: { success: true, data: 1 }, durationMs: 3, ...over });
const text = (...lines: object[]) => lines.map((l) => JSON.stringify(l)).join('\n');

describe('replay: canonical keys', () => {
  it('does not depend on key order, and an undefined field is the same as an absent one', () => {
    const a = { purpose: 'judge', maxTokens: 10, system: [{ type: 'text', text: 's' }], messages: [], temperature: undefined };
    const b = { messages: [], system: [{ text: 's', type: 'text' }], maxTokens: 10, purpose: 'judge' };
    assert.equal(callKey('llm', 'judge', a), callKey('llm', 'judge', b));
    assert.equal(canonicalJson(a), canonicalJson(b));
    assert.match(callKey('llm', 'judge', a), /^[0-9a-f]{64}$/);
  });

  it('differs for a different value, name or kind, and keeps array order', () => {
    const base = callKey('tool', 'find_reference', { question: 'q', previous: ['a', 'b'] });
    assert.notEqual(base, callKey('tool', 'find_reference', { question: 'q2', previous: ['a', 'b'] }));
    assert.notEqual(base, callKey('tool', 'find_reference', { question: 'q', previous: ['b', 'a'] }));
    assert.notEqual(base, callKey('tool', 'query_knowledge_base', { question: 'q', previous: ['a', 'b'] }));
    assert.notEqual(base, callKey('llm', 'find_reference', { question: 'q', previous: ['a', 'b'] }));
  });

  it('pretty canonical JSON puts one value per line, sorted, for diffs', () => {
    assert.equal(canonicalJson({ b: 1, a: [true, undefined] }, true), '{\n  "a": [\n    true,\n    null\n  ],\n  "b": 1\n}');
  });
});

describe('replay: cassette format', () => {
  it('parses a header and calls, skipping blank lines and CRLF endings, and serialises back', () => {
    const c = parseCassette(`${text(header, toolLine(), toolLine({ repeat: 1 }))}\r\n\n`);
    assert.equal(c.header.skill, 'diagnose-transcript');
    assert.deepEqual(c.calls.map((x) => x.repeat), [0, 1]);
    assert.deepEqual(parseCassette(serializeCassette(c)), c);
  });

  it('names the file and line of a bad line and says what is wrong', () => {
    const bad = `${text(header, toolLine())}\n{"type":"call",`;
    assert.throws(() => parseCassette(bad, 'r.jsonl'), (err: CassetteError) => {
      assert.ok(err instanceof CassetteError);
      assert.equal(err.line, 3);
      assert.match(err.message, /^r\.jsonl line 3: not valid JSON/);
      return true;
    });
    assert.throws(() => parseCassette(text(header, toolLine({ key: 'short' })), 'r.jsonl'), /r\.jsonl line 2: "key" must be a sha256/);
    assert.throws(() => parseCassette(text(header, toolLine({ kind: 'http' }))), /line 2: "kind" must be "llm" or "tool"/);
    assert.throws(() => parseCassette(text(header, toolLine({ repeat: -1 }))), /line 2: "repeat" must be a whole number/);
    assert.throws(() => parseCassette(text(header, toolLine({ response: { data: 1 } }))), /line 2: a tool call needs the tool "name" and a ToolResult/);
    assert.throws(() => parseCassette(text(header, toolLine({ kind: 'llm', request: { purpose: 'judge' } }))), /line 2: a model call needs an LlmRequest/);
    assert.throws(() => parseCassette(text(toolLine())), /line 1: the first line must be the header/);
    assert.throws(() => parseCassette(text(header, header)), /line 2: a second header/);
    assert.throws(() => parseCassette('\n\n', 'empty.jsonl'), /empty\.jsonl: empty, no header line/);
  });

  it('refuses an unknown format version, saying which versions it reads', () => {
    assert.throws(() => parseCassette(text({ ...header, format: 2 }), 'new.jsonl'),
      /new\.jsonl line 1: cassette format 2 is not supported; this version reads format 1: update Interview Lens, or re-record/);
    assert.throws(() => parseCassette(text({ ...header, tolerance: -1 })), /"tolerance" must be a number, 0 or more/);
  });

  it('redacts everything it serialises', () => {
    const c: Cassette = { header: header as Cassette['header'], calls: [toolLine({ request: { text: 'key sk-ant-api03-abcdefghijklmnop here' } }) as Cassette['calls'][0]] };
    const out = serializeCassette(c);
    assert.doesNotMatch(out, /sk-ant-api03/);
    assert.match(out, /\[redacted\]/);
  });
});

describe('replay: line diff', () => {
  it('finds the shortest edit script', () => {
    const a = ['a', 'b', 'c', 'd', 'e'];
    const b = ['a', 'x', 'c', 'd', 'e', 'f'];
    const edits = diffLines(a, b)!;
    assert.deepEqual(edits.filter((e) => e.op !== ' ').map((e) => `${e.op}${e.line}`), ['-b', '+x', '+f']);
    assert.deepEqual(edits.filter((e) => e.op !== '+').map((e) => e.line), a);
    assert.deepEqual(edits.filter((e) => e.op !== '-').map((e) => e.line), b);
    assert.equal(editDistance(a, b), 3);
    assert.equal(editDistance(a, b, 2), undefined, 'gives up past the bound');
    assert.equal(editDistance([], []), 0);
  });

  it('shows - expected / + actual with context and elides distant unchanged lines', () => {
    const left = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const right = [...left];
    right[3] = 'changed 3';
    right[25] = 'changed 25';
    const out = formatDiff(left.join('\n'), right.join('\n'));
    assert.equal(out, ['  line 1', '  line 2', '- line 3', '+ changed 3', '  line 4', '  line 5', '…', '  line 23', '  line 24', '- line 25', '+ changed 25', '  line 26', '  line 27'].join('\n'));
    assert.equal(formatDiff('same', 'same'), '');
  });

  it('stays fast on large inputs and says when they are too different', () => {
    const big = Array.from({ length: 15_000 }, (_, i) => `"field${i}": ${i},`);
    const changed = [...big];
    changed[7_000] = '"field7000": -1,';
    let t = performance.now();
    assert.match(formatDiff(big.join('\n'), changed.join('\n')), /- "field7000": 7000,\n\+ "field7000": -1,/);
    assert.ok(performance.now() - t < 500);
    const other = big.map((l) => `x${l}`);
    t = performance.now();
    assert.match(formatDiff(big.join('\n'), other.join('\n')), /more than 2000 lines differ/);
    assert.ok(performance.now() - t < 3000);
  });

  it('caps the output length, counting what it left out', () => {
    const left = Array.from({ length: 200 }, (_, i) => `a${i}`).join('\n');
    const right = Array.from({ length: 200 }, (_, i) => `b${i}`).join('\n');
    const out = formatDiff(left, right, { maxLines: 10 }).split('\n');
    assert.equal(out.length, 11);
    assert.match(out[10], /… and 390 more changed lines/);
  });
});
