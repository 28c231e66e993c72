import { strict as assert } from 'node:assert';
import { readCues, texts } from './support/readCues';

// SRT as leniently as the Python `srt` library reads it (its parser and its test suite cover the
// same ground): arrows written in several ways, subtitle numbers of many shapes or none, blank
// lines inside a subtitle, times with other separators, unpadded fields or no milliseconds. The
// cases are our own. Where that library stops at a broken block, a transcript reader skips the
// block with a warning naming its line and reads the rest.

const srt = (body: string) => readCues(body, 'srt');
const sub = (n: number | string, time: string, text: string) => `${n}\n${time}\n${text}\n`;
const two = (first: string) => srt(`${first}\n${sub(9, '00:01:00,000 --> 00:01:01,000', 'last')}`);

describe('SRT conformance: blocks', () => {
  it('number, time line, text and a blank line make one subtitle each', () => {
    const r = srt(`${sub(1, '00:00:01,000 --> 00:00:02,500', 'first')}\n${sub(2, '00:00:03,000 --> 00:00:04,000', 'second')}`);
    assert.deepEqual(r.cues, [{ text: 'first', start: 1, end: 2.5 }, { text: 'second', start: 3, end: 4 }]);
  });

  it('a blank line inside a subtitle\'s text is part of that subtitle', () => {
    const r = two(sub(1, '00:00:01,000 --> 00:00:02,000', 'before the gap\n\nafter the gap'));
    assert.deepEqual(texts(r), ['before the gap after the gap', 'last']);
    assert.deepEqual(r.warnings, []);
  });

  it('several blank lines inside a subtitle\'s text are part of it too', () => {
    assert.deepEqual(texts(two(sub(1, '00:00:01,000 --> 00:00:02,000', 'a\n\n\n\nb'))), ['a b', 'last']);
  });

  it('a subtitle with no blank line before the next number and time line ends there', () => {
    const r = srt(`${sub(1, '00:00:01,000 --> 00:00:02,000', 'first')}${sub(2, '00:00:03,000 --> 00:00:04,000', 'second')}`);
    assert.deepEqual(texts(r), ['first', 'second']);
  });

  it('a subtitle may have no number', () => {
    const r = srt('00:00:01,000 --> 00:00:02,000\nfirst\n\n00:00:03,000 --> 00:00:04,000\nsecond\n');
    assert.deepEqual(texts(r), ['first', 'second']);
  });

  it('numbers may be negative, have a dot, leading zeros or blank space after them', () => {
    for (const n of ['-3', '12.5', '0007', '4 \t']) {
      assert.deepEqual(texts(two(sub(n, '00:00:01,000 --> 00:00:02,000', 'x'))), ['x', 'last'], JSON.stringify(n));
    }
  });

  it('blank lines and blank space before the first subtitle are skipped', () => {
    assert.deepEqual(texts(srt(`\n\n  \n${sub(1, '00:00:01,000 --> 00:00:02,000', 'x')}`)), ['x']);
  });

  it('a byte-order mark at the start is not part of the first number', () => {
    assert.deepEqual(texts(srt(`\uFEFF${sub(1, '00:00:01,000 --> 00:00:02,000', 'x')}\n${sub(2, '00:00:03,000 --> 00:00:04,000', 'y')}`)), ['x', 'y']);
  });

  it('CRLF line endings', () => {
    assert.deepEqual(texts(srt('1\r\n00:00:01,000 --> 00:00:02,000\r\nfirst\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nsecond\r\n')), ['first', 'second']);
  });

  it('the last subtitle needs no blank line or line break after it', () => {
    assert.deepEqual(texts(srt('1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n2\n00:00:03,000 --> 00:00:04,000\nsecond')), ['first', 'second']);
  });

  it('a subtitle with no text is dropped without a warning, even the last line of the file', () => {
    const r = srt('1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nsecond\n\n3\n00:00:05,000 --> 00:00:06,000');
    assert.deepEqual(texts(r), ['second']);
    assert.deepEqual(r.warnings, []);
  });

  it('formatting tags are not text', () => {
    assert.deepEqual(texts(two(sub(1, '00:00:01,000 --> 00:00:02,000', '<i>one</i> <b>two</b> <u>three</u> <font color="#fff">four</font>'))), ['one two three four', 'last']);
  });
});

