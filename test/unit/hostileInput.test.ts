import { strict as assert } from 'node:assert';
import { TranscriptError } from '../../src/core/diagnosis/transcript/model';
import { MAX_TRANSCRIPT_CHARS, parseTranscript } from '../../src/core/diagnosis/transcript/parse';
import { decodeTranscript } from '../../src/core/diagnosis/transcript/readText';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';

// Broken or strange files get one short line that says where and what to fix: never a stack
// overflow, never a megabyte of the file echoed back, never an internal check that names no line.

/** The TranscriptError `fn` throws; fails on anything else (a RangeError, a TypeError, no error). */
function transcriptError(fn: () => unknown): TranscriptError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof TranscriptError, `expected a TranscriptError, got ${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 200)}`);
    assert.ok(!e.message.includes('\n'), `one line: ${e.message.slice(0, 200)}`);
    assert.ok(e.message.length <= 300, `short (${e.message.length} characters): ${e.message.slice(0, 300)}`);
    return e;
  }
  assert.fail('no error');
}

const INTERVIEW = 'Interviewer: How does a hash map work?\nCandidate: It hashes each key into a bucket and resizes when the buckets fill up.\n';

describe('hostile input gets a clear error', () => {
  it('deeply nested JSON that never closes: a TranscriptError with its line, not a stack overflow', () => {
    for (const text of ['['.repeat(10_000), `{"segments":[{"a":${'['.repeat(10_000)}`, `{"segments":\n[${'{"a":'.repeat(5000)}`]) {
      const e = transcriptError(() => splitTranscript(text, { format: 'whisper-json' }));
      assert.match(e.message, /line \d+: the JSON is malformed \(the file ends before every \[ and \{ is closed/);
    }
    const e = transcriptError(() => splitTranscript(`{"segments": [\n  {"start": 0, "end": 1, "text": "hi"}\n  ${'['.repeat(10_000)}x`));
    assert.equal(e.line, 3);
  });

  it('a negative Whisper time is refused naming the segment and its line (not clamped: pauses and latency would be made up)', () => {
    const json = JSON.stringify({ segments: [
      { start: 0, end: 2, text: 'How does a hash map work?' },
      { start: -5, end: -1, text: 'It hashes keys into buckets.' },
    ] }, null, 1);
    const e = transcriptError(() => splitTranscript(json));
    assert.match(e.message, /^line 11: segments\[1\] starts at -5 seconds; times cannot be negative: correct/);
    const cpp = JSON.stringify({ transcription: [{ offsets: { from: 0, to: 2000 }, text: 'Why?' }, { offsets: { from: 3000, to: -1 }, text: 'Because.' }] });
    assert.match(transcriptError(() => splitTranscript(cpp)).message, /transcription\[1\] ends at -0\.001 seconds/);
  });

  it('a 1 MB unreadable time line is quoted in 80 characters, with its line number, and skipped', () => {
    const srt = `1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:0${'9'.repeat(1_000_000)} --> 00:00:03,000\nCandidate: Because.\n`;
    const { warnings } = parseTranscript(srt, { format: 'srt' });
    assert.equal(warnings?.length, 1);
    assert.match(warnings![0], /^line 6: cannot read the time range "00:00:09{73}…"; the subtitle was skipped: write it as HH:MM:SS,mmm --> HH:MM:SS,mmm$/);
    const e = transcriptError(() => splitTranscript(srt));
    assert.match(e.message, /a block was skipped while reading, the first at line 6$/);
    const block = transcriptError(() => splitTranscript(`1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Why?\n\n${'x'.repeat(1_000_000)}\n`));
    // A 1 MB line after a blank line is that subtitle's text (as the srt library reads it): the error does not echo it.
    assert.ok(!block.message.includes('xxxx'), block.message);
  });

  it('an SRT with old-Mac line endings (CR only) is read line by line', () => {
    const srt = '1\r00:00:01,000 --> 00:00:03,000\rInterviewer: How does a hash map work?\r\r2\r00:00:04,000 --> 00:00:09,000\rCandidate: It hashes keys into buckets and resizes when they fill.\r';
    const r = splitTranscript(srt);
    assert.equal(r.format, 'srt');
    assert.equal(r.pairs.length, 1);
    assert.equal(r.pairs[0].answerStartS, 4);
    assert.equal(srt.slice(r.pairs[0].startOffset, r.pairs[0].startOffset + 12), 'Interviewer:');
    // And the line numbers in warnings count CRs.
    assert.match(parseTranscript('1\r00:00:01,000 --> 00:00:02,000\rA\r\r2\r00:00:99,000 --> 00:01:00,000\rB\r').warnings![0], /^line 6: /);
  });

  it('UTF-16 files, little- and big-endian, with or without a byte-order mark, are decoded', () => {
    const le = Buffer.from(INTERVIEW, 'utf16le');
    const be = Buffer.from(le).swap16();
    const files: Record<string, Buffer> = {
      'le-bom': Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'be-bom': Buffer.concat([Buffer.from([0xfe, 0xff]), be]), le, be,
    };
    for (const [name, bytes] of Object.entries(files)) {
      const text = decodeTranscript(bytes, name);
      assert.equal(text, INTERVIEW, name);
      assert.equal(splitTranscript(text).pairs.length, 1, name);
    }
    // Chinese UTF-16 with its mark too.
    const zh = '面试官：讲讲哈希表。\n候选人：用哈希函数把键放进桶里。\n';
    assert.equal(decodeTranscript(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(zh, 'utf16le')]), 'zh'), zh);
  });

  it('binary files and undecodable UTF-16 say what to do, and name the UTF-16 conversion', () => {
    const binary = transcriptError(() => decodeTranscript(Buffer.from([0x50, 0x4b, 0, 1, 2, 0, 0, 7, 9, 0, 0, 0, 3, 0, 0, 0, 1, 1]), 'a.zip'));
    assert.match(binary.message, /a\.zip looks like a binary file.*iconv -f UTF-16 -t UTF-8/);
    // An unpaired surrogate behind a UTF-16 mark.
    const broken = transcriptError(() => decodeTranscript(Buffer.from([0xff, 0xfe, 0x41, 0, 0x00, 0xd8, 0x41, 0]), 'b.txt'));
    assert.match(broken.message, /b\.txt looks like UTF-16LE text that cannot be decoded: convert it to UTF-8 \(iconv -f UTF-16 -t UTF-8/);
  });

  it('a file one character over the limit shows both exact counts', () => {
    const e = transcriptError(() => parseTranscript('面试官：'.padEnd(MAX_TRANSCRIPT_CHARS + 1, '啊')));
    assert.equal(e.message, 'the transcript has 30,000,001 characters; Interview Lens reads at most 30,000,000: split it into one file per interview');
  });
});
