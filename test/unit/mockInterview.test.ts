import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from '../../src/cli/main';
import { createCore, type Core } from '../../src/core/services';
import { sampleQuestions, seededRandom } from '../../src/core/coach/sampleQuestions';
import { chooseFollowUp } from '../../src/core/coach/followUp';
import { answerTurn, currentTurn, endSession, newSession, sessionTranscript, skipTurn } from '../../src/core/coach/mockSession';
import { readMockSession, writeMockSession, MockSessionError } from '../../src/core/coach/mockSessionFile';
import type { AnswerAnalysis } from '../../src/core/llm/analysis';
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
      const entry = core.knowledgeBase.get('en-rag-basics') ?? [...core.knowledgeBase.itemIds()].map((id) => core.knowledgeBase.get(`en-${id}`)!).find((e) => e && e.followUps.length >= 2)!;
      const withFollowUps = entry.followUps.length >= 2 ? entry : [...core.knowledgeBase.itemIds()].map((id) => core.knowledgeBase.get(`en-${id}`)!).find((e) => e && e.followUps.length >= 2)!;
      const missed = [withFollowUps.keyPoints[0].label];
      const f = chooseFollowUp(withFollowUps, analysis(missed), core.knowledgeBase);
      assert.ok(f);
      assert.deepEqual(f!.probes, missed);
      const candidates = withFollowUps.followUps.map((id) => core.knowledgeBase.get(`en-${id}`)?.question ?? id);
      assert.ok(candidates.includes(f!.question), 'one of the entry\'s own follow-ups');
      assert.equal(chooseFollowUp(withFollowUps, analysis([]), core.knowledgeBase), null);
      assert.equal(chooseFollowUp(withFollowUps, analysis(missed, true), core.knowledgeBase), null);
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

    it('is saved atomically and read back; a broken file is reported, not overwritten', () => {
      const dir = tempDir('il-mock-file-');
      const file = path.join(dir, 'mock-session.json');
      const ids = sampleQuestions(core.knowledgeBase, { count: 2, language: 'zh', random: seededRandom(2) }).entries.map((e) => e.id);
      const s = newSession(core.knowledgeBase, ids, { count: 2, categories: [], difficulties: [], followUps: false, language: 'zh', id: 's2', now: new Date() });
      writeMockSession(file, s);
      assert.deepEqual(readMockSession(file), s);
      fs.writeFileSync(file, '{ broken');
      assert.throws(() => readMockSession(file), MockSessionError);
      assert.equal(fs.readFileSync(file, 'utf8'), '{ broken');
      fs.rmSync(dir, { recursive: true, force: true });
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
      assert.equal((r.stdout.match(/Question \d\/3: /g) ?? []).length, 3);
      assert.match(r.stdout, /Score \d+\/100 \(completeness/);
      const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('\n{') + 1));
      assert.equal(report.perQuestion.length, 2, 'the two answered questions');
      assert.match(report.source, /^Mock interview \d{4}-\d{2}-\d{2}$/);
      assert.ok(!fs.existsSync(path.join(home, 'mock-session.json')), 'nothing left to resume');
      assert.ok(fs.existsSync(path.join(home, 'history.sqlite')));
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

    it('bad choices say what to do', async () => {
      assert.match((await mock([], '--dimension', 'cooking')).stderr, /unknown --dimension "cooking": use one of agent-basic/);
      assert.match((await mock([], '--count', '0')).stderr, /--count must be a whole number from 1 to 30/);
      assert.match((await mock([], '--resume')).stderr, /no unfinished mock interview to resume/);
    });
  });
});
