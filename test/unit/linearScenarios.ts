/**
 * The metered runs of linearParsing.test.ts, in a process of their own: counting patterns means
 * replacing RegExp.prototype.exec, and once that is done V8 turns its fast paths for regular
 * expressions off for good, which would slow every later test in the mocha process.
 * Run as `node -r esbuild-register test/unit/linearScenarios.ts NAME…`; prints
 * `{ NAME: { small, large } | { small, error } }` as JSON.
 */
import { strict as assert } from 'node:assert';
import { sentences } from '../../src/core/diagnosis/knowledge/turnViews';
import { tokenize } from '../../src/core/text/tokenize';
import { isQuestionLike } from '../../src/core/diagnosis/transcript/cues';
import { detectTranscriptFormat, parseTranscript } from '../../src/core/diagnosis/transcript/parse';
import { roleOfLabel } from '../../src/core/diagnosis/transcript/speakers';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { meterRegexSteps } from './regexCost';

const clock = (s: number) => `00:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')},000`;

/** Each scenario: what runs on an input of size n, and n. */
export const SCENARIOS: Record<string, { run: (n: number) => unknown; n: number }> = {
  'detect: blank lines': { run: (n) => detectTranscriptFormat(`${'\n'.repeat(n)}hello`), n: 300 },
  'detect: blank CRLF lines before a broken time': { run: (n) => detectTranscriptFormat(`${' \r\n'.repeat(n)}1\n00:00:01,000 x`), n: 300 },
  'question mark and blank space': { run: (n) => isQuestionLike(`Why?${' '.repeat(n)}x`), n: 2000 },
  'merging cues of one speaker': {
    run: (n) => {
      const cues = ['1\n00:00:00,000 --> 00:00:02,000\nInterviewer: How does a hash map work?\n'];
      for (let i = 1; i <= n; i++) cues.push(`${i + 1}\n${clock(2 + i)} --> ${clock(3 + i)}\n${i === 1 ? 'Candidate: ' : ''}buckets and hashing ${i}\n`);
      const r = splitTranscript(cues.join('\n'));
      assert.equal(r.pairs.length, 1);
      assert.equal(r.turns[1].segments.length, n);
    },
    n: 200,
  },
  'WebVTT voice tags that never close': {
    run: (n) => parseTranscript(`WEBVTT\n\n00:00.000 --> 00:02.000\n<v Interviewer>How does a hash map work?\n\n00:02.500 --> 00:05.000\n<v Candidate>${'<v '.repeat(n)}x\n`),
    n: 500,
  },
  'SRT tags that never close': {
    run: (n) => parseTranscript(`1\n00:00:00,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:02,500 --> 00:00:05,000\nCandidate: ${'<b'.repeat(n)}x\n`),
    n: 500,
  },
  'questions asked back in one long answer': {
    run: (n) => {
      const lines = ['Interviewer: How would you shard the orders table?'];
      for (let i = 0; i < n; i++) lines.push('Candidate: Before launch or during the sale?', 'Interviewer: Internal only, about two thousand.');
      lines.push('Candidate: Then I would shard by customer id and keep a lookup table for order ids.');
      return splitTranscript(lines.join('\n'));
    },
    n: 100,
  },
  'SRT: one subtitle with many blank lines and numbers inside its text': {
    run: (n) => parseTranscript(`1\n00:00:00,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:02,500 --> 00:00:05,000\nCandidate: ${'because\n\n42\n\n'.repeat(n)}x\n`),
    n: 300,
  },
  'WebVTT: cues with no blank line between them, and character references': {
    run: (n) => {
      const cues = ['WEBVTT', '', '00:00.000 --> 00:01.000', '<v Interviewer>How does a hash map work?'];
      for (let i = 0; i < n; i++) cues.push('00:01.000 --> 00:02.000', `<v Candidate>buckets &amp; hashing&nbsp;${'&#x41;'.repeat(3)}`);
      return parseTranscript(cues.join('\n'));
    },
    n: 200,
  },
  'a speaker label ending in a long number': { run: (n) => roleOfLabel(`${'1'.repeat(n)}x`), n: 500 },
  'a search token with a long run of dots': { run: (n) => tokenize(`a${'.'.repeat(n)}b`), n: 500 },
  'a sentence of abbreviations': { run: (n) => sentences(`${'e.g. '.repeat(n)}end.`), n: 300 },
};

/** Every scenario takes well under a million steps at n once linear; the old code's runs are stopped here. */
const SMALL_BUDGET = 5_000_000;

/**
 * Pattern steps at n, then at 8n with a budget of 10 times that (a linear run takes about 8
 * times; a quadratic one 64 times and is stopped at the budget).
 */
function measure(name: string): { small: number; large?: number; error?: string } {
  const { run, n } = SCENARIOS[name];
  let small = SMALL_BUDGET;
  try {
    small = meterRegexSteps(() => run(n), SMALL_BUDGET).steps;
    return { small, large: meterRegexSteps(() => run(8 * n), 10 * small + 2000).steps };
  } catch (err) {
    return { small, error: (err as Error).message.slice(0, 300) };
  }
}

if (require.main === module) {
  const out: Record<string, ReturnType<typeof measure>> = {};
  for (const name of process.argv.slice(2)) out[name] = measure(name);
  process.stdout.write(JSON.stringify(out));
}
