import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './src/cli/main';
import { startMockAnthropic } from './test/support/mockAnthropicServer';
import { anthropicJudgeResponder } from './test/support/mockJudge';
const ROOT = __dirname;
const KEY = 'mock-key-not-secret-0123456789';
(async () => {
  const mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'il-cassettes-'));
  const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url, INTERVIEW_LENS_HOME: path.join(work, 'home') };
  // As scripts/record-cassettes.ts records it.
  mock.setResponder((body: any) => {
    const results = body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result') : []));
    if (results.length === 0) return { content: [{ type: 'tool_use', id: 'tu_1', name: 'query_knowledge_base', input: { query: 'prompt injection', topK: 99 } }] };
    if (results.length === 1) return { content: [{ type: 'text', text: 'topK must be at most 20; asking again.' }, { type: 'tool_use', id: 'tu_2', name: 'query_knowledge_base', input: { query: 'prompt injection', topK: 3 } }] };
    return { content: [{ type: 'text', text: 'Start with the knowledge-base entry on prompt injection, then practise it aloud.' }], stop_reason: 'end_turn' };
  });
  const before = process.cwd();
  process.chdir(work);
  const err: string[] = [];
  const status = await run(['ask', 'Plan one evening of practice on prompt injection', '--engine', 'anthropic', '--record', 'ask-agent-recovers'], { stdout: () => {}, stderr: (s) => err.push(s), env });
  process.chdir(before);
  console.log(status, err.join(''));
  fs.copyFileSync(path.join(work, '.interview-lens', 'recordings', 'ask-agent-recovers.jsonl'), path.join(ROOT, 'test', 'cassettes', 'ask-agent-recovers.jsonl'));
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
