import { strict as assert } from 'node:assert';
import { proseSentences } from '../../src/core/text/sentences';

describe('prose sentences (zh and en, for text shown to the user)', () => {
  it('keeps a sentence whole across ; and ；', () => {
    assert.deepEqual(proseSentences('Retry with backoff; cap the attempts. Then log it.'), ['Retry with backoff; cap the attempts.', 'Then log it.']);
    assert.deepEqual(proseSentences('先限流；再重试。最后记录日志！'), ['先限流；再重试。', '最后记录日志！']);
  });

  it('keeps closing quotes with their sentence and numbers, versions and abbreviations whole', () => {
    assert.deepEqual(proseSentences('他说：“先查缓存。”然后再查库。'), ['他说：“先查缓存。”', '然后再查库。']);
    assert.deepEqual(proseSentences('Say "use a key." Then stop.'), ['Say "use a key."', 'Then stop.']);
    assert.deepEqual(proseSentences('Use e.g. Redis 7.2 or node.js v1.2 here. Done?! Yes'), ['Use e.g. Redis 7.2 or node.js v1.2 here.', 'Done?!', 'Yes']);
    assert.deepEqual(proseSentences('混合 English. 中文……好'), ['混合 English.', '中文……', '好']);
  });
});
