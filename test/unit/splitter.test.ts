import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitTranscript as splitLabeled } from '../../src/core/diagnosis/transcript/split';
import { isClarifyingQuestion, isQuestionLike, isSmallTalk } from '../../src/core/diagnosis/transcript/cues';
import { detectTranscriptFormat } from '../../src/core/diagnosis/transcript/parse';
import { TranscriptError } from '../../src/core/diagnosis/transcript/model';
import { splitQaPairs } from '../../src/core/builtin/tools/splitQaPairs';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { makeCtx, SAMPLES } from './helpers';

describe('split_qa_pairs / labeled splitter', () => {
  it('splits Chinese labels with full- and half-width colons', () => {
    const text = '面试官：什么是幂等？\n候选人：同一请求执行多次效果相同。\n面试官:如何实现？\n候选人:用唯一索引。\n';
    const r = splitLabeled(text);
    assert.equal(r.format, 'labeled-zh');
    assert.equal(r.language, 'zh');
    assert.deepEqual(r.pairs.map((p) => [p.question, p.answer]), [
      ['什么是幂等？', '同一请求执行多次效果相同。'],
      ['如何实现？', '用唯一索引。'],
    ]);
  });

  it('splits English Interviewer/Candidate labels, with markdown bold and a multi-paragraph answer', () => {
    const text = '**Interviewer:** What is RAG?\n\n**Candidate:** Retrieval first.\n\nThen generation with citations.\n\n**Interviewer:** Thanks!\n';
    const r = splitLabeled(text);
    assert.equal(r.format, 'labeled-en');
    assert.equal(r.language, 'en');
    assert.equal(r.pairs.length, 1, 'a closing remark without an answer is not a question');
    assert.equal(r.pairs[0].answer, 'Retrieval first.\n\nThen generation with citations.');
  });

  it('splits Q:/A: transcripts and merges consecutive turns of one speaker', () => {
    const text = 'Q: First part of the question.\nQ: And the second part?\nA: An answer.\nA: More of it.\n';
    const r = splitLabeled(text);
    assert.equal(r.format, 'qa');
    assert.equal(r.pairs.length, 1);
    assert.equal(r.pairs[0].question, 'First part of the question.\n\nAnd the second part?');
    assert.equal(r.pairs[0].answer, 'An answer.\n\nMore of it.');
  });

  it('gives offsets that point at the question label and the end of the answer (CRLF too)', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = ['intro line', '面试官：问题一？', '候选人：回答一。', '', '面试官：问题二？', '候选人：回答二，', '第二段。', ''].join(eol);
      const r = splitLabeled(text);
      assert.equal(r.pairs.length, 2);
      for (const p of r.pairs) {
        assert.ok(text.slice(p.startOffset).startsWith('面试官：'), `start offset of Q${p.index} (${JSON.stringify(eol)})`);
        assert.ok(text.slice(0, p.endOffset).endsWith(p.answer.split('\n').pop()!), `end offset of Q${p.index}`);
      }
    }
  });

  it('auto-detects labeled text and names the label convention', () => {
    assert.equal(detectTranscriptFormat('Interviewer: a\nCandidate: b\nQ: stray'), 'labeled');
    assert.equal(splitLabeled('Interviewer: What is a?\nCandidate: b\nQ: stray').format, 'labeled-en');
    assert.equal(detectTranscriptFormat('just some text'), 'dialogue');
  });

  it('refuses unlabeled text and empty text with a message saying what to do', () => {
    assert.throws(() => splitLabeled('We talked about caches and then about queues.'), (e: Error) =>
      e instanceof TranscriptError && /面试官：.*Interviewer:.*Q:/.test(e.message));
    assert.throws(() => splitLabeled('   '), /empty/);
    assert.throws(() => splitLabeled('面试官：只有问题没有回答？'), /no question followed by an answer/);
  });

  it('splits both bundled samples', () => {
    const zh = splitLabeled(fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8'));
    assert.equal(zh.pairs.length, 6);
    const en = splitLabeled(fs.readFileSync(path.join(SAMPLES, 'llm-engineer-en.md'), 'utf8'));
    assert.equal(en.pairs.length, 4);
  });

  it('as a tool: returns input_error for unlabeled text and honours an explicit format', async () => {
    const r = new ToolRegistry().register(splitQaPairs);
    const bad = await r.execute('split_qa_pairs', { text: 'no labels here' }, makeCtx());
    assert.equal(bad.error?.code, 'input_error');
    const forced = await r.execute<{ format: string; pairs: unknown[] }>('split_qa_pairs', { text: 'Q: a?\nA: b', format: 'labeled' }, makeCtx());
    assert.equal(forced.data?.format, 'qa');
    assert.equal(forced.data?.pairs.length, 1);
    const wrongFormat = await r.execute('split_qa_pairs', { text: 'Q: a?\nA: b', format: 'srt' }, makeCtx());
    assert.equal(wrongFormat.error?.code, 'input_error');
  });
});

