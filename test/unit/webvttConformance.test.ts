import { strict as assert } from 'node:assert';
import { readCues, texts } from './support/readCues';

// WebVTT as the W3C parsing algorithm reads it (https://www.w3.org/TR/webvtt1/#file-parsing),
// case by case, on the behaviours the public suites check (the web-platform-tests WebVTT
// parsing cases and w3c/webvtt.js): the signature and header, timestamps, blocks, and cue text.
// The cases are our own. Where the algorithm drops a block silently, a transcript reader also
// says so: each dropped cue gets a warning naming its line, and the file is never refused for it.

const vtt = (body: string) => readCues(body, 'vtt');
const cue = (time: string, text: string) => `${time}\n${text}\n`;
/** A file of `blocks` after the signature, one blank line between blocks. */
const file = (...blocks: string[]) => `WEBVTT\n\n${blocks.join('\n')}`;

describe('WebVTT conformance: the signature and the header', () => {
  it('a signature line alone, then a cue, is read', () => {
    assert.deepEqual(texts(vtt(file(cue('00:00.000 --> 00:01.000', 'one')))), ['one']);
  });

  it('a byte-order mark before the signature is allowed', () => {
    assert.deepEqual(texts(vtt(`\uFEFF${file(cue('00:00.000 --> 00:01.000', 'one'))}`)), ['one']);
  });

  it('a space or a tab, then any text, may follow the signature', () => {
    assert.deepEqual(texts(vtt(`WEBVTT - an interview\n\n${cue('00:00.000 --> 00:01.000', 'one')}`)), ['one']);
    assert.deepEqual(texts(vtt(`WEBVTT\ttitle\n\n${cue('00:00.000 --> 00:01.000', 'one')}`)), ['one']);
  });

  it('a signature run into other characters is not a signature: the file is refused', () => {
    for (const head of ['WEBVTTX', 'WEBVTT-', 'webvtt', ' WEBVTT']) {
      const r = vtt(`${head}\n\n${cue('00:00.000 --> 00:01.000', 'one')}`);
      assert.match(r.error ?? '', /must start with "WEBVTT"/, head);
    }
  });

  it('header lines after the signature are not cue text', () => {
    const r = vtt(`WEBVTT\nKind: captions\nLanguage: en\n\n${cue('00:00.000 --> 00:01.000', 'one')}`);
    assert.deepEqual(texts(r), ['one']);
  });

  it('a timing line right under the signature (no blank line) starts the first cue', () => {
    assert.deepEqual(texts(vtt('WEBVTT\n00:00.000 --> 00:01.000\none\n')), ['one']);
  });

  it('a file with only the signature is refused with a message, not a crash', () => {
    assert.match(vtt('WEBVTT').error ?? '', /no cue with text/);
  });
});

