import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareView } from '../../src/core/coach/compareView';
import type { ExpertComparison } from '../../src/core/coach/compareExpert';
import { answerText, compareSelectedAnswer, contextOfSelection, CompareError, questionAbove } from '../../src/core/coach/selectedAnswer';
import { spokenAnswerText } from '../../src/core/coach/spokenAnswer';
import { createCore, type Core } from '../../src/core/services';
import { KNOWLEDGE_DIR, ROOT } from './helpers';

describe('coach: the compare view', () => {
  const comparison: ExpertComparison = {
    question: 'How do you make an API idempotent?',
    answer: 'We used the order id as an idempotency key. A cache fixes duplicates.\nWe return the stored first response.',
    expert: { entryId: 'en-idempotency', question: 'How do you make an API idempotent?', answer: 'Use an idempotency key…' },
    points: [
      { label: 'idempotency key', weight: 3, status: 'stated', sentence: 'We used the order id as an idempotency key' },
      { label: 'unique constraint or SETNX', weight: 2, status: 'missing' },
      { label: 'state machine or optimistic lock', weight: 2, status: 'mentioned', sentence: 'a cache fixes duplicates.' },
      { label: 'return the first response', weight: 1, status: 'stated', sentence: 'We return the stored first response.' },
    ],
    mistakes: [{ claim: 'A cache fixes duplicates', correction: 'a cache expires; only a unique constraint stops a duplicate', sentence: 'A cache fixes duplicates.' }],
    score: 61,
  };

  it('ticks every key point with the sentence of the answer that covers it, and marks the missing ones', () => {
    const v = compareView(comparison);
    assert.deepEqual(v.answer.map((s) => s.text), ['We used the order id as an idempotency key.', 'A cache fixes duplicates.', 'We return the stored first response.']);
    assert.deepEqual(v.points.map((p) => [p.label, p.status, p.sentenceIndex ?? null, p.share]), [
      ['idempotency key', 'stated', 0, 38], ['unique constraint or SETNX', 'missing', null, 25], ['state machine or optimistic lock', 'mentioned', 1, 25], ['return the first response', 'stated', 2, 13],
    ]);
    assert.equal(v.points[1].sentence, undefined, 'a missing point quotes nothing');
    // Each sentence knows the points it covers and the mistakes it makes, so the view can mark it.
    assert.deepEqual(v.answer.map((s) => [s.points, s.mistakes]), [[[0], []], [[2], [0]], [[3], []]]);
    assert.deepEqual(v.tally, { stated: 2, mentioned: 1, missing: 1, contradicted: 0, total: 4 });
    assert.equal(v.mistakes[0].sentenceIndex, 1);
    assert.equal(v.rewritable, true);
    assert.equal(compareView({ ...comparison, expert: null }).rewritable, false, 'no expert answer, nothing to rewrite from');
  });

  it('a quote the answer does not hold is listed without a sentence (never pinned to the wrong one)', () => {
    const v = compareView({ ...comparison, points: [{ label: 'x', weight: 1, status: 'stated', sentence: 'something never said' }], mistakes: [] });
    assert.equal(v.points[0].sentenceIndex, undefined);
    assert.ok(v.answer.every((s) => s.points.length === 0));
  });
});

