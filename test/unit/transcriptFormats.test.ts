import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTranscript, detectTranscriptFormat } from '../../src/core/diagnosis/transcript/parse';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { TranscriptError } from '../../src/core/diagnosis/transcript/model';
import { fillerAccuracy, GOLD_DIR, lensAccuracy, prf, scoreGoldSet } from '../../scripts/lib/splitEval';

const gold = (f: string) => fs.readFileSync(path.join(GOLD_DIR, f), 'utf8');

describe('transcript formats', () => {
  it('detects every gold-set format in the documented order', () => {
    const expected: Record<string, string> = {
      'first-cue-names-zh.srt': 'srt', 'fullwidth-zh.srt': 'srt', 'whisperx-en.srt': 'srt', 'teams-en.vtt': 'vtt', 'zoom-zh.vtt': 'vtt',
      'whisper-words-en.json': 'whisper-json', 'whisperx-zh.json': 'whisper-json', 'whisper-cpp-zh.json': 'whisper-cpp-json',
      'otter-en.txt': 'otter', 'feishu-zh.txt': 'feishu', 'labeled-zh.txt': 'labeled', 'named-en.txt': 'labeled',
      'qa-zh.txt': 'labeled', 'dialogue-en.txt': 'dialogue', 'hand-dialogue-zh.txt': 'dialogue',
      'hand-greeting-clarify-en.txt': 'labeled', 'hand-greeting-clarify-zh.txt': 'labeled',
      'hand-greeting-clarify-en.srt': 'srt', 'hand-greeting-clarify-zh.srt': 'srt',
      'hand-greeting-clarify-en.vtt': 'vtt', 'hand-greeting-clarify-zh.vtt': 'vtt',
    };
    for (const [file, format] of Object.entries(expected)) assert.equal(detectTranscriptFormat(gold(file)), format, file);
  });

  it('meets the issue targets on the gold set: pair F1, roles, fillers, long pauses and lens lines', () => {
    const scores = scoreGoldSet();
    assert.ok(scores.length >= 12, 'at least 12 gold transcripts');
    for (const s of scores) assert.equal(s.error, undefined, `${s.file}: ${s.error}`);
    assert.ok(prf(scores.filter((s) => s.group === 'labeled')).f1 >= 0.97);
    assert.ok(prf(scores.filter((s) => s.group === 'timed+speakers')).f1 >= 0.97);
    assert.ok(prf(scores.filter((s) => s.group === 'unlabeled')).f1 >= 0.85);
    assert.deepEqual(scores.filter((s) => s.rolesOk === false).map((s) => s.file), []);
    assert.equal(fillerAccuracy(scores), 1);
    for (const s of scores) if (s.longPauses) assert.equal(s.longPauses.found, s.longPauses.expected, `${s.file} long pauses`);
    for (const s of scores) assert.ok(s.formatOk, `${s.file} format`);
    assert.ok(scores.reduce((n, s) => n + s.lens.expected, 0) >= 19, 'the greeting and clarification files name their lens lines');
    for (const s of scores) assert.equal(s.lens.found, s.lens.expected, `${s.file}: CodeLens on the question's line`);
    assert.equal(lensAccuracy(scores), 1);
  });

  it('SRT: a name on a turn\'s first cue carries to the following cues; offsets point at the cue text', () => {
    const text = gold('first-cue-names-zh.srt');
    const t = parseTranscript(text);
    assert.equal(t.timed, true);
    const second = t.turns.find((x) => x.text.includes('订单系统的重构'))!;
    assert.equal(second.speaker, '李娜');
    assert.ok(second.segments.length >= 2, 'cues of one turn merge');
    const s = splitTranscript(text);
    const q = s.pairs[0];
    assert.ok(q.question.startsWith('好，那我们开始吧。'), 'the question keeps the lead-in cue');
    assert.ok(text.slice(q.startOffset).startsWith('先请你介绍一下你最近做的一个项目'), 'question offset at the question cue, past the "好，那我们开始吧。" cue');
    assert.ok(q.answerStartS! > q.questionEndS!, 'answer starts after the question ends');
    assert.ok(q.answerEndS! > q.answerStartS!);
  });

  it('WebVTT: Teams voice spans and Zoom name cues, NOTE blocks skipped, hours optional', () => {
    const teams = parseTranscript(gold('teams-en.vtt'));
    assert.deepEqual(teams.speakers.map((s) => [s.speaker, s.role]), [['Jane Smith', 'interviewer'], ['Wei Chen', 'candidate']]);
    assert.ok(!teams.turns.some((t) => /Exported for/.test(t.text)), 'NOTE text is not speech');
    const zoom = parseTranscript(gold('zoom-zh.vtt'));
    assert.equal(zoom.turns[0].speaker, '王老师');
    assert.equal(zoom.turns[0].start, 1.7);
  });

  it('Whisper JSON: word timestamps kept, WhisperX speakers mapped, whisper.cpp offsets read', () => {
    const w = parseTranscript(gold('whisper-words-en.json'));
    assert.equal(w.wordTimed, true);
    assert.ok(w.turns[0].segments[0].words!.length > 3);
    const x = parseTranscript(gold('whisperx-zh.json'));
    assert.deepEqual(Object.fromEntries(x.speakers.map((s) => [s.speaker, s.role])), { SPEAKER_01: 'interviewer', SPEAKER_00: 'candidate' });
    const cpp = parseTranscript(gold('whisper-cpp-zh.json'));
    assert.equal(cpp.format, 'whisper-cpp-json');
    assert.equal(cpp.turns[0].start, 1.7);
    const text = gold('whisper-cpp-zh.json');
    const first = splitTranscript(text).pairs[0];
    assert.ok(text.slice(first.startOffset).startsWith('"请你讲讲什么是 ReAct？"'), 'offset of the segment text in the JSON');
  });

  it('OpenAI verbose_json: top-level words are handed to their segments', () => {
    const json = JSON.stringify({ text: 'x', segments: [{ start: 0, end: 2, text: 'What is RAG?' }, { start: 3, end: 6, text: 'Retrieval then generation.' }], words: [
      { word: 'What', start: 0, end: 0.4 }, { word: 'is', start: 0.5, end: 0.7 }, { word: 'RAG?', start: 0.8, end: 1.5 },
      { word: 'Retrieval', start: 3, end: 3.8 }, { word: 'then', start: 4, end: 4.3 }, { word: 'generation.', start: 4.4, end: 5.5 },
    ] });
    const t = parseTranscript(json);
    assert.deepEqual(t.turns.map((x) => x.segments[0].words?.length), [3, 3]);
  });

  it('Otter and Feishu: start-only blocks, footer and keyword header ignored', () => {
    const o = parseTranscript(gold('otter-en.txt'));
    assert.equal(o.startOnly, true);
    assert.ok(!o.turns.some((t) => /otter\.ai/.test(t.text)));
    const f = parseTranscript(gold('feishu-zh.txt'));
    assert.ok(!f.turns.some((t) => /关键词|消息队列、缓存/.test(t.text)));
    assert.equal(f.turns[0].speaker, '说话人1');
  });

  it('labeled text: custom labels from the setting, and a forced format', () => {
    const text = 'HR：你为什么离开上一家公司？\n我：想做更贴近模型的工作。\nHR：你怎么评估一个 RAG 系统？\n我：看检索召回率和回答的忠实度。\n';
    const t = splitTranscript(text, { labels: { interviewer: ['HR'], candidate: ['我'] } });
    assert.equal(t.format, 'labeled-custom');
    assert.equal(t.pairs.length, 2);
    assert.equal(t.speakers.find((s) => s.speaker === 'HR')?.confidence, 1);
    assert.equal(splitTranscript('Q: What is RAG?\nA: Retrieval first.', { format: 'labeled' }).format, 'qa');
  });

  it('swapping roles turns the guess around', () => {
    const text = gold('named-en.txt');
    const normal = parseTranscript(text);
    const swapped = parseTranscript(text, { swapRoles: true });
    assert.equal(normal.speakers.find((s) => s.speaker === 'Priya')?.role, 'interviewer');
    assert.equal(swapped.speakers.find((s) => s.speaker === 'Priya')?.role, 'candidate');
  });

  it('keeps a two-question interviewer turn as one pair and a clarifying exchange inside its pair', () => {
    const s = splitTranscript(gold('labeled-zh.txt'));
    const both = s.pairs.find((p) => p.question.includes('缓存穿透'))!;
    assert.ok(both.question.includes('一致性'), 'both questions in one pair');
    assert.ok(both.answer.includes('布隆过滤器'), 'the answer continues after the interviewer\'s "嗯嗯"');
    assert.ok(!both.answer.includes('嗯嗯'), 'the backchannel is not the candidate\'s answer');
    const mq = s.pairs.find((p) => p.question.includes('消息不丢'))!;
    assert.ok(mq.answer.startsWith('你是说生产端还是消费端？') && mq.answer.includes('死信队列'));
    assert.ok(!mq.answer.includes('都说一下'), 'the interviewer\'s reply is left out of the answer');
    assert.ok(!s.pairs.some((p) => /听到|想问我/.test(p.question)), 'small talk and the closing are not pairs');
  });
});

