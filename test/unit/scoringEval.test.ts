import { strict as assert } from 'node:assert';
import { createCore } from '../../src/core/services';
import { loadScoringSet, SCORING_SETS, scoreSet, summarise } from '../../scripts/lib/scoreEval';
import { KNOWLEDGE_DIR } from './helpers';

// Guards the offline judge at the levels measured on the sets it was tuned on (npm run
// eval:score prints every figure; the held-out sets are guarded in scoringHeldout.test.ts).
describe('offline judge on answers written to fool judges', () => {
  let core: ReturnType<typeof createCore>;
  before(() => { core = createCore({ knowledgeDir: KNOWLEDGE_DIR }); });
  const set = (name: string) => loadScoringSet(SCORING_SETS.find((s) => s.name === name)!.files);

  it('ranks the strong answer above the weak one in every one of the 45 older pairs', async function () {
    this.timeout(120_000);
    const scored = await scoreSet(core, set('pairs'));
    assert.ok(scored.length >= 45);
    const wrong = scored.filter((s) => (s.scores.strong ?? 0) <= (s.scores.weak ?? 0)).map((s) => s.item.question);
    assert.deepEqual(wrong, []);
  });

  it('on the tuning set: keyword lists, weak, wrong and off-topic answers stay below strong answers, which pass', async function () {
    this.timeout(300_000);
    const s = summarise(await scoreSet(core, set('tune')));
    assert.ok(s.n >= 40);
    assert.ok(s.above.keywords! >= 0.95, `strong above keyword list ${s.above.keywords}`);
    assert.ok(s.keywordsLow! >= 0.9, `keyword list <= 40 ${s.keywordsLow}`);
    assert.ok(s.above.weak! >= 0.95, `strong above weak ${s.above.weak}`);
    assert.ok(s.above.wrong! >= 0.85, `strong above wrong ${s.above.wrong}`);
    assert.ok(s.above.offtopic! >= 0.85, `strong above off-topic ${s.above.offtopic}`);
    assert.ok(s.strongPass! >= 0.8, `strong >= 60 ${s.strongPass}`);
  });
});
