import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitTranscript as splitLabeled } from '../../src/core/transcript/split';
import { detectTranscriptFormat } from '../../src/core/transcript/parse';
import { TranscriptError } from '../../src/core/transcript/model';
import { splitQaPairs } from '../../src/core/tools/splitQaPairs';
import { ToolRegistry } from '../../src/core/tools/registry';
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
