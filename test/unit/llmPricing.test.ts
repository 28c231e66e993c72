import { strict as assert } from 'node:assert';
import { claudeFamily, costOf, listPrice } from '../../src/core/llm/pricing';
import type { LlmUsage } from '../../src/core/llm/provider';

const M = 1_000_000;
const usage = (u: Partial<LlmUsage>): LlmUsage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, ...u });

describe('llm pricing', () => {
  it('reads family and version from both naming schemes', () => {
    assert.deepEqual(claudeFamily('claude-sonnet-5-5'), { family: 'sonnet', version: 5.5 });
    assert.deepEqual(claudeFamily('claude-opus-4-20250514'), { family: 'opus', version: 4 }, 'a date is not a minor version');
    assert.deepEqual(claudeFamily('claude-opus-4-1-20250805'), { family: 'opus', version: 4.1 });
    assert.deepEqual(claudeFamily('claude-haiku-4-5-20251001'), { family: 'haiku', version: 4.5 });
    assert.deepEqual(claudeFamily('claude-3-5-haiku-latest'), { family: 'haiku', version: 3.5 });
    assert.deepEqual(claudeFamily('claude-3-opus-20240229'), { family: 'opus', version: 3 });
    assert.deepEqual(claudeFamily('anthropic.claude-sonnet-4-5-20250929-v1:0'), { family: 'sonnet', version: 4.5 });
    assert.equal(claudeFamily('gpt-4o-mini'), null);
    assert.equal(claudeFamily('claude-fable-5-2'), null);
  });

  it('prices Sonnet, Haiku 4.5+, Opus 4.5+ and the older Opus at list price, with cache writes at 1.25x and reads at 0.1x input', () => {
    assert.deepEqual(listPrice('claude-sonnet-5-5'), { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    assert.deepEqual(listPrice('claude-sonnet-4-5'), listPrice('claude-sonnet-5-5'));
    assert.equal(listPrice('claude-haiku-5-5')!.input, 1);
    assert.equal(listPrice('claude-haiku-4-5')!.output, 5);
    assert.deepEqual([listPrice('claude-opus-5-5')!.input, listPrice('claude-opus-5-5')!.output], [5, 25]);
    assert.deepEqual([listPrice('claude-opus-4-5')!.input, listPrice('claude-opus-4-6')!.output], [5, 25]);
    assert.deepEqual([listPrice('claude-opus-4-1')!.input, listPrice('claude-opus-4-1')!.output], [15, 75]);
    assert.deepEqual([listPrice('claude-opus-4-20250514')!.input, listPrice('claude-opus-4-20250514')!.output], [15, 75]);
  });

  it('costs a call from its usage, counting cache reads and writes apart', () => {
    assert.equal(costOf('claude-sonnet-5-5', usage({ inputTokens: M })), 3);
    assert.equal(costOf('claude-sonnet-5-5', usage({ outputTokens: M })), 15);
    assert.equal(costOf('claude-sonnet-5-5', usage({ cacheWriteTokens: M })), 3.75);
    assert.equal(costOf('claude-sonnet-5-5', usage({ cacheReadTokens: M })), 0.3);
    // 2,000 in, 500 out, 10,000 read from the cache: 0.006 + 0.0075 + 0.003
    assert.equal(costOf('claude-sonnet-5-5', usage({ inputTokens: 2000, outputTokens: 500, cacheReadTokens: 10_000 })), 0.0165);
    assert.equal(costOf('claude-opus-4-1', usage({ inputTokens: 1000, outputTokens: 1000 })), 0.09);
  });

  it('an unknown model costs null, unless the settings give its price', () => {
    assert.equal(costOf('gpt-4o-mini', usage({ inputTokens: M })), null);
    assert.equal(costOf('qwen2.5:7b', usage({ inputTokens: M }), null), null);
    // An override with no cache prices: cached tokens cost what input costs (no discount assumed).
    assert.equal(costOf('gpt-4o-mini', usage({ inputTokens: M, outputTokens: M, cacheReadTokens: M }), { input: 0.15, output: 0.6 }), 0.9);
    assert.equal(costOf('gpt-4o-mini', usage({ cacheReadTokens: M }), { input: 0.15, output: 0.6, cacheRead: 0.075 }), 0.075);
  });

  it('an override of a Claude price wins and keeps Anthropic\'s cache factors', () => {
    const p = { input: 2, output: 10 };
    assert.equal(costOf('claude-sonnet-5-5', usage({ inputTokens: M, cacheWriteTokens: M, cacheReadTokens: M }), p), 2 + 2.5 + 0.2);
  });
});