describe('splitter: greetings, clarifying exchanges and where the lens sits (issue 10)', () => {
  const lineAt = (text: string, offset: number) => text.slice(text.lastIndexOf('\n', offset - 1) + 1).split('\n')[0];

  it('an opening question inside a greeting turn is a question, in English and Chinese', () => {
    assert.equal(isSmallTalk('Great to meet you. Before we dig in, walk me through the system you are proudest of.'), false);
    assert.ok(isQuestionLike('Great to meet you. Before we dig in, walk me through the system you are proudest of.'));
    assert.ok(isQuestionLike('很高兴认识你，那我们直接开始，先介绍一下你做过的 Agent 项目。'), 'an ask without a question mark after two lead-in clauses');
    const en = splitLabeled([
      'Priya: Hi Daniel, can you hear me?',
      'Daniel: Yes, I can hear you fine.',
      'Priya: Great to meet you. Before we dig in, walk me through the system you are proudest of.',
      'Daniel: The search indexer at my last company. It reads change events from Postgres and writes documents to Elasticsearch within two seconds, which replaced a nightly batch job.',
      'Priya: How would you test it?',
      'Daniel: Replay a day of change events against a staging cluster and compare the documents with a full rebuild.',
    ].join('\n'));
    assert.deepEqual(en.pairs.map((p) => p.question.slice(0, 18)), ['Great to meet you.', 'How would you test']);
    const zh = splitLabeled([
      '张伟：你好，能听到吗？',
      '李娜：能听到，你好。',
      '张伟：很高兴认识你，那我们直接开始，先介绍一下你做过的 Agent 项目。',
      '李娜：我做过一个帮运营写周报的 Agent，它先调用数据平台的接口拉指标，再和上周对比，最后按模板生成草稿。',
      '张伟：你好，欢迎来面试。我们先从你最有成就感的项目开始吧，讲讲它的架构？',
      '李娜：最有成就感的是客服知识库问答，底层是文档切分，中间是混合召回，上层是大模型生成答案并附上出处。',
    ].join('\n'));
    assert.equal(zh.pairs.length, 2);
    assert.ok(zh.pairs[0].question.includes('先介绍一下你做过的 Agent 项目'));
    assert.ok(zh.pairs[1].question.includes('讲讲它的架构'));
  });

  it('real small talk is still small talk, and an answer that opens with a rhetorical question stays an answer', () => {
    for (const t of ['Hi, can you hear me?', '你好，能听到吗？', 'Hi, thanks for joining today. Can you hear me okay?']) assert.ok(isSmallTalk(t), t);
    const r = splitLabeled([
      '面试官：你好，能听到吗？',
      '候选人：能听到。',
      '面试官：你们为什么把同步写改成了异步？',
      '候选人：为什么要这么做？因为写入量很大，同步写会拖慢下单接口，所以我们改成先写消息队列，再由消费者落库。',
      '面试官：那消息重复了怎么办？',
      '候选人：消费端按订单号做幂等，重复的消息直接丢掉。',
    ].join('\n'));
    assert.deepEqual(r.pairs.map((p) => p.answer.slice(0, 8)), ['为什么要这么做？', '消费端按订单号做']);
    assert.ok(!r.pairs.some((p) => p.question.includes('能听到')));
  });

  it('keeps a clarifying question in any wording and a plain-statement reply inside the answer (English)', () => {
    assert.ok(isClarifyingQuestion('Before I answer: is this for internal users only?'));
    assert.ok(isClarifyingQuestion('Sorry, just so I understand — are we talking about batch or real-time?'));
    const r = splitLabeled([
      'Interviewer: How would you design a notification service for our company?',
      'Candidate: Before I answer: is this for internal users only?',
      'Interviewer: Internal only, about two thousand employees.',
      'Candidate: Then one service reads events from a queue, applies each person\'s preferences and sends email, chat or push.',
      'Interviewer: How would you load test it before launch?',
      'Candidate: Before launch or while it is running?',
      'Interviewer: Before launch.',
      'Candidate: I would replay a busy day of events at twice the rate against a staging copy and watch the queue lag.',
      'Interviewer: And how do you avoid sending a notification twice?',
      'Candidate: Sorry, just so I understand — are we talking about batch or real-time?',
      'Interviewer: Real-time, straight from the event stream.',
      'Candidate: Every event gets an id that the sender records under a unique key before sending, so a redelivery is dropped.',
    ].join('\n'));
    assert.equal(r.pairs.length, 3, 'a clarifying exchange is not a new question');
    assert.ok(r.pairs[0].answer.startsWith('Before I answer') && r.pairs[0].answer.includes('applies each person'));
    assert.ok(!r.pairs[0].answer.includes('Internal only'), 'the interviewer\'s reply is not the candidate\'s answer');
    assert.ok(r.pairs[1].answer.includes('replay a busy day'), 'a plain question asked back before answering');
    assert.ok(r.pairs[2].answer.includes('unique key'));
  });

  it('keeps a clarifying question in any wording and a plain-statement reply inside the answer (Chinese)', () => {
    assert.ok(isClarifyingQuestion('我想先确认一下，口径变化会提前通知我们吗？'));
    assert.ok(isClarifyingQuestion('您是指接口本身报错吗？'));
    const r = splitLabeled([
      '面试官：工具调用出错的时候，你们怎么处理？',
      '候选人：您是指接口本身报错吗？',
      '面试官：对，比如超时或者返回五百。',
      '候选人：超时就重试，最多三次，每次间隔翻倍；连续失败就停下来交给人工。',
      '面试官：如果指标口径改了，Agent 怎么发现？',
      '候选人：我想先确认一下，口径变化会提前通知我们吗？',
      '面试官：不会通知，只能自己发现。',
      '候选人：那就给每个指标保存过去八周的分布，新数据偏离太多就报警，不让 Agent 直接下结论。',
      '面试官：这个方案你会怎么衡量效果？',
      '候选人：这个是说线上还是离线的场景？',
      '面试官：线上的，每天几百万请求。',
      '候选人：线上看运营直接采用草稿的比例，以及草稿里被人工改掉的指标数量。',
    ].join('\n'));
    assert.equal(r.pairs.length, 3);
    assert.ok(r.pairs[0].answer.includes('最多三次'));
    assert.ok(r.pairs[1].answer.startsWith('我想先确认一下') && r.pairs[1].answer.includes('八周的分布'));
    assert.ok(r.pairs[2].answer.includes('采用草稿的比例'));
    assert.ok(!r.pairs.some((p) => /不会通知|每天几百万请求/.test(p.question)), 'a statement reply does not open a question');
  });

  it('after a worded clarification, a very short question back from the interviewer stays inside the answer too', () => {
    const r = splitLabeled([
      'Interviewer: How would you evaluate a RAG pipeline?',
      'Candidate: Do you mean the retriever or the whole pipeline?',
      'Interviewer: What would you pick?',
      'Candidate: The whole pipeline: a golden set of questions, recall at k for retrieval, and faithfulness graded by a judge calibrated on human labels.',
      'Interviewer: 你们的召回是怎么做的？',
      'Candidate: 你的意思是线上怎么召回吗？',
      'Interviewer: 对，我们说的是线上。',
      'Candidate: 线上用向量检索加关键词检索做混合召回，再用重排模型排序，取前五条放进提示词。',
    ].join('\n'));
    assert.equal(r.pairs.length, 2);
    assert.ok(r.pairs[0].answer.includes('golden set'));
    assert.ok(r.pairs[1].answer.includes('混合召回'));
  });

  it('a real new question after the answer still starts a new pair, even after a short answer that ends in "?"', () => {
    const r = splitLabeled([
      'Interviewer: Which rate limiting algorithm would you pick for a public API?',
      'Candidate: Maybe a token bucket?',
      'Interviewer: How would you share the limit across regions?',
      'Candidate: Give each region a share of the global limit and rebalance the shares every few seconds from a central counter.',
      'Interviewer: And if the central counter is down?',
      'Candidate: Keep the last shares?',
      'Interviewer: Okay, next question. Let\'s talk about message queues.',
      'Candidate: We use Kafka with idempotent producers, consumers commit offsets only after processing, and failed messages go to a dead-letter topic after three retries.',
    ].join('\n'));
    assert.deepEqual(r.pairs.map((p) => p.question.slice(0, 12)), ['Which rate l', 'How would yo', 'And if the c', 'Okay, next q']);
  });

  it('SRT: the lens sits on the question cue, not on the "Great." "Let\'s start." cues that open the turn', () => {
    const srt = [
      '1', '00:00:01,000 --> 00:00:02,500', 'Alex: Hi Sam, can you hear me?', '',
      '2', '00:00:03,000 --> 00:00:04,000', 'Sam: Yes, perfectly.', '',
      '3', '00:00:04,600 --> 00:00:05,000', 'Alex: Great.', '',
      '4', '00:00:05,300 --> 00:00:06,000', "Let's start.", '',
      '5', '00:00:06,300 --> 00:00:10,000', 'Can you walk me through how you would cache product pages for an online store?', '',
      '6', '00:00:10,800 --> 00:00:16,000', 'Sam: A CDN in front with a short time to live, and rendered fragments in Redis behind it, purged when a price changes.', '',
      '7', '00:00:16,800 --> 00:00:17,200', 'Alex: Okay.', '',
      '8', '00:00:17,500 --> 00:00:20,000', 'What happens when a popular entry expires?', '',
      '9', '00:00:20,800 --> 00:00:25,000', 'Sam: One request rebuilds it behind a lock while the others get the stale copy.', '',
    ].join('\n');
    const r = splitLabeled(srt);
    assert.equal(r.format, 'srt');
    assert.equal(r.pairs.length, 2);
    assert.ok(r.pairs[0].question.startsWith("Great. Let's start."), 'the question keeps its lead-in');
    assert.equal(lineAt(srt, r.pairs[0].startOffset), 'Can you walk me through how you would cache product pages for an online store?');
    assert.equal(lineAt(srt, r.pairs[1].startOffset), 'What happens when a popular entry expires?');
  });

  it('WebVTT: the lens sits on the question cue after a greeting cue of the same turn', () => {
    const vtt = [
      'WEBVTT', '',
      '00:01.000 --> 00:02.500', '<v 王老师>你好，能听到吗？</v>', '',
      '00:03.000 --> 00:04.000', '<v 小陈>能听到。</v>', '',
      '00:04.600 --> 00:06.000', '<v 王老师>你好，欢迎来面试。</v>', '',
      '00:06.300 --> 00:10.000', '<v 王老师>我们先从你最有成就感的项目开始吧，讲讲它的架构？</v>', '',
      '00:10.800 --> 00:18.000', '<v 小陈>最有成就感的是客服知识库问答，底层做文档切分，中间是混合召回，上层由大模型生成答案并附上出处。</v>', '',
      '00:18.800 --> 00:19.300', '<v 王老师>好的。</v>', '',
      '00:19.500 --> 00:20.300', '<v 王老师>下一个问题。</v>', '',
      '00:20.600 --> 00:23.000', '<v 王老师>检索结果不准的时候，你们怎么排查？</v>', '',
      '00:23.800 --> 00:30.000', '<v 小陈>先拿失败的查询看正确文档有没有进前五十，没进就调切分和同义词，进了但排不上去就交给重排模型。</v>', '',
    ].join('\n');
    const r = splitLabeled(vtt);
    assert.equal(r.format, 'vtt');
    assert.equal(r.pairs.length, 2);
    assert.equal(lineAt(vtt, r.pairs[0].startOffset), '<v 王老师>我们先从你最有成就感的项目开始吧，讲讲它的架构？</v>');
    assert.equal(lineAt(vtt, r.pairs[1].startOffset), '<v 王老师>检索结果不准的时候，你们怎么排查？</v>');
  });

  it('labeled text: a greeting line before the question inside one turn puts the lens on the question line', () => {
    const text = [
      'Interviewer: Good morning, and thanks for making the time.',
      'Before we dig in, walk me through the system you are proudest of.',
      'Candidate: The search indexer at my last company: change events from Postgres become documents in Elasticsearch within two seconds.',
      'Interviewer: Thanks, that\'s clear.',
      'What would you monitor in the first week?',
      'Candidate: The no-click rate per query type and a weekly sample of results graded by people.',
      'Interviewer: How would you roll it back?',
      'Candidate: Behind a flag, so switching back is one config change.',
    ].join('\n');
    const r = splitLabeled(text);
    assert.equal(r.pairs.length, 3);
    assert.equal(lineAt(text, r.pairs[0].startOffset), 'Before we dig in, walk me through the system you are proudest of.');
    assert.equal(lineAt(text, r.pairs[1].startOffset), 'What would you monitor in the first week?');
    assert.equal(lineAt(text, r.pairs[2].startOffset), 'Interviewer: How would you roll it back?', 'a one-line question keeps its label line');
  });
});
