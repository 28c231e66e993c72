// What the Test Explorer lists before replaying: a cassette's header and call count (discovery),
// and each call's line, kind and name (the items' ranges); bad files say which line is wrong.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CassetteError } from '../../src/core/replay/cassette';
import { outlineCassette, summarizeCassette } from '../../src/core/replay/cassetteOutline';
import { ROOT } from './helpers';

const POSTING = path.join(ROOT, 'skills', 'extract_job', 'tests', 'posting-en.jsonl');

describe('replay: cassette outline', () => {
  it('summarizes the header and counts the calls without parsing them', () => {
    const text = fs.readFileSync(POSTING, 'utf8');
    const summary = summarizeCassette(text, 'posting-en.jsonl');
    assert.equal(summary.header.skill, 'extract_job');
    assert.equal(summary.headerLine, 1);
    assert.equal(summary.calls, text.trim().split('\n').length - 1);
    // A broken call line is not the summary's business: only the header is read.
    assert.equal(summarizeCassette(`${text}{not json\n`, 'x').calls, summary.calls + 1);
  });

  it('outlines each call with its line, kind and name, counting lines as the file has them', () => {
    const text = fs.readFileSync(POSTING, 'utf8');
    const { calls } = outlineCassette(text, 'posting-en.jsonl');
    assert.deepEqual(calls.map((c) => [c.index, c.line, c.kind, c.name]), [[1, 2, 'llm', 'skill:extract_job'], [2, 3, 'tool', 'run_skill']]);
    // Blank lines (a hand edit) move the lines, not the indexes.
    const lines = text.trim().split('\n');
    const spaced = ['', lines[0], '  ', lines[1], '\r', '', lines[2], ''].join('\n');
    const outlined = outlineCassette(spaced, 'spaced');
    assert.equal(outlined.summary.headerLine, 2);
    assert.deepEqual(outlined.calls.map((c) => [c.index, c.line]), [[1, 4], [2, 7]]);
    assert.equal(summarizeCassette(spaced, 'spaced').headerLine, 2);
  });

  it('a bad header or call is a CassetteError naming the file\'s own line', () => {
    assert.throws(() => summarizeCassette('', 'empty.jsonl'), (e: unknown) => e instanceof CassetteError && /empty, no header line/.test(e.message));
    assert.throws(() => summarizeCassette('\n\n{"type":"call"}\n', 'h.jsonl'),
      (e: unknown) => e instanceof CassetteError && e.line === 3 && /h\.jsonl line 3: the first line must be the header/.test(e.message));
    const text = fs.readFileSync(POSTING, 'utf8').trim().split('\n');
    text[2] = '{"type":"call","kind":"tool"}';
    assert.throws(() => outlineCassette(text.join('\n'), 'bad.jsonl'), (e: unknown) => e instanceof CassetteError && e.line === 3);
  });
});