describe('WebVTT conformance: timestamps', () => {
  const one = (time: string) => vtt(file(cue(time, 'x'), cue('00:10.000 --> 00:11.000', 'after')));

  it('hours may be left out', () => {
    assert.deepEqual(one('01:02.003 --> 01:03.000').cues[0], { text: 'x', start: 62.003, end: 63 });
  });

  it('hours may have one digit, or more than two', () => {
    assert.equal(one('1:00:00.000 --> 1:00:01.000').cues[0].start, 3600);
    assert.equal(one('100:00:00.000 --> 100:00:01.000').cues[0].start, 360000);
  });

  it('a first field over 59 with no third field is hours without minutes and seconds: the cue is invalid', () => {
    const r = one('60:00.000 --> 60:01.000');
    assert.deepEqual(texts(r), ['after']);
  });

  it('minutes and seconds need exactly two digits, milliseconds exactly three', () => {
    for (const bad of ['0:00.000 --> 00:01.000', '00:0.000 --> 00:01.000', '00:00.00 --> 00:01.000', '00:00.0000 --> 00:01.000', '00:00 --> 00:01.000', '00:00.000 --> 00:1.000']) {
      assert.deepEqual(texts(one(bad)), ['after'], bad);
    }
  });

  it('a comma is not the decimal separator (that is SRT): the cue is invalid', () => {
    assert.deepEqual(texts(one('00:00,000 --> 00:01,000')), ['after']);
  });

  it('60 minutes or 60 seconds is invalid', () => {
    assert.deepEqual(texts(one('00:60:00.000 --> 01:00:00.000')), ['after']);
    assert.deepEqual(texts(one('00:60.000 --> 01:00.000')), ['after']);
  });

  it('the arrow needs no blank space around it', () => {
    assert.deepEqual(one('00:00.000-->00:01.000').cues[0], { text: 'x', start: 0, end: 1 });
  });

  it('spaces, tabs and form feeds are blank space around the times; a vertical tab is not', () => {
    assert.equal(one('  00:00.000 \t-->\f 00:01.000 ').cues[0].text, 'x');
    assert.deepEqual(texts(one('\v00:00.000 --> 00:01.000')), ['after']);
  });

  it('anything but blank space between the start time and the arrow makes the cue invalid', () => {
    for (const bad of ['00:00.000x --> 00:01.000', '00:00.000 x--> 00:01.000', '00:00.000 -x-> 00:01.000', '00:00.000 --> x00:01.000', 'x00:00.000 --> 00:01.000']) {
      assert.deepEqual(texts(one(bad)), ['after'], bad);
    }
  });

  it('cue settings after the end time are not text, and do not make the cue invalid', () => {
    const r = one('00:00.000 --> 00:01.000 align:start position:10% line:0 size:50% vertical:rl');
    assert.deepEqual(r.cues[0], { text: 'x', start: 0, end: 1 });
    assert.equal(one('00:00.000 --> 00:01.000garbage').cues[0].text, 'x', 'what follows the end time is settings, even unseparated');
  });

  it('an invalid cue is skipped with a warning naming its line, and the cues after it are read', () => {
    const r = vtt(file(cue('00:00.000 --> 00:01.000', 'first'), cue('00:0x.000 --> 00:02.000', 'broken'), cue('00:03.000 --> 00:04.000', 'third')));
    assert.deepEqual(texts(r), ['first', 'third']);
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0], /^line 6: cannot read the cue time "00:0x\.000 --> 00:02\.000"; the cue was skipped/);
  });

  it('a cue that ends before it starts does not reject the file: it is skipped with a warning naming its line', () => {
    const r = vtt(file(cue('00:05.000 --> 00:04.000', 'backwards'), cue('00:06.000 --> 00:07.000', 'fine')));
    assert.deepEqual(texts(r), ['fine']);
    assert.match(r.warnings[0], /^line 3: the cue ends \(00:00:04\.000\) before it starts \(00:00:05\.000\)/);
  });

  it('a cue that ends when it starts is kept', () => {
    assert.deepEqual(texts(vtt(file(cue('00:05.000 --> 00:05.000', 'instant'), cue('00:06.000 --> 00:07.000', 'next')))), ['instant', 'next']);
  });

  it('a file whose every cue is invalid is refused, and the message says why, naming the line', () => {
    assert.match(vtt(file(cue('00:00,000 --> 00:01,000', 'x'))).error ?? '', /no cue with text: line 3: cannot read the cue time/);
  });
});

describe('WebVTT conformance: blocks', () => {
  it('a cue identifier before the timing line is not text', () => {
    assert.deepEqual(texts(vtt(file('intro-1\n00:00.000 --> 00:01.000\none\n', '2\n00:01.000 --> 00:02.000\ntwo\n'))), ['one', 'two']);
  });

  it('a line with "-->" inside a cue\'s text ends that cue and starts the next: the texts are not merged', () => {
    const r = vtt(file('00:00.000 --> 00:01.000\nfirst\n00:01.000 --> 00:02.000\nsecond\n'));
    assert.deepEqual(r.cues, [{ text: 'first', start: 0, end: 1 }, { text: 'second', start: 1, end: 2 }]);
  });

  it('an identifier line holding "-->" is a failed timing line; the timing line under it starts the cue', () => {
    assert.deepEqual(texts(vtt(file('a-->b\n00:00.000 --> 00:01.000\none\n', '-->\n00:01.000 --> 00:02.000\ntwo\n'))), ['one', 'two']);
  });

  it('cue text stops at a blank line; text after it, with no timing line, is skipped with a warning', () => {
    const r = vtt(file('00:00.000 --> 00:01.000\none\n\nstray words\n', cue('00:01.000 --> 00:02.000', 'two')));
    assert.deepEqual(texts(r), ['one', 'two']);
    assert.match(r.warnings[0], /^line 6: "stray words" has no cue time line before it and was skipped/);
  });

  it('a line of spaces is not a blank line: it does not end the cue', () => {
    assert.deepEqual(texts(vtt(file('00:00.000 --> 00:01.000\none\n   \nstill one\n', cue('00:01.000 --> 00:02.000', 'two')))), ['one still one', 'two']);
  });

  it('several text lines of one cue are joined into one line of speech', () => {
    assert.deepEqual(texts(vtt(file(cue('00:00.000 --> 00:01.000', 'first line\nsecond line'), cue('00:01.000 --> 00:02.000', 'two')))), ['first line second line', 'two']);
  });

  it('NOTE, STYLE and REGION blocks are not cues and need no warning', () => {
    const r = vtt(file('NOTE exported by a tool\nwith two lines\n', 'STYLE\n::cue { color: red }\n', 'REGION\nid:left\n', 'NOTE\n', cue('00:00.000 --> 00:01.000', 'one'), cue('00:01.000 --> 00:02.000', 'two')));
    assert.deepEqual(texts(r), ['one', 'two']);
    assert.deepEqual(r.warnings, []);
  });

  it('an identifier standing alone is skipped with a warning', () => {
    const r = vtt(file('lonely-id\n', cue('00:00.000 --> 00:01.000', 'one'), cue('00:01.000 --> 00:02.000', 'two')));
    assert.deepEqual(texts(r), ['one', 'two']);
    assert.equal(r.warnings.length, 1);
  });

  it('LF, CRLF and lone CR line endings are all line endings', () => {
    const body = 'WEBVTT\r\rcr\r00:00.000 --> 00:01.000\rone\n\nlf\n00:01.000 --> 00:02.000\ntwo\r\n\r\ncrlf\r\n00:02.000 --> 00:03.000\r\nthree\r\n';
    assert.deepEqual(texts(vtt(body)), ['one', 'two', 'three']);
  });

  it('a NUL character is read as a replacement character, not an end of text', () => {
    const r = vtt(file(cue('00:00.000 --> 00:01.000', 'a\0b'), cue('00:01.000 --> 00:02.000', 'two')));
    assert.deepEqual(texts(r), ['a\uFFFDb', 'two']);
  });

  it('many blank lines between cues, and none after the last one, are fine', () => {
    assert.deepEqual(texts(vtt('WEBVTT\n\n\n\n00:00.000 --> 00:01.000\none\n\n\n\n\n00:01.000 --> 00:02.000\ntwo')), ['one', 'two']);
  });
});

