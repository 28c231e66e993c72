import { strict as assert } from 'node:assert';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { TranscriptError } from '../../src/core/diagnosis/transcript/model';
import { transcriptErrorZh } from '../../src/core/diagnosis/transcript/errorZh';

/** The message splitTranscript throws for `text`. */
function reason(text: string, options: Parameters<typeof splitTranscript>[1] = {}): string {
  try {
    splitTranscript(text, options);
  } catch (err) {
    assert.ok(err instanceof TranscriptError, String(err));
    return err.message;
  }
  assert.fail('no error');
}

describe('transcript errors in Chinese (a Chinese UI showed them in English)', () => {
  it('translates the reasons a user meets: roles not told apart, no question and answer, empty, no labels, too long', () => {
    const cases = [
      reason('我们聊聊幂等。', { format: 'dialogue' }),
      reason('面试官：你好。\n面试官：请介绍一下你自己。'),
      reason('   '),
      reason('just some words with no labels at all', { format: 'labeled' }),
    ];
    for (const message of cases) {
      const zh = transcriptErrorZh(message);
      assert.ok(zh, `no Chinese for: ${message}`);
      assert.match(zh, /[\u4e00-\u9fff]/);
      assert.doesNotMatch(zh.replace(/“[^”]*”|"[^"]*"|interviewLens\.\w+|Interview Lens|\S+ 文稿/g, ''), /[A-Za-z]{4,}/, zh);
    }
    assert.equal(transcriptErrorZh('something else entirely'), undefined);
  });
});
