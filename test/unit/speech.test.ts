import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findFillers, findHedges, countUnits } from '../../src/core/diagnosis/speech/fillers';
import { analyzeDelivery } from '../../src/core/diagnosis/speech/delivery';
import { analyzeSpeech } from '../../src/core/builtin/tools/analyzeSpeech';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { GOLD_DIR } from '../../scripts/lib/splitEval';
import { makeCtx } from './helpers';

const words = (text: string) => findFillers(text).map((h) => h.word);

describe('fillers and hedges', () => {
  it('counts Chinese always-fillers, one per run, and context fillers only where they carry no meaning', () => {
    assert.deepEqual(words('嗯嗯，我觉得，呃，这个我们用的是 Redis。'), ['嗯', '呃', '这个']);
    assert.deepEqual(words('这个问题的关键是那个索引。'), [], 'determiners before nouns are not fillers');
    assert.deepEqual(words('额度不够，金额也不对。'), [], '额 inside 额度 / 金额');
    assert.deepEqual(words('对啊，好啊。'), [], 'sentence-final 啊');
    assert.deepEqual(words('然后，就是，我们加了缓存，对吧？'), ['然后', '就是', '对吧']);
    assert.deepEqual(words('这就是原因。然后我们上线了。'), [], '就是 as "is exactly", 然后 before a clause');
  });

  it('counts English fillers by context', () => {
    assert.deepEqual(words('Um, so, uh, we, like, rewrote it. You know, it was slow.'), ['um', 'so', 'uh', 'like', 'you know']);
    assert.deepEqual(words('I like Redis. It looks like a cache. So that works. What kind of index? Do you know the answer?'), []);
    assert.deepEqual(words('Well, basically, it is kind of slow.'), ['well', 'basically', 'kind of']);
  });

  it('finds hedges apart from fillers and counts mixed speech separately', () => {
    assert.deepEqual(findHedges('我觉得可能是缓存的问题，maybe the TTL.').map((h) => h.word), ['我觉得', '可能', 'maybe']);
    assert.deepEqual(countUnits('用 Redis 做 rate limiting'), { cjkChars: 2, enWords: 3 });
  });
});

