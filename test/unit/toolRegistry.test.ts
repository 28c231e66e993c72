import { strict as assert } from 'node:assert';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { ok, type Tool } from '../../src/core/calls/tool';
import { makeCtx } from './helpers';

function echoTool(over: Partial<Tool> = {}): Tool {
  return {
    name: 'echo_input',
    description: 'Returns its input.',
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        count: { type: 'integer', minimum: 0, default: 1 },
        words: { type: 'number' },
        apiKey: { type: 'string' },
      },
      required: ['text'],
    },
    async execute(input) { return ok(input); },
    ...over,
  };
}

describe('ToolRegistry', () => {
  it('registers, resolves and lists tools; a duplicate name is an error', () => {
    const r = new ToolRegistry().register(echoTool());
    assert.ok(r.has('echo_input'));
    assert.equal(r.resolve('echo_input')?.name, 'echo_input');
    assert.deepEqual(r.list().map((t) => t.name), ['echo_input']);
    assert.throws(() => r.register(echoTool()), /already registered/);
    assert.throws(() => r.register(echoTool({ name: 'Bad-Name' })), /snake case/);
  });

  it('exports schemas in Anthropic and OpenAI formats; unknown names fail', () => {
    const r = new ToolRegistry().register(echoTool());
    assert.deepEqual(r.toAnthropicTools()[0], { name: 'echo_input', description: 'Returns its input.', input_schema: echoTool().inputSchema });
    const oa = r.toOpenAiTools(['echo_input'])[0];
    assert.equal(oa.type, 'function');
    assert.equal(oa.function.name, 'echo_input');
    assert.deepEqual(oa.function.parameters, echoTool().inputSchema);
    assert.equal(r.getSchemasFor(['echo_input']).length, 1);
    assert.throws(() => r.getSchemasFor(['nope']), /unknown tool "nope"/);
  });

  it('rejects a missing required field, naming it', async () => {
    const r = new ToolRegistry().register(echoTool());
    const res = await r.execute('echo_input', {}, makeCtx());
    assert.equal(res.success, false);
    assert.equal(res.error?.code, 'input_error');
    assert.match(res.error!.message, /missing required field "text"/);
  });

  it('rejects a wrong type and an unknown key, naming each field', async () => {
    const r = new ToolRegistry().register(echoTool());
    const wrong = await r.execute('echo_input', { text: 5 }, makeCtx());
    assert.equal(wrong.error?.code, 'input_error');
    assert.match(wrong.error!.message, /"text" must be string/);
    const unknown = await r.execute('echo_input', { text: 'x', colour: 'red' }, makeCtx());
    assert.equal(unknown.error?.code, 'input_error');
    assert.match(unknown.error!.message, /unknown field "colour"/);
  });

  it('applies defaults and normalises numeric strings, including Chinese numerals', async () => {
    const r = new ToolRegistry().register(echoTool());
    const res = await r.execute<Record<string, unknown>>('echo_input', { text: 'x', words: '500字左右' }, makeCtx());
    assert.deepEqual(res.data, { text: 'x', words: 500, count: 1 });
    const cn = await r.execute<Record<string, unknown>>('echo_input', { text: 'x', count: '一百' }, makeCtx());
    assert.equal(cn.data?.count, 100);
    const bad = await r.execute('echo_input', { text: 'x', count: 'many' }, makeCtx());
    assert.equal(bad.error?.code, 'input_error');
  });

  it('does not change the caller\'s input object', async () => {
    const r = new ToolRegistry().register(echoTool());
    const input = { text: 'x', count: '三' };
    await r.execute('echo_input', input, makeCtx());
    assert.deepEqual(input, { text: 'x', count: '三' });
  });

  it('times out a slow tool and fires its abort signal', async () => {
    let seen: AbortSignal | undefined;
    const r = new ToolRegistry().register(echoTool({
      name: 'slow_tool',
      timeoutMs: 30,
      execute: (_input, ctx) => { seen = ctx.signal; return new Promise(() => {}); },
    }));
    const res = await r.execute('slow_tool', { text: 'x' }, makeCtx());
    assert.equal(res.error?.code, 'timeout');
    assert.match(res.error!.message, /30 ms/);
    assert.equal(seen?.aborted, true);
  });

  it('honours cancellation before and during a call', async () => {
    const r = new ToolRegistry().register(echoTool({
      name: 'wait_tool',
      timeoutMs: 10_000,
      execute: (_i, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(ok('late')))),
    }));
    const before = new AbortController();
    before.abort();
    assert.equal((await r.execute('wait_tool', { text: 'x' }, makeCtx({ signal: before.signal }))).error?.code, 'cancelled');
    const during = new AbortController();
    const pending = r.execute('wait_tool', { text: 'x' }, makeCtx({ signal: during.signal }));
    setTimeout(() => during.abort(), 10);
    assert.equal((await pending).error?.code, 'cancelled');
  });

  it('never throws: a throwing tool, a bad return and an unknown tool become results', async () => {
    const r = new ToolRegistry()
      .register(echoTool({ name: 'throw_tool', execute: async () => { throw new Error('boom'); } }))
      .register(echoTool({ name: 'sync_throw_tool', execute: () => { throw new Error('sync boom'); } }))
      .register(echoTool({ name: 'bad_tool', execute: async () => 42 as never }));
    const a = await r.execute('throw_tool', { text: 'x' }, makeCtx());
    assert.equal(a.error?.code, 'service_error');
    assert.match(a.error!.message, /boom/);
    assert.equal((await r.execute('sync_throw_tool', { text: 'x' }, makeCtx())).error?.code, 'service_error');
    assert.equal((await r.execute('bad_tool', { text: 'x' }, makeCtx())).error?.code, 'service_error');
    const u = await r.execute('missing_tool', {}, makeCtx());
    assert.equal(u.error?.code, 'input_error');
    assert.equal((await r.execute('throw_tool', null, makeCtx())).error?.code, 'input_error');
  });

  it('writes one structured, redacted, truncated log line per call', async () => {
    const r = new ToolRegistry().register(echoTool());
    const ctx = makeCtx();
    await r.execute('echo_input', { text: 'y'.repeat(500), apiKey: 'sk-ant-abcdefghijklmnop' }, ctx);
    await r.execute('echo_input', { text: 'Bearer abcdefghijklmnop token here' }, ctx);
    assert.equal(ctx.logger.lines.length, 2);
    const f = ctx.logger.lines[0].fields!;
    assert.equal(f.tool, 'echo_input');
    assert.equal(f.status, 'ok');
    assert.equal(f.requestId, 'req-test');
    assert.equal(typeof f.ms, 'number');
    assert.ok(String(f.args).length <= 200);
    const all = JSON.stringify(ctx.logger.lines);
    assert.ok(!all.includes('sk-ant-abcdefghijklmnop'), 'API key leaked into the log');
    assert.ok(!all.includes('Bearer abcdefghijklmnop'), 'bearer token leaked into the log');
    const failed = makeCtx();
    await r.execute('echo_input', {}, failed);
    assert.equal(failed.logger.lines[0].level, 'warn');
    assert.equal(failed.logger.lines[0].fields!.status, 'input_error');
  });
});
