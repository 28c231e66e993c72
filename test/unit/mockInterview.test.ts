import { strict as assert } from 'node:assert';
import { renderReportBody } from '../../src/core/diagnosis/report/html';
import { renderMarkdown } from '../../src/core/diagnosis/report/markdown';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from '../../src/cli/main';
import { createCore, type Core } from '../../src/core/services';
import { sampleQuestions, seededRandom } from '../../src/core/coach/sampleQuestions';
import { chooseFollowUp } from '../../src/core/coach/followUp';
import { answerTurn, currentTurn, endSession, newSession, sessionTranscript, skipTurn, withDraft } from '../../src/core/coach/mockSession';
import { MockSessionError, MockSessionStore } from '../../src/core/coach/mockSessionStore';
import { MockInterviewError, startMockInterviewOn } from '../../src/core/coach/mockInterview';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { mockView } from '../../src/core/coach/mockView';
import { categoriesForTopic } from '../../src/core/coach/topics';
import type { AnswerAnalysis } from '../../src/core/diagnosis/judge/analysis';
import { KNOWLEDGE_DIR, tempDir } from './helpers';

/** An analysis that missed `missing` (the rest of the fields as the judge fills them). */
function analysis(missing: string[], offTopic = false): AnswerAnalysis {
  return {
    dimensions: { completeness: 50, depth: 50, accuracy: 80, practicality: 40 }, contentScore: 55, keyMissing: missing, coverage: [], inaccuracies: [], strengths: [],
    improvements: [], explanations: [], referenceId: null, relevance: { score: offTopic ? 0.1 : 0.9, offTopic } as AnswerAnalysis['relevance'], confidence: { level: 'high', reasons: [] } as never, flags: [], related: [],
  };
}