describe('coach: compare a selected answer', function () {
  this.timeout(60_000);
  let core: Core;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });

  const transcript = fs.readFileSync(path.join(ROOT, 'samples', 'llm-engineer-en.md'), 'utf8');

  it('finds the question a selection answers: by the transcript split, else the asking line above', () => {
    const at = transcript.indexOf('We used the order id');
    const ctx = contextOfSelection(transcript, at);
    assert.equal(ctx.question, 'How do you make an API idempotent? Say a payment webhook is delivered twice.');
    assert.deepEqual(ctx.previous, ['Let\'s start with tool calling. How does tool calling work in an LLM agent, and how would you design the tools?']);
    const notes = 'My notes\n\nQ: What is prompt caching?\n\nIt reuses the KV of a shared prefix.\nSo stable text goes first.';
    assert.equal(questionAbove(notes, notes.indexOf('It reuses')), 'What is prompt caching?');
    assert.equal(contextOfSelection(notes, notes.indexOf('So stable')).question, 'What is prompt caching?');
    assert.equal(questionAbove('Why does this matter?\nBecause it does.', 'Why does this matter?\nBecause'.length - 'Because'.length), 'Why does this matter?');
    assert.equal(contextOfSelection('just a sentence', 5).question, undefined);
    assert.equal(answerText('Candidate: We used a key.\n候选人：然后去重。'), 'We used a key. 然后去重。');
  });

  it('scores the selection against the reference its question finds, with the covered key points ticked', async () => {
    const at = transcript.indexOf('We used the order id');
    const selected = transcript.slice(at, transcript.indexOf('**Interviewer:** How do you evaluate'));
    const c = await compareSelectedAnswer(core, { answer: selected, context: contextOfSelection(transcript, at), reportLanguage: 'en' }, { caller: 'test' });
    assert.equal(c.expert?.entryId, 'en-idempotency');
    const byLabel = new Map(c.points.map((p) => [p.label, p]));
    assert.equal(byLabel.get('idempotency key')?.status, 'stated');
    assert.match(byLabel.get('idempotency key')!.sentence ?? '', /idempotency key/);
    assert.equal(byLabel.get('return the first response')?.status, 'stated');
    assert.ok(c.score > 50, `a strong answer scored ${c.score}`);
    // The view model pins each ticked point to a sentence of the selection.
    const v = compareView(c);
    assert.ok(v.points.filter((p) => p.status === 'stated').every((p) => p.sentenceIndex !== undefined), JSON.stringify(v.points));
  });

  it('without a question above, the selected text finds its own reference; an empty selection says what to select', async () => {
    const c = await compareSelectedAnswer(core, { answer: 'Prompt caching reuses the KV cache of an identical prompt prefix, so put the stable system prompt first.', context: { previous: [] }, reportLanguage: 'en' }, { caller: 'test' });
    assert.equal(c.expert?.entryId, 'en-prompt-caching');
    assert.ok(c.points.some((p) => p.status !== 'missing'));
    await assert.rejects(compareSelectedAnswer(core, { answer: ' \n ', context: { previous: [] } }, { caller: 'test' }), CompareError);
  });
});

describe('coach: comparing where no entry matched the question confidently', function () {
  this.timeout(30_000);
  let core: Core;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });
  it('the user picks one of the closest entries: the answer is scored against it and its key points listed', async () => {
    // Worded so that no entry is confident while en-llm-evaluation is among the closest ("How do you
    // evaluate whether an LLM application is working well?" finds it confidently since issue 29).
    const context = { question: 'How do you check an LLM app is any good?', previous: [] };
    const weak = 'I guess we just look at it and see if people like it.';
    const unmatched = await compareSelectedAnswer(core, { answer: weak, context, reportLanguage: 'en' }, { caller: 'test' });
    assert.equal(unmatched.expert, null, 'retrieval alone finds no confident reference here');
    const chosen = await compareSelectedAnswer(core, { answer: weak, context, reportLanguage: 'en', referenceId: 'en-llm-evaluation' }, { caller: 'test' });
    assert.equal(chosen.expert?.entryId, 'en-llm-evaluation');
    assert.ok(chosen.points.length >= 3, JSON.stringify(chosen.points));
    assert.ok(chosen.points.every((p) => p.status === 'missing'), 'a weak answer covers none of them');
    await assert.rejects(compareSelectedAnswer(core, { answer: weak, context, referenceId: 'en-no-such-entry' }, { caller: 'test' }), /no knowledge-base entry "en-no-such-entry"/);
  });
});

describe('coach: an answer given as a recording', () => {
  it('is the transcribed segments joined in order (whisper.cpp and openai-whisper JSON)', () => {
    const cpp = JSON.stringify({ transcription: [
      { offsets: { from: 0, to: 1500 }, timestamps: { from: '00:00:00,000', to: '00:00:01,500' }, text: ' 幂等就是' },
      { offsets: { from: 1500, to: 3000 }, timestamps: { from: '00:00:01,500', to: '00:00:03,000' }, text: '重复请求只生效一次。' },
      { offsets: { from: 3000, to: 4000 }, timestamps: { from: '00:00:03,000', to: '00:00:04,000' }, text: ' We use a key.' },
    ] });
    assert.equal(spokenAnswerText({ format: 'whisper-cpp-json', text: cpp }), '幂等就是重复请求只生效一次。 We use a key.');
    const openai = JSON.stringify({ segments: [{ start: 0, end: 2, text: ' We store the key' }, { start: 2, end: 3, text: ' in a table. ' }] });
    assert.equal(spokenAnswerText({ format: 'whisper-json', text: openai }), 'We store the key in a table.');
    assert.equal(spokenAnswerText({ format: 'whisper-json', text: JSON.stringify({ segments: [] }) }), '');
  });
});