describe('delivery metrics', () => {
  const split = splitTranscript(fs.readFileSync(path.join(GOLD_DIR, 'whisper-words-en.json'), 'utf8'));
  const d = analyzeDelivery(split.turns, split.pairs, { language: split.language, wordTimed: split.wordTimed, startOnly: false });

  it('measures pace, fillers with times, long pauses and latency per answer', () => {
    assert.equal(d.perAnswer.length, 4);
    const first = d.perAnswer[0];
    assert.equal(first.fillers.count, 4);
    assert.ok(first.fillers.hits.every((h) => h.atS >= split.pairs[0].answerStartS! && h.atS <= split.pairs[0].answerEndS!), 'filler times fall inside the answer');
    assert.equal(first.pauses.long.length, 1);
    assert.ok(first.pauses.long[0].durationS >= 2.4 && first.pauses.long[0].durationS < 2.6);
    assert.equal(first.latencyS, 1.2);
    assert.equal(first.pace.unit, 'words/min');
    assert.ok(first.pace.value > 100 && first.pace.value < 170, `pace ${first.pace.value}`);
    assert.ok(first.articulationRate! > first.pace.value, 'articulation rate leaves pauses out');
    const last = d.perAnswer[3];
    assert.equal(last.pauses.veryLong, 1, '6.2 s is a very long pause');
    assert.ok(last.scores.pauses!.score < first.scores.pauses!.score);
  });

  it('scores every metric with a one-sentence explanation, and a talk ratio overall', () => {
    for (const s of [d.overall.scores.pace, d.overall.scores.fillers, d.overall.scores.pauses!, d.overall.scores.latency!, d.overall.talkRatioScore!]) {
      assert.ok(s.score >= 0 && s.score <= 100);
      assert.match(s.explanation, /\.$/);
    }
    assert.ok(d.overall.talkRatio! > 0.5 && d.overall.talkRatio! < 0.9);
    assert.equal(d.estimated, false);
    assert.deepEqual(d.notes, []);
  });

  it('says when word times are estimated (cue-level) or missing ends (Otter)', () => {
    const srt = splitTranscript(fs.readFileSync(path.join(GOLD_DIR, 'first-cue-names-zh.srt'), 'utf8'));
    const ds = analyzeDelivery(srt.turns, srt.pairs, { language: 'zh', wordTimed: false, startOnly: false });
    assert.equal(ds.estimated, true);
    assert.match(ds.notes[0], /分段时间戳/);
    assert.equal(ds.perAnswer[0].pace.unit, 'chars/min');
    const otter = splitTranscript(fs.readFileSync(path.join(GOLD_DIR, 'otter-en.txt'), 'utf8'));
    const dotter = analyzeDelivery(otter.turns, otter.pairs, { language: 'en', wordTimed: false, startOnly: true });
    assert.equal(dotter.overall.scores.pauses, null);
    assert.equal(dotter.perAnswer[0].latencyS, null);
    assert.match(dotter.notes.join(' '), /start times only/);
  });

  it('the filler explanation adds up to the count: the three most frequent words, then how many others', () => {
    const text = 'WEBVTT\n\n00:00.000 --> 00:03.000\n<v Ann>How do you design a cache?\n\n00:04.000 --> 00:16.000\n<v Bo>Um, we, uh, so, put a cache, um, in front, uh, like, of the database, you know, with a TTL and invalidation on writes.\n';
    const split = splitTranscript(text);
    const d = analyzeDelivery(split.turns, split.pairs, { language: 'en', wordTimed: false, startOnly: false });
    const f = d.overall.fillers;
    assert.equal(f.count, 7, JSON.stringify(f.byWord));
    assert.match(d.overall.scores.fillers.explanation, /\(“um”×2, “uh”×2, “[a-z ]+”×1, 2 others\)/);
  });

  it('flags a filler cluster (3 within 10 s) and a slow, filler-heavy answer', () => {
    const text = 'WEBVTT\n\n00:00.000 --> 00:03.000\n<v Ann>How do you design a cache?\n\n00:10.000 --> 00:20.000\n<v Bo>Um, uh, so, um, caches, uh, are, um, fast.\n';
    const s = splitTranscript(text);
    const r = analyzeDelivery(s.turns, s.pairs, { language: 'en', wordTimed: false, startOnly: false });
    const a = r.perAnswer[0];
    assert.ok(a.fillers.clusters.length >= 1);
    assert.equal(a.scores.fillers.flag, 'high');
    assert.equal(a.scores.pace.flag, 'slow');
    assert.equal(a.scores.latency!.flag, 'slow', '7 s after the question');
  });
});

describe('filler rating on small samples', () => {
  it('does not call 2 fillers in a short answer "too many": below a minimum count the rate is not rated', () => {
    const text = 'WEBVTT\n\n00:00.000 --> 00:03.000\n<v Ann>How do you design a cache?\n\n00:04.000 --> 00:07.000\n<v Bo>Um, cache-aside, uh, with a TTL.\n';
    const s = splitTranscript(text);
    const a = analyzeDelivery(s.turns, s.pairs, { language: 'en', wordTimed: false, startOnly: false }).perAnswer[0];
    assert.equal(a.fillers.count, 2);
    assert.equal(a.scores.fillers.flag, 'ok');
    assert.equal(a.scores.fillers.score, 100);
    assert.match(a.scores.fillers.explanation, /2 fillers: too few to rate/);
  });
});

describe('analyze_speech tool', () => {
  const registry = new ToolRegistry().register(analyzeSpeech);
  it('returns the delivery report for timed turns and input_error for untimed ones', async () => {
    const timed = splitTranscript(fs.readFileSync(path.join(GOLD_DIR, 'teams-en.vtt'), 'utf8'));
    const r = await registry.execute<{ perAnswer: unknown[] }>('analyze_speech', { turns: timed.turns, pairs: timed.pairs, language: 'en' }, makeCtx());
    assert.equal(r.success, true, JSON.stringify(r.error));
    assert.equal(r.data!.perAnswer.length, 3);
    const plain = splitTranscript('Interviewer: What is RAG?\nCandidate: Retrieval.');
    const bad = await registry.execute('analyze_speech', { turns: plain.turns, pairs: plain.pairs, language: 'en' }, makeCtx());
    assert.equal(bad.error?.code, 'input_error');
    assert.match(bad.error!.message, /needs a timed transcript/);
  });
});
