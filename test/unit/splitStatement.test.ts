import { strict as assert } from 'node:assert';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';
import { TranscriptError } from '../../src/core/diagnosis/transcript/model';
import { answersStatement } from '../../src/core/diagnosis/transcript/answersStatement';

describe('an interviewer turn that ends in a statement', () => {
  it('splits into a question and its one-sentence answer', () => {
    const zh = splitTranscript('面试官：我们的接口最近被刷得厉害，既要控成本，又不能误伤正常用户。\n候选人：我会按用户和 IP 分层限流，异常流量先进验证码而不是直接封禁。\n');
    assert.deepEqual(zh.pairs.map((p) => [p.question, p.answer]), [[
      '我们的接口最近被刷得厉害，既要控成本，又不能误伤正常用户。',
      '我会按用户和 IP 分层限流，异常流量先进验证码而不是直接封禁。',
    ]]);
    // The reply picks up the statement's own words without taking a stance word first.
    const echo = splitTranscript('面试官：检索结果里经常混进过期的文档，用户投诉答案过时。\n候选人：过期文档要在入库时打上版本号，检索时按版本过滤，用户就不会看到旧答案。\n');
    assert.equal(echo.pairs.length, 1);
  });

  it('keeps a remark and a backchannel or a short acknowledgement apart from a question', () => {
    assert.throws(() => splitTranscript('面试官：我们的接口最近被刷得厉害，既要控成本，又不能误伤正常用户。\n候选人：嗯，对。\n'), TranscriptError);
    assert.equal(answersStatement('我们公司主要做跨境电商。', '好的，明白了。'), false);
    assert.equal(answersStatement('既要控成本，又不能误伤正常用户。', '你是说要区分爬虫和真实用户吗？'), false, 'a question back does not answer');
    assert.equal(answersStatement('We need to cut costs without blocking real users.', "I'd tier the limits per user and per IP, and challenge suspicious traffic instead of banning it."), true);
  });
});
