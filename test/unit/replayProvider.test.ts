import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { LlmError, responseText, type LlmProvider, type LlmRequest, type LlmResponse } from '../../src/core/llm/provider';
import { parseCassette } from '../../src/core/replay/cassette';
import { CassetteRecorder } from '../../src/core/replay/cassetteRecorder';
import { recording } from '../../src/core/calls/recordingProvider';
import { ReplayProvider } from '../../src/core/replay/replayProvider';
import { tempDir } from './helpers';

/** A model whose answer names the request's last user text and how many calls it has had. */
function fakeModel(): LlmProvider & { calls: number } {
  return {
    engine: 'anthropic', model: 'fake-1', calls: 0,
    async complete(request: LlmRequest): Promise<LlmResponse> {
      this.calls++;
      const last = request.messages.at(-1)!.content[0] as { text: string };
      return { content: [{ type: 'text', text: `answer ${this.calls} to ${last.text}` }], stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'fake-1', requestId: `req_${this.calls}`, costUsd: null, durationMs: 5, attempts: 1 };
    },
  };
}

const judge = (answer: string, over: Partial<LlmRequest> = {}): LlmRequest => ({
  purpose: 'judge',
  system: [{ type: 'text', text: 'You grade interview answers.\nReturn JSON {"score": 0-100}.\nBe strict about accuracy.', cache: true }],
  messages: [{ role: 'user', content: [{ type: 'text', text: answer }] }],
  maxTokens: 200,
  ...over,
});
const signal = () => new AbortController().signal;

/** Records the given requests through the fake model and returns the cassette. */
async function recordCassette(requests: LlmRequest[]) {
  const root = tempDir('il-replay-');
  try {
    const rec = new CassetteRecorder(root, 'run', { skill: 'diagnose-transcript', skillHash: 'h', engine: 'anthropic', model: 'fake-1' });
    const model = recording(fakeModel(), rec);
    for (const r of requests) await model.complete(r, { signal: signal() });
    return parseCassette(rec.text());
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('replay: ReplayProvider', () => {
  it('answers by canonical key and replays the answers to a repeated request in order', async () => {
    const cassette = await recordCassette([judge('A'), judge('B'), judge('A')]);
    const replay = new ReplayProvider(cassette);
    assert.equal(replay.engine, 'anthropic', 'replays say the engine that was recorded');
    assert.equal(replay.model, 'fake-1');
    // Keys ignore key order and undefined fields: build the request differently.
    const reordered = { maxTokens: 200, temperature: undefined, messages: judge('A').messages, system: judge('A').system, purpose: 'judge' } as LlmRequest;
    assert.equal(responseText(await replay.complete(reordered, { signal: signal() })), 'answer 1 to A');
    assert.equal(responseText(await replay.complete(judge('B'), { signal: signal() })), 'answer 2 to B');
    const streamed: string[] = [];
    assert.equal(responseText(await replay.complete(judge('A'), { signal: signal(), onText: (t) => streamed.push(t) })), 'answer 3 to A');
    assert.deepEqual(streamed, ['answer 3 to A']);
    assert.equal(replay.unused, 0);
    replay.rewind();
    assert.equal(replay.unused, 3);
  });

  it('strict: a changed request throws replay_miss naming the closest recording, with a diff', async () => {
    const cassette = await recordCassette([judge('What is RAG? Retrieval then generation.'), judge('Unrelated'), { ...judge('x'), purpose: 'judge-repair' }]);
    const replay = new ReplayProvider(cassette);
    const changed = judge('What is RAG? Retrieval then generation.', { system: [{ type: 'text', text: 'You grade interview answers.\nReturn JSON {"score": 0-100}.\nBe lenient about accuracy.', cache: true }] });
    await assert.rejects(replay.complete(changed, { signal: signal() }), (err: LlmError) => {
      assert.ok(err instanceof LlmError);
      assert.equal(err.kind, 'replay_miss');
      assert.match(err.message, /no recorded model call matches this request \(purpose "judge"\)/);
      assert.match(err.message, /Closest recorded: model call 1 of 3 \(purpose "judge"\), 2 lines differ/);
      // Prompt text is diffed line by line: the changed line, not the whole prompt twice.
      assert.match(err.message, /\n- +↵ Be strict about accuracy\.",\n\+ +↵ Be lenient about accuracy\.",\n/);
      assert.doesNotMatch(err.message, /^[-+].*You grade interview answers/m);
      assert.match(err.message, /re-record the run/);
      return true;
    });
    assert.equal(replay.misses.length, 1);
    assert.equal(replay.misses[0].forwarded, false);
  });

  it('strict: asking a recorded request more often than recorded is a miss that says so', async () => {
    const replay = new ReplayProvider(await recordCassette([judge('A')]));
    await replay.complete(judge('A'), { signal: signal() });
    await assert.rejects(replay.complete(judge('A'), { signal: signal() }), /was recorded 1 time and is now asked once more/);
  });

  it('non-strict: a miss goes to the live fallback and is listed in misses', async () => {
    const live = fakeModel();
    const replay = new ReplayProvider(await recordCassette([judge('A')]), { strict: false, fallback: live });
    assert.equal(responseText(await replay.complete(judge('A'), { signal: signal() })), 'answer 1 to A');
    assert.equal(live.calls, 0);
    assert.equal(responseText(await replay.complete(judge('new question'), { signal: signal() })), 'answer 1 to new question');
    assert.equal(live.calls, 1);
    assert.equal(replay.misses.length, 1);
    assert.equal(replay.misses[0].forwarded, true);
    assert.match(replay.misses[0].message, /Closest recorded: model call 1 of 1/);
    assert.throws(() => new ReplayProvider(parseCassetteHeaderOnly(), { strict: false }), /needs a fallback provider/);
  });

  it('a cassette with no model calls explains the miss; a cancelled call does not count as one', async () => {
    const replay = new ReplayProvider(parseCassetteHeaderOnly());
    await assert.rejects(replay.complete(judge('A'), { signal: signal() }), /the cassette has no model calls/);
    const c = new AbortController();
    c.abort();
    await assert.rejects(replay.complete(judge('A'), { signal: c.signal }), (err: LlmError) => err.kind === 'cancelled');
    assert.equal(replay.misses.length, 1);
  });

  it('a caller changing a served response does not change the recording', async () => {
    const replay = new ReplayProvider(await recordCassette([judge('A')]));
    const first = await replay.complete(judge('A'), { signal: signal() });
    (first.content[0] as { text: string }).text = 'tampered';
    replay.rewind();
    assert.equal(responseText(await replay.complete(judge('A'), { signal: signal() })), 'answer 1 to A');
  });
});

function parseCassetteHeaderOnly() {
  return parseCassette(JSON.stringify({ type: 'header', format: 1, skill: 's', skillHash: 'h', engine: 'offline', model: '', createdAt: '2026-01-01T00:00:00Z' }));
}
