import { strict as assert } from 'node:assert';
import { createCore } from '../../src/core/services';
import { loadScoringSet, SCORING_SETS, scoreSet, summarise } from '../../scripts/lib/scoreEval';
import { loadRefItems, REALISTIC_HELDOUT_FILE, runItems, scoreOutcomes } from '../../scripts/lib/refEval';
import { KNOWLEDGE_DIR } from './helpers';

// Guards the figures measured once on the held-out sets (written before the judge and the
// reference choice were tuned; see the closing note of issue 10 and README "How scores are made").
// Thresholds sit just under what was measured, so a regression fails; they are not the issue's
// targets, some of which the measurement missed (npm run eval:score prints both).
describe('held-out sets, at the levels measured when they were first run', () => {
  let core: ReturnType<typeof createCore>;
  before(() => { core = createCore({ knowledgeDir: KNOWLEDGE_DIR }); });

  it('scoring (60 questions, zh and en): keyword lists, weak, wrong and off-topic answers below strong ones', async function () {
    this.timeout(300_000);
    const items = SCORING_SETS.filter((s) => s.name === 'heldout-zh' || s.name === 'heldout-en').flatMap((s) => loadScoringSet(s.files));
    assert.equal(items.length, 60);
    const s = summarise(await scoreSet(core, items));
    // Measured once, blind: 100 %, 100 %, 96.7 %, 81.7 %, 85.0 %, 88.3 %; after the answer's weight in
    // reference choice was raised on the tuning set, re-measured (no longer blind): wrong 85.0 %.
    assert.ok(s.above.keywords! >= 0.98, `strong above keyword list ${s.above.keywords}`);
    assert.ok(s.keywordsLow! >= 0.98, `keyword list <= 40 ${s.keywordsLow}`);
    assert.ok(s.above.weak! >= 0.95, `strong above weak ${s.above.weak}`);
    assert.ok(s.above.wrong! >= 0.82, `strong above wrong ${s.above.wrong}`);
    assert.ok(s.above.offtopic! >= 0.8, `strong above off-topic ${s.above.offtopic}`);
    assert.ok(s.strongPass! >= 0.85, `strong >= 60 ${s.strongPass}`);
  });

  it('reference choice on realistic wording (130 turns): right entry used, uncovered questions left alone', () => {
    const outcomes = runItems(core.knowledgeBase, loadRefItems(REALISTIC_HELDOUT_FILE), true);
    const s = scoreOutcomes(outcomes);
    // Measured once, blind: 55 % used (plain search 15 %), 10 % of uncovered questions answered;
    // after the answer's weight was raised on the tuning set, re-measured (no longer blind): 65 %, 10 %.
    assert.ok(s.used >= 0.62, `right entry used ${s.used}`);
    // Issue 29 doubled the knowledge base; one of the 20 uncovered questions is now covered by a new
    // entry (relabelled blind, from entry titles only), so the 2 answered are 2 of 19.
    assert.ok(s.noneAnswered <= 2 / 19 + 1e-9, `uncovered answered ${s.noneAnswered}`);
  });

  it("issue 29's blind set 3, now tuned on (32 questions, zh and en): every kind of answer that fools judges below the strong one", async function () {
    this.timeout(300_000);
    const items = SCORING_SETS.filter((s) => s.name === 'heldout-3 (seen)').flatMap((s) => loadScoringSet(s.files));
    assert.equal(items.length, 32);
    const s = summarise(await scoreSet(core, items));
    // Measured once, blind (written without the knowledge base, labelled from entry titles only):
    // keyword list 100 %, weak 100 %, wrong 93.8 %, off-topic 96.9 %, rambling 93.8 %, strong >= 60 96.9 %.
    // Tuned on since (2026-12-04: three general misconceptions), wrong 100 %: no longer blind, a guard only.
    assert.ok(s.above.keywords! >= 0.96, `strong above keyword list ${s.above.keywords}`);
    assert.ok(s.above.weak! >= 0.96, `strong above weak ${s.above.weak}`);
    assert.ok(s.above.wrong! >= 0.96, `strong above wrong ${s.above.wrong}`);
    assert.ok(s.above.offtopic! >= 0.93, `strong above off-topic ${s.above.offtopic}`);
    assert.ok(s.above.rambling! >= 0.9, `strong above rambling ${s.above.rambling}`);
    assert.ok(s.strongPass! >= 0.93, `strong >= 60 ${s.strongPass}`);
  });
});
