import { strict as assert } from 'node:assert';
import { createCore } from '../../src/core/services';
import { AskError } from '../../src/core/builtin/codeSkills/ask';
import type { LlmToolResultBlock } from '../../src/core/llm/provider';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { FakeLlm } from '../support/fakeLlm';
import { KNOWLEDGE_DIR } from './helpers';

let shared: ReturnType<typeof createCore> | undefined;
const logger = new MemoryLogger();
const core = () => (shared ??= createCore({ knowledgeDir: KNOWLEDGE_DIR, logger }));

describe('ask: skill mode and agent mode', () => {
  it('offline, a question about a concept runs the explain-concept skill from the knowledge base', async () => {
    const out = await core().ask({ question: 'What is idempotency in an API?' }, {});
    assert.equal(out.mode, 'skill');
    assert.equal(out.skill, 'explain-concept');
    assert.equal(out.engine, 'offline');
    assert.match(out.answerMd, /idempoten/i);
  });

  it('offline, "what is prompt caching?" is answered by the prompt-caching entry, not by one that only mentions it, in either word order of Chinese', async () => {
    // The semantic-cache entry once listed "What is prompt caching?" among its own paraphrases.
    for (const question of ['What is prompt caching?', 'prompt caching 是什么', '什么是 prompt caching']) {
      const out = await core().ask({ question }, {});
      assert.equal(out.skill, 'explain-concept', question);
      assert.match(out.answerMd.split('\n')[0], /prompt caching.*(structure prompts|命中缓存)/i, question);
    }
  });

  it('offline, a request no skill matches says agent mode needs a model', async () => {
    await assert.rejects(core().ask({ question: 'Plan my week of practice' }, {}), (e: unknown) => e instanceof AskError && e.kind === 'needs-model' && /--engine/.test(e.message));
  });

  it('a diagnose request without a transcript says what it needs; with one, it runs the skill', async () => {
    await assert.rejects(core().ask({ question: 'diagnose this interview' }, {}), (e: unknown) => e instanceof AskError && /--file/.test(e.message));
    const text = 'Interviewer: What is idempotency?\nCandidate: Repeating a request has the same effect as sending it once; we use an idempotency key.';
    const out = await core().ask({ question: 'diagnose this interview', attachment: { text, source: 'x.txt' } }, {});
    assert.equal(out.skill, 'diagnose-transcript');
    assert.match(out.answerMd, /Q1|1\./);
  });

  it('agent mode: a tool error goes back as is_error, the model recovers, and every step is logged with the request id', async () => {
    const llm = new FakeLlm((req, n) => {
      if (n === 0) return { stopReason: 'tool_use', content: [{ type: 'tool_use', id: 'tu1', name: 'query_knowledge_base', input: { query: 'idempotency', topK: 99 } }] };
      if (n === 1) return { stopReason: 'tool_use', content: [{ type: 'text', text: 'Retrying with a valid topK.' }, { type: 'tool_use', id: 'tu2', name: 'query_knowledge_base', input: { query: 'idempotency', topK: 3 } }] };
      const last = req.messages.at(-1)!.content[0] as LlmToolResultBlock;
      return `Found: ${last.content.slice(0, 40)}`;
    });
    logger.lines.length = 0;
    const out = await core().ask({ question: 'Plan my week of practice around idempotency' }, { llm });
    assert.equal(out.mode, 'agent');
    assert.equal(out.stoppedBy, 'end_turn');
    assert.equal(out.steps!.length, 3);
    const first = llm.requests[1].messages.at(-1)!.content[0] as LlmToolResultBlock;
    assert.equal(first.type, 'tool_result');
    assert.equal(first.isError, true);
    assert.match(first.content, /input_error/);
    const second = llm.requests[2].messages.at(-1)!.content[0] as LlmToolResultBlock;
    assert.equal(second.isError, undefined);
    assert.match(out.answerMd, /^Found: \{"hits"/);
    assert.ok(llm.requests[0].tools!.some((t) => t.name === 'query_knowledge_base'));
    assert.ok(!llm.requests[0].tools!.some((t) => t.name === 'transcribe_audio'), 'no uploads from a question');
    assert.equal(llm.requests[0].cacheTools, true);
    const stepLines = logger.lines.filter((e) => e.message === 'agent step');
    assert.equal(stepLines.length, 3);
    assert.ok(stepLines.every((l) => typeof l.fields?.requestId === 'string'));
  });

  it('agent mode stops at the step limit and says so', async () => {
    const llm = new FakeLlm(() => ({ stopReason: 'tool_use', content: [{ type: 'tool_use', id: 'x', name: 'query_knowledge_base', input: { query: 'rag' } }] }));
    const out = await core().ask({ question: 'Plan my week of practice' }, { llm, maxSteps: 3 });
    assert.equal(out.stoppedBy, 'step_limit');
    assert.equal(llm.requests.length, 3);
    assert.match(out.warnings[0], /step limit/);
  });
});