describe('WebVTT conformance: cue text', () => {
  const text = (raw: string) => vtt(file(cue('00:00.000 --> 00:01.000', raw), cue('00:01.000 --> 00:02.000', 'end'))).cues[0]?.text;

  it('&amp; &lt; &gt; are decoded', () => {
    assert.equal(text('R&amp;D &lt;fast&gt;'), 'R&D <fast>');
  });

  it('&nbsp; is a space between the words', () => {
    assert.equal(text('two&nbsp;words'), 'two words');
  });

  it('&lrm; and &rlm; are invisible direction marks: decoded, and the words around them stay whole', () => {
    assert.equal(text('ab&lrm;c d&rlm;e'), 'abc de');
  });

  it('decimal and hexadecimal references are decoded', () => {
    assert.equal(text('&#72;&#x69;&#X21;'), 'Hi!');
  });

  it('other named references of HTML are decoded', () => {
    assert.equal(text('&quot;quoted&quot; &copy; &hellip;'), '"quoted" © …');
  });

  it('&amp without its semicolon is decoded, as HTML does; an unknown reference or a lone & stays as written', () => {
    assert.equal(text('A&amp B'), 'A& B');
    assert.equal(text('&unknownthing; & &; &1;'), '&unknownthing; & &; &1;');
  });

  it('an escaped tag is text, not markup', () => {
    assert.equal(text('use &lt;b&gt; here'), 'use <b> here');
  });

  it('class, italic, bold, underline, ruby and language tags are removed, their text kept', () => {
    assert.equal(text('<c.yellow>one</c> <i>two</i> <b>three</b> <u>four</u> <ruby>five<rt>5</rt></ruby> <lang en>six</lang>'), 'one two three four five5 six');
  });

  it('timestamp tags inside the text are removed', () => {
    assert.equal(text('one <00:00.500>two <00:00:00.800>three'), 'one two three');
  });

  it('a voice span names the speaker, with or without a class', () => {
    const r = vtt(file(cue('00:00.000 --> 00:01.000', '<v Jane Smith>How would you shard it?</v>'), cue('00:01.000 --> 00:02.000', '<v.loud Wei Chen>By user id.')));
    assert.deepEqual(r.cues.map((c) => [c.speaker, c.text]), [['Jane Smith', 'How would you shard it?'], ['Wei Chen', 'By user id.']]);
  });

  it('a character reference in a voice name is decoded too', () => {
    const r = vtt(file(cue('00:00.000 --> 00:01.000', '<v Ann &amp; Bo>Why?'), cue('00:01.000 --> 00:02.000', '<v Cy>Because.')));
    assert.equal(r.cues[0].speaker, 'Ann & Bo');
  });
});