describe('SRT conformance: time lines', () => {
  const first = (time: string) => two(sub(1, time, 'x')).cues[0];

  it('a spaced arrow ("- >", "-- >") is an arrow', () => {
    assert.deepEqual(first('00:00:01,000 - > 00:00:02,000'), { text: 'x', start: 1, end: 2 });
    assert.deepEqual(first('00:00:01,000 -- > 00:00:02,000'), { text: 'x', start: 1, end: 2 });
  });

  it('an arrow with no blank space around it, one dash, a doubled head or a long dash is an arrow', () => {
    for (const time of ['00:00:01,000-->00:00:02,000', '00:00:01,000 -> 00:00:02,000', '00:00:01,000 -->> 00:00:02,000', '00:00:01,000 —> 00:00:02,000']) {
      assert.deepEqual(first(time), { text: 'x', start: 1, end: 2 }, time);
    }
  });

  it('a dot may separate the milliseconds', () => {
    assert.deepEqual(first('00:00:01.250 --> 00:00:02.500'), { text: 'x', start: 1.25, end: 2.5 });
  });

  it('full-width punctuation (Chinese exports) is read as the half-width', () => {
    assert.deepEqual(first('00：00：01，000 --> 00：00：03，000'), { text: 'x', start: 1, end: 3 });
  });

  it('a time may have no milliseconds, or a separator with none after it', () => {
    assert.deepEqual(first('00:00:01 --> 00:00:02'), { text: 'x', start: 1, end: 2 });
    assert.deepEqual(first('00:00:01, --> 00:00:02,'), { text: 'x', start: 1, end: 2 });
  });

  it('fields need not be padded; milliseconds are a count, so "1,5" is one second and five milliseconds', () => {
    assert.deepEqual(first('0:0:1,5 --> 0:0:2,50'), { text: 'x', start: 1.005, end: 2.05 });
  });

  it('milliseconds over 999 carry into the seconds', () => {
    assert.deepEqual(first('00:00:01,1500 --> 00:00:00,4000'), { text: 'x', start: 2.5, end: 4 });
  });

  it('hours of more than two digits are read', () => {
    assert.equal(first('100:00:00,000 --> 100:00:01,000').start, 360000);
  });

  it('position data after the end time is not text', () => {
    assert.deepEqual(first('00:00:01,000 --> 00:00:02,000  X1:100 X2:200 Y1:300 Y2:400'), { text: 'x', start: 1, end: 2 });
  });

  it('the same time written several ways is one time', () => {
    for (const time of ['00:00:01,000', '0:0:1,0', '00:00:00,1000', '00.00.01.000']) {
      assert.equal(first(`${time} --> 00:00:05,000`).start, 1, time);
    }
  });
});

describe('SRT conformance: broken blocks cost themselves only', () => {
  it('garbage between two subtitles is skipped with a warning; both subtitles are read', () => {
    const r = srt(`${sub(1, '00:00:01,000 --> 00:00:02,000', 'first')}\n7\ngarbage with no time\n\n${sub(2, '00:00:03,000 --> 00:00:04,000', 'second')}`);
    assert.deepEqual(texts(r), ['first', 'second']);
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0], /^line 5: expected a time line .* found "garbage with no time"/);
  });

  it('text before the first subtitle is skipped with a warning', () => {
    const r = srt(`some title\n\n${sub(1, '00:00:01,000 --> 00:00:02,000', 'first')}`);
    assert.deepEqual(texts(r), ['first']);
    assert.match(r.warnings[0], /^line 1: expected a cue time line such as "00:01:02,000 --> 00:01:05,000"; found "some title" before the first one, and skipped it$/);
  });

  it('a time line that cannot be read skips its subtitle only, with a warning naming its line', () => {
    const r = srt(`${sub(1, '00:00:01,000 --> 00:00:02,000', 'first')}\n${sub(2, '00:00:0x,000 --> 00:00:04,000', 'lost')}\n${sub(3, '00:00:05,000 --> 00:00:06,000', 'third')}`);
    assert.deepEqual(texts(r), ['first', 'third']);
    assert.match(r.warnings[0], /^line 6: cannot read the time range "00:00:0x,000 --> 00:00:04,000"; the subtitle was skipped/);
  });

  it('a time with a letter in place of a separator is no time: its block is skipped with a warning', () => {
    const r = srt(`${sub(1, '00:00:01,000 --> 00:00:02,000', 'first')}\n${sub(2, '00t00:03,000 --> 00:00:04,000', 'lost')}\n${sub(3, '00:00:05,000 --> 00:00:06,000', 'third')}`);
    assert.deepEqual(texts(r), ['first', 'third']);
    assert.equal(r.warnings.length, 1);
  });

  it('a subtitle that ends before it starts is skipped with a warning, not the file', () => {
    const r = srt(`${sub(1, '00:00:05,000 --> 00:00:02,000', 'backwards')}\n${sub(2, '00:00:06,000 --> 00:00:07,000', 'fine')}`);
    assert.deepEqual(texts(r), ['fine']);
    assert.match(r.warnings[0], /^line 2: the cue ends \(00:00:02,000\) before it starts \(00:00:05,000\)/);
  });
});

describe('SRT conformance: detection', () => {
  it('a file with full-width time lines is detected as SRT, and no time line ends up in the text', () => {
    const body = '1\n00：00：01，000 --> 00：00：03，000\n面试官：请介绍一下你最近做的项目？\n\n2\n00：00：04，000 --> 00：00：09，000\n候选人：我负责订单系统的重构。\n';
    const r = readCues(body, 'auto');
    assert.equal(r.format, 'srt');
    assert.deepEqual(r.cues.map((c) => [c.speaker, c.text, c.start]), [['面试官', '请介绍一下你最近做的项目？', 1], ['候选人', '我负责订单系统的重构。', 4]]);
  });

  it('times without milliseconds under subtitle numbers are SRT (CRLF too); such a time in a note is not', () => {
    assert.equal(readCues('1\r\n00:00:01 --> 00:00:02\r\nInterviewer: Why?\r\n\r\n2\r\n00:00:03 --> 00:00:04\r\nCandidate: Because.\r\n', 'auto').format, 'srt');
    const labeled = readCues('Interviewer: Agenda first.\n10:00 -> 10:30 intro\nCandidate: Sounds good, thanks.\nInterviewer: Why did you pick Kafka?\nCandidate: For replay.\n', 'auto');
    assert.equal(labeled.format, 'labeled-en');
  });

  it('a file with spaced arrows and unpadded times is detected as SRT', () => {
    const body = '1\n0:0:1,5 -- > 0:0:3,0\nInterviewer: Why a queue?\n\n2\n0:0:4,0 -> 0:0:9,0\nCandidate: To absorb bursts.\n';
    assert.equal(readCues(body, 'auto').format, 'srt');
  });
});