describe('malformed transcripts', () => {
  const fails = (text: string, pattern: RegExp, line?: number) => {
    assert.throws(() => splitTranscript(text), (e: Error) => {
      assert.ok(e instanceof TranscriptError, `TranscriptError, got ${e}`);
      assert.match(e.message, pattern);
      if (line !== undefined) assert.equal((e as TranscriptError).line, line);
      return true;
    });
  };

  it('SRT: a block with no time range and one with an unreadable time are skipped, each with a warning naming its line', () => {
    const noTime = parseTranscript('1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Hi?\n\n2\nCandidate: no timing here\n\n3\n00:00:03,000 --> 00:00:04,000\nCandidate: Hello.\n');
    assert.deepEqual(noTime.turns.map((t) => t.text), ['Hi?', 'Hello.']);
    assert.equal(noTime.warnings?.length, 1);
    assert.match(noTime.warnings![0], /^line 5: expected a time line .* found "Candidate: no timing here"\. The block was skipped/);
    const badTime = parseTranscript('1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:99,000 --> 00:01:00,000\nB\n\n3\n00:00:03,000 --> 00:00:04,000\nCandidate: Because.\n');
    assert.deepEqual(badTime.turns.map((t) => t.text), ['Why?', 'Because.']);
    assert.match(badTime.warnings![0], /^line 6: cannot read the time range "00:00:99,000 --> 00:01:00,000"; the subtitle was skipped/);
    // Nothing left to read: the error says why, naming the line.
    fails('1\n00:00:05,000 --> 00:00:02,000\nA\n', /no cue with text: line 2: the cue ends \(00:00:02,000\) before it starts \(00:00:05,000\)/);
  });

  it('WebVTT: forced on a file without the header says what to add', () => {
    assert.throws(() => splitTranscript('00:01.000 --> 00:02.000\nhello', { format: 'vtt' }), /line 1: .*must start with "WEBVTT"/);
  });

  it('JSON: a syntax error names its line; unknown JSON says which keys are needed', () => {
    fails('{\n  "segments": [\n    {"start": 0, "end": 1, "text": "hi"},,\n  ]\n}', /line 3: the JSON is malformed/, 3);
    fails('{"foo": 1}', /"segments" array .* "transcription" array/);
    fails('{"segments": [{"start": 0, "text": "no end"}]}', /segments\[0\] needs "start", "end"/);
  });

  it('refuses a transcript over the size limit with the limit in the message', () => {
    assert.throws(() => parseTranscript('面试官：'.padEnd(31_000_000, '啊')), /has 31,000,000 characters; .* at most 30,000,000: split it/);
  });

  it('never throws anything but TranscriptError on garbage', () => {
    for (const junk of ['{', '[]', '-->', 'WEBVTT', '1\n-->\n', '\u0000\u0001', 'Name  0:01\n', '说话人1 00:00:01.000 \n']) {
      try {
        splitTranscript(junk);
      } catch (e) {
        assert.ok(e instanceof TranscriptError, `${JSON.stringify(junk)} threw ${e}`);
      }
    }
  });
});