describe('mock interview', function () {
  this.timeout(60_000);
  let core: Core;
  before(() => {
    core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
  });

  describe('drawing questions', () => {
    it('draws distinct questions of the chosen dimensions and difficulty, dimensions taking turns', () => {
      const s = sampleQuestions(core.knowledgeBase, { count: 6, language: 'en', categories: ['rag', 'memory', 'safety'], random: seededRandom(7) });
      assert.equal(s.entries.length, 6);
      assert.equal(new Set(s.entries.map((e) => e.itemId)).size, 6, 'no repeats');
      assert.ok(s.entries.every((e) => e.language === 'en' && ['rag', 'memory', 'safety'].includes(e.category)));
      const counts = new Map<string, number>();
      for (const e of s.entries) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
      assert.deepEqual([...counts.values()], [2, 2, 2], 'each dimension twice');
      const hard = sampleQuestions(core.knowledgeBase, { count: 3, language: 'zh', difficulties: ['hard'], random: seededRandom(1) });
      assert.ok(hard.entries.every((e) => e.difficulty === 'hard' && e.language === 'zh'));
    });

    it('avoids questions of recent sessions, and reuses the oldest of them only when nothing else is left', () => {
      const all = sampleQuestions(core.knowledgeBase, { count: 100, language: 'en', categories: ['planning'], random: seededRandom(3) }).entries.map((e) => e.itemId);
      assert.ok(all.length >= 4);
      const recent = all.slice(0, all.length - 1);
      const one = sampleQuestions(core.knowledgeBase, { count: 1, language: 'en', categories: ['planning'], recent, random: seededRandom(5) });
      assert.deepEqual(one.entries.map((e) => e.itemId), [all[all.length - 1]], 'the one not asked recently');
      const two = sampleQuestions(core.knowledgeBase, { count: 2, language: 'en', categories: ['planning'], recent, random: seededRandom(5) });
      assert.equal(two.repeatedFromRecent, 1);
      assert.equal(two.entries[1].itemId, recent[recent.length - 1], 'the oldest recent one comes back first');
      const many = sampleQuestions(core.knowledgeBase, { count: 500, language: 'en', categories: ['planning'] });
      assert.equal(many.shortBy, 500 - many.entries.length);
    });
  });

  describe('follow-ups', () => {
    it('asks the entry follow-up closest to what was missed; none when nothing was missed or the answer was off-topic', () => {
      // en-agent-definition has two written follow-ups, each about a different key point: the
      // point missed decides which one is asked.
      const entry = core.knowledgeBase.get('en-agent-definition');
      assert.ok(entry, 'the test needs en-agent-definition in the knowledge base');
      assert.deepEqual(entry!.followUps, ['agent-components', 'workflow-vs-agent'], 'the test relies on these two follow-ups of en-agent-definition');
      const loop = entry!.keyPoints.find((k) => k.label === 'plan-act-observe loop');
      const workflows = entry!.keyPoints.find((k) => k.label === 'difference from workflows');
      assert.ok(loop && workflows, 'the test relies on the key points "plan-act-observe loop" and "difference from workflows"');
      const onLoop = chooseFollowUp(entry!, analysis([loop!.label]), core.knowledgeBase);
      assert.deepEqual(onLoop, { question: core.knowledgeBase.get('en-agent-components')!.question, entryId: 'en-agent-components', probes: [loop!.label] });
      const onWorkflows = chooseFollowUp(entry!, analysis([workflows!.label]), core.knowledgeBase);
      assert.deepEqual(onWorkflows, { question: core.knowledgeBase.get('en-workflow-vs-agent')!.question, entryId: 'en-workflow-vs-agent', probes: [workflows!.label] });
      // Both missed: each follow-up probes one; the reason names only the point of the one asked (issue 28).
      const both = chooseFollowUp(entry!, analysis([loop!.label, workflows!.label]), core.knowledgeBase)!;
      assert.equal(both.probes.length, 1, `the reason names ${both.probes.join(', ')}`);
      const asked = core.knowledgeBase.get(both.entryId!)!;
      assert.equal(both.probes[0], asked.id === 'en-agent-components' ? loop!.label : workflows!.label);
      assert.equal(chooseFollowUp(entry!, analysis([]), core.knowledgeBase), null);
      assert.equal(chooseFollowUp(entry!, analysis([loop!.label], true), core.knowledgeBase), null);
    });

    it('without written follow-ups, probes the heaviest missed point, in the entry language', () => {
      const zh = [...core.knowledgeBase.itemIds()].map((id) => core.knowledgeBase.get(`zh-${id}`)!).find((e) => e && e.followUps.length === 0)!;
      const points = [...zh.keyPoints].sort((a, b) => b.weight - a.weight);
      const f = chooseFollowUp(zh, analysis(zh.keyPoints.map((k) => k.label)), core.knowledgeBase)!;
      assert.match(f.question, new RegExp(`「${points[0].label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}」`));
    });
  });

  describe('the session', () => {
    it('asks in order, one follow-up at most per question, skips, ends, and turns the answers into a transcript', () => {
      const ids = sampleQuestions(core.knowledgeBase, { count: 3, language: 'en', random: seededRandom(11) }).entries.map((e) => e.id);
      let s = newSession(core.knowledgeBase, ids, { count: 3, categories: [], difficulties: [], followUps: true, language: 'en', id: 's1', now: new Date('2026-12-01T10:00:00Z') });
      const first = core.knowledgeBase.get(ids[0])!;
      assert.equal(currentTurn(s)!.question, first.question);
      let r = answerTurn(s, 'An answer that misses a point.', analysis([first.keyPoints[0].label]), core.knowledgeBase, new Date());
      s = r.session;
      assert.equal(currentTurn(s)!.kind, 'follow-up');
      r = answerTurn(s, 'The follow-up answer, also missing things.', analysis([first.keyPoints[0].label]), core.knowledgeBase, new Date());
      s = r.session;
      assert.equal(currentTurn(s)!.kind, 'question', 'no second follow-up');
      assert.equal(currentTurn(s)!.entryId, ids[1]);
      s = skipTurn(s, core.knowledgeBase, new Date());
      assert.equal(currentTurn(s)!.entryId, ids[2]);
      s = endSession(s, new Date());
      assert.equal(s.status, 'ended');
      assert.equal(currentTurn(s), undefined);
      const transcript = sessionTranscript(s);
      assert.equal(transcript.split('\n').filter((l) => l.startsWith('Interviewer: ')).length, 2);
      assert.ok(!transcript.includes(core.knowledgeBase.get(ids[1])!.question), 'the skipped question is not in the transcript');
    });

    it('the panel view: the question waiting, the feedback on the last answer and its follow-up, what is done', () => {
      let s = startMockInterviewOn(core, ['en-agent-definition', 'en-prompt-caching'], { fallbackLanguage: 'en', followUps: true }, new Date('2026-12-01T10:00:00Z')).session;
      let v = mockView(s);
      assert.deepEqual(v.current, { kind: 'question', question: core.knowledgeBase.get('en-agent-definition')!.question, number: 1 });
      assert.deepEqual(v.progress, { asked: 1, total: 2 });
      assert.equal(v.feedback, undefined);
      s = answerTurn(s, 'An agent loops.', analysis(['plan-act-observe loop']), core.knowledgeBase, new Date()).session;
      v = mockView(s);
      assert.equal(v.current!.kind, 'follow-up');
      assert.equal(v.current!.question, core.knowledgeBase.get('en-agent-components')!.question);
      assert.deepEqual(v.feedback, {
        question: core.knowledgeBase.get('en-agent-definition')!.question, score: 55, dimensions: { completeness: 50, depth: 50, accuracy: 80, practicality: 40 },
        missing: ['plan-act-observe loop'], offTopic: false, followUp: { question: core.knowledgeBase.get('en-agent-components')!.question, probes: ['plan-act-observe loop'] },
      });
      // A skip clears the feedback (it was about the answer before); the follow-up does not count as a question.
      s = skipTurn(s, core.knowledgeBase, new Date());
      v = mockView(s);
      assert.equal(v.feedback, undefined);
      assert.deepEqual(v.current, { kind: 'question', question: core.knowledgeBase.get('en-prompt-caching')!.question, number: 2 });
      assert.deepEqual(v.done.map((d) => [d.kind, d.skipped, d.score ?? null]), [['question', false, 55], ['follow-up', true, null]]);
      s = answerTurn(s, 'It reuses the KV cache.', analysis([]), core.knowledgeBase, new Date()).session;
      v = mockView(s);
      assert.equal(v.status, 'finished');
      assert.equal(v.current, undefined);
      assert.equal(v.answered, 2);
      assert.equal(v.feedback!.followUp, undefined, 'nothing missed, no follow-up');
    });

    it('a /mock topic names categories by id or name in either language; an unknown one names none', () => {
      assert.deepEqual(categoriesForTopic('rag'), ['rag']);
      assert.deepEqual(categoriesForTopic('Tool Calling'), ['tool-calling']);
      assert.deepEqual(categoriesForTopic('记忆'), ['memory']);
      assert.deepEqual(categoriesForTopic('multi agent'), ['multi-agent']);
      assert.deepEqual(categoriesForTopic('cooking'), []);
      assert.deepEqual(categoriesForTopic('  '), []);
    });

    it('asks exactly the questions given by id, in order, in the language the ids name', () => {
      const { session } = startMockInterviewOn(core, ['en-prompt-caching', 'zh-idempotency', 'agent-definition'], { fallbackLanguage: 'zh', followUps: false }, new Date());
      assert.equal(session.language, 'en', 'the first id names English');
      assert.deepEqual([currentTurn(session)!.entryId, ...session.queue], ['en-prompt-caching', 'en-idempotency', 'en-agent-definition']);
      assert.equal(session.options.count, 3);
      let s = session;
      for (const expected of ['en-prompt-caching', 'en-idempotency', 'en-agent-definition']) {
        assert.equal(currentTurn(s)!.entryId, expected);
        s = answerTurn(s, 'An answer.', analysis([]), core.knowledgeBase, new Date()).session;
      }
      assert.equal(s.status, 'finished');
      const bare = startMockInterviewOn(core, ['idempotency'], { fallbackLanguage: 'zh', followUps: true }, new Date()).session;
      assert.equal(bare.language, 'zh');
      assert.equal(currentTurn(bare)!.entryId, 'zh-idempotency');
      assert.throws(() => startMockInterviewOn(core, ['en-prompt-caching', 'en-no-such-question'], { fallbackLanguage: 'en', followUps: true }, new Date()),
        (err: Error) => err instanceof MockInterviewError && /no question "en-no-such-question"/.test(err.message));
      assert.throws(() => startMockInterviewOn(core, [], { fallbackLanguage: 'en', followUps: true }, new Date()), MockInterviewError);
    });

    it('keeps an answer typed and not yet sent with the session: in the store, on Resume, and gone once answered', async () => {
      const dir = tempDir('il-mock-draft-');
      const file = path.join(dir, 'mock-sessions.sqlite');
      try {
        const ids = sampleQuestions(core.knowledgeBase, { count: 2, language: 'en', random: seededRandom(3) }).entries.map((e) => e.id);
        let s = newSession(core.knowledgeBase, ids, { count: 2, categories: [], difficulties: [], followUps: false, language: 'en', id: 'd1', now: new Date('2026-12-01T10:00:00Z') });
        s = withDraft(s, 'Half an answer, not sent', new Date('2026-12-01T10:01:00Z'));
        const store = await MockSessionStore.open(file);
        await store.save(s, 'ann');
        store.close();
        // The panel closed (or the window): a new store resumes with the draft in the view.
        const reopened = await MockSessionStore.open(file);
        const resumed = reopened.unfinished('ann')!;
        assert.equal(mockView(resumed).current?.draft, 'Half an answer, not sent');
        // Sent: the answer is the turn's, and the next question starts empty.
        const next = answerTurn(resumed, 'Half an answer, now sent.', analysis([]), core.knowledgeBase, new Date('2026-12-01T10:02:00Z')).session;
        assert.equal(next.turns[0].draft, undefined);
        assert.equal(mockView(next).current?.draft, undefined);
        assert.equal(mockView(withDraft(next, '  ', new Date())).current?.draft, undefined, 'an emptied box keeps nothing');
        assert.equal(mockView(skipTurn(withDraft(next, 'dropped with the skip', new Date()), core.knowledgeBase, new Date())).current, undefined);
        reopened.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('is kept in the store, per user, across store instances (windows), and resumes where it stopped', async () => {
      const dir = tempDir('il-mock-store-');
      const file = path.join(dir, 'mock-sessions.sqlite');
      const window1 = await MockSessionStore.open(file);
      const window2 = await MockSessionStore.open(file);
      try {
        const ids = sampleQuestions(core.knowledgeBase, { count: 3, language: 'zh', random: seededRandom(2) }).entries.map((e) => e.id);
        let s = newSession(core.knowledgeBase, ids, { count: 3, categories: [], difficulties: [], followUps: false, language: 'zh', id: 's2', now: new Date('2026-12-01T10:00:00Z') });
        await window1.save(s, 'ann');
        assert.deepEqual(window2.unfinished('ann'), s, 'another window reads what this one saved');
        assert.equal(window2.unfinished('bob'), undefined, 'sessions are per user');
        s = answerTurn(s, '幂等就是重复请求只生效一次。', analysis([]), core.knowledgeBase, new Date('2026-12-01T10:05:00Z')).session;
        await window1.save(s, 'ann');
        window1.close();
        // A reload: a new store over the same file resumes at the second question.
        const reopened = await MockSessionStore.open(file);
        const resumed = reopened.unfinished('ann')!;
        assert.equal(currentTurn(resumed)!.entryId, ids[1]);
        assert.equal(resumed.turns[0].answer, '幂等就是重复请求只生效一次。');
        assert.deepEqual(reopened.get('s2'), resumed);
        // Ended but not yet diagnosed (the diagnosis failed): still offered, so the answers are not lost.
        await reopened.save(endSession(resumed, new Date('2026-12-01T10:06:00Z')), 'ann');
        assert.equal(window2.unfinished('ann')!.status, 'ended');
        // Diagnosed into the history: removed, nothing left to resume.
        await reopened.remove('s2');
        assert.equal(window2.get('s2'), undefined);
        assert.equal(window2.unfinished('ann'), undefined);
        reopened.close();
      } finally {
        window2.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a saved session this version cannot read is reported with what to do; a broken file is not overwritten', async () => {
      const dir = tempDir('il-mock-broken-');
      const file = path.join(dir, 'mock-sessions.sqlite');
      try {
        const store = await MockSessionStore.open(file);
        const s = newSession(core.knowledgeBase, ['en-prompt-caching'], { count: 1, categories: [], difficulties: [], followUps: false, language: 'en', id: 'old', now: new Date() });
        await store.save({ ...s, format: 99 }, 'default');
        assert.throws(() => store.unfinished('default'), (err: Error) => err instanceof MockSessionError && /not one this version can resume; discard it/.test(err.message));
        store.close();
        fs.writeFileSync(file, 'not a database');
        await assert.rejects(MockSessionStore.open(file), (err: Error) => err instanceof MockSessionError && /cannot be read .* move it aside/.test(err.message));
        assert.equal(fs.readFileSync(file, 'utf8'), 'not a database');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('interview-lens mock', () => {
    let home: string;
    beforeEach(() => {
      home = tempDir('il-mock-cli-');
    });
    afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

    async function mock(lines: string[], ...args: string[]) {
      const out: string[] = [];
      const err: string[] = [];
      const queue = [...lines];
      const status = await run(['mock', ...args], {
        stdout: (s) => out.push(s), stderr: (s) => err.push(s), env: { INTERVIEW_LENS_HOME: home },
        readLine: async () => (queue.length ? queue.shift()! : null),
      });
      return { status, stdout: out.join(''), stderr: err.join('') };
    }

    it('asks three questions offline, scores each, and saves the finished interview to history with the same report', async () => {
      const answers = [
        'Retrieval-augmented generation retrieves relevant chunks from an index and puts them in the prompt,', 'so the model answers from current documents and can cite them.', '',
        ':skip',
        'I would start with a small evaluation set and measure before changing anything.', '',
        ':skip', ':skip', ':skip',
      ];
      const r = await mock(answers, '--count', '3', '--dimension', 'rag', '--no-follow-ups', '--json');
      assert.equal(r.status, 0, r.stderr);
      // --json: the conversation on stderr, standard output the report alone.
      assert.equal((r.stderr.match(/Question \d\/3: /g) ?? []).length, 3);
      assert.match(r.stderr, /Score \d+\/100 \(completeness/);
      const report = JSON.parse(r.stdout);
      assert.equal(report.perQuestion.length, 2, 'the two answered questions');
      assert.match(report.source, /^Mock interview \d{4}-\d{2}-\d{2}$/);
      // In the history like any diagnosed transcript: the same report, with the answered questions.
      const history = await HistoryStore.open(path.join(home, 'history.sqlite'));
      try {
        const rows = history.list('default');
        assert.equal(rows.length, 1);
        assert.equal(rows[0].id, report.id);
        assert.equal(rows[0].source, report.source);
        const stored = history.get(rows[0].id)!;
        assert.deepEqual(stored.perQuestion.map((q) => q.answer), report.perQuestion.map((q: { answer: string }) => q.answer));
        assert.match(stored.perQuestion[0].answer, /^Retrieval-augmented generation retrieves relevant chunks/);
        assert.match(stored.perQuestion[1].answer, /^I would start with a small evaluation set/);
        assert.equal(stored.perQuestion.length, 2);
        // Typed answers: no delivery, and no advice to diagnose a timed export (issue 28).
        assert.equal(stored.delivery, null);
        assert.equal(stored.transcript?.typed, true);
        for (const page of [renderReportBody(stored, { toolkit: false }), renderMarkdown(stored)]) {
          assert.match(page, /These answers were typed, so there is no delivery \(pace, fillers, pauses\) to measure\./);
          assert.doesNotMatch(page, /SRT|timestamps/);
        }
        assert.ok([...stored.improvementPlan.immediate, ...stored.improvementPlan.shortTerm].filter((p) => /\bpaus|\bfillers?\b|\bpace\b|words\/min/i.test(p)).length === 0, JSON.stringify(stored.improvementPlan));
        assert.match(renderReportBody({ ...stored, transcript: { ...stored.transcript!, typed: false } }, { toolkit: false }), /No timestamps in this transcript/, 'a pasted transcript still gets the hint');
      } finally {
        history.close();
      }
      const sessions = await MockSessionStore.open(path.join(home, 'mock-sessions.sqlite'));
      assert.equal(sessions.unfinished('default'), undefined, 'nothing left to resume');
      sessions.close();
    });

    it('an interrupted interview resumes where it stopped; a second start asks to resume or start over', async () => {
      const first = await mock(['A first answer about agents and tools.', ''], '--count', '2', '--no-follow-ups');
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, /Saved: continue with --resume/);
      const again = await mock([], '--count', '2');
      assert.equal(again.status, 2);
      assert.match(again.stderr, /unfinished \(question 2 of 2\): continue it with --resume, or start over with --new/);
      const resumed = await mock(['The second answer.', ''], '--resume');
      assert.equal(resumed.status, 0, resumed.stderr);
      assert.match(resumed.stdout, /Resuming your mock interview\.\n\nQuestion 2\/2/);
      assert.match(resumed.stdout, /Overall/i);
    });

    it('a saved session this version cannot read blocks a plain start with what to do; --new discards it', async () => {
      const sessions = await MockSessionStore.open(path.join(home, 'mock-sessions.sqlite'));
      const s = newSession(core.knowledgeBase, ['en-prompt-caching'], { count: 1, categories: [], difficulties: [], followUps: false, language: 'en', id: 'old', now: new Date() });
      await sessions.save({ ...s, format: 99 }, 'default');
      sessions.close();
      const blocked = await mock([], '--count', '1');
      assert.equal(blocked.status, 2);
      assert.match(blocked.stderr, /not one this version can resume.*\(interview-lens mock --new discards it\)/);
      const fresh = await mock([':end'], '--count', '1', '--new');
      assert.equal(fresh.status, 0, fresh.stderr);
      const after = await MockSessionStore.open(path.join(home, 'mock-sessions.sqlite'));
      assert.equal(after.get('old'), undefined, 'the unreadable session was discarded');
      after.close();
    });

    it('in Chinese, the feedback names the dimensions in Chinese', async () => {
      const r = await mock(['检索增强生成先从索引里找到相关的文档片段，再放进提示词里让模型基于它们回答。', '', ':end'], '--count', '1', '--language', 'zh', '--no-follow-ups', '--no-history');
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /得分 \d+\/100 \(完整性 [\d—]+ · 深度 [\d—]+ · 准确性 [\d—]+ · 实践性 [\d—]+\)/);
      assert.doesNotMatch(r.stdout, /completeness/);
    });

    it('bad choices say what to do', async () => {
      assert.match((await mock([], '--dimension', 'cooking')).stderr, /unknown --dimension "cooking": use one of agent-basic/);
      assert.match((await mock([], '--count', '0')).stderr, /--count must be a whole number from 1 to 30/);
      assert.match((await mock([], '--resume')).stderr, /no unfinished mock interview to resume/);
    });
  });
});
