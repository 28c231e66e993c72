// npm run cassettes:record — re-records the repository's cassettes (test/cassettes/) against the
// local mock Anthropic server (test/support/mockAnthropicServer.ts) with its deterministic judge:
// no key and no network. Run it after a deliberate change to the judge's prompt or a tool's
// output, review the diff, and commit; `npm test` replays them (`interview-lens replay test/cassettes`).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from '../src/cli/main';
import { startMockAnthropic } from '../test/support/mockAnthropicServer';
import { anthropicJudgeResponder } from '../test/support/mockJudge';
import { skillModelResponder } from '../test/support/mockSkillModel';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'test', 'cassettes');
/** Not a real key: the mock checks it, and the cassettes prove it never reaches them. */
const KEY = 'mock-key-not-secret-0123456789';

(async () => {
  const mock = await startMockAnthropic({ apiKey: KEY, responder: anthropicJudgeResponder });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'il-cassettes-'));
  const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.url, INTERVIEW_LENS_HOME: path.join(work, 'home') };
  const cli = async (...args: string[]): Promise<string> => {
    const before = process.cwd();
    process.chdir(work);
    const err: string[] = [];
    const out: string[] = [];
    try {
      const status = await run(args, { stdout: (s) => out.push(s), stderr: (s) => err.push(s), env });
      if (status !== 0) throw new Error(`interview-lens ${args.join(' ')} exited ${status}: ${err.join('')}`);
    } finally {
      process.chdir(before);
    }
    return out.join('');
  };
  const keep = (name: string) => {
    fs.mkdirSync(OUT, { recursive: true });
    fs.copyFileSync(path.join(work, '.interview-lens', 'recordings', `${name}.jsonl`), path.join(OUT, `${name}.jsonl`));
    console.log(`recorded test/cassettes/${name}.jsonl`);
  };
  try {
    const samples = path.join(ROOT, 'samples');
    await cli('diagnose', path.join(samples, 'llm-engineer-en.md'), '--engine', 'anthropic', '--no-history', '--record', 'diagnose-en-anthropic');
    keep('diagnose-en-anthropic');
    await cli('diagnose', path.join(samples, 'backend-interview-zh.txt'), '--engine', 'anthropic', '--no-history', '--record', 'diagnose-zh-anthropic');
    keep('diagnose-zh-anthropic');
    await cli('diagnose', path.join(samples, 'rag-interview-en.srt'), '--no-history', '--record', 'diagnose-srt-offline');
    keep('diagnose-srt-offline');
    // Agent mode: a first tool call with a wrong argument, an is_error result, then a good call.
    mock.setResponder((body) => {
      const results = body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result') : []));
      if (results.length === 0) return { content: [{ type: 'tool_use', id: 'tu_1', name: 'query_knowledge_base', input: { query: 'prompt injection', topK: 99 } }] };
      if (results.length === 1) return { content: [{ type: 'text', text: 'topK must be at most 20; asking again.' }, { type: 'tool_use', id: 'tu_2', name: 'query_knowledge_base', input: { query: 'prompt injection', topK: 3 } }] };
      return { content: [{ type: 'text', text: 'Start with the knowledge-base entry on prompt injection, then practise it aloud.' }], stop_reason: 'end_turn' };
    });
    await cli('ask', 'Plan one evening of practice on prompt injection', '--engine', 'anthropic', '--record', 'ask-agent-recovers');
    keep('ask-agent-recovers');
    // The built-in skills' tests: dry runs recorded into skills/<skill>/tests/, replayed by npm test.
    mock.setResponder(skillModelResponder);
    const inputs = path.join(ROOT, 'test', 'fixtures', 'skill-inputs');
    const skillTest = async (skill: string, name: string, input: string, ...flags: string[]) => {
      const expectInvalid = flags.includes('--expect-invalid');
      const args = ['run', skill, '--input', input, '--dry-run', '--record', name, ...flags.filter((f) => f !== '--expect-invalid')];
      await (expectInvalid ? cliExpectingInvalid(args) : cli(...args));
      const dir = path.join(ROOT, 'skills', skill, 'tests');
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(path.join(work, '.interview-lens', 'recordings', `${name}.jsonl`), path.join(dir, `${name}.jsonl`));
      console.log(`recorded skills/${skill}/tests/${name}.jsonl`);
    };
    // A skill run whose output stays invalid exits 1 and is still recorded: that is what it tests.
    const cliExpectingInvalid = async (args: string[]) => {
      const before = process.cwd();
      process.chdir(work);
      try {
        const status = await run(args, { stdout: () => {}, stderr: () => {}, env });
        if (status !== 1) throw new Error(`interview-lens ${args.join(' ')} should exit 1 (output invalid after repairs), exited ${status}`);
      } finally {
        process.chdir(before);
      }
    };
    await skillTest('extract_job', 'posting-en', path.join(inputs, 'job-posting-en.txt'), '--engine', 'anthropic');
    await skillTest('extract_job', 'schema-violation-stops', path.join(inputs, 'job-posting-schema-violation.txt'), '--engine', 'anthropic', '--expect-invalid');
    await skillTest('capture_note', 'note-offline', path.join(inputs, 'note-en.txt'));
    await skillTest('capture_note', 'note-anthropic', path.join(inputs, 'note-en.txt'), '--engine', 'anthropic');
    await skillTest('coffee_chat', 'long-chat-topics', path.join(inputs, 'coffee-chat-long.txt'), '--engine', 'anthropic');
    const report = path.join(work, 'diagnosis.json');
    fs.writeFileSync(report, await cli('diagnose', path.join(samples, 'backend-interview-zh.txt'), '--json', '--no-history'));
    await skillTest('log_interview', 'diagnosis-zh-offline', report);
    mock.setResponder(anthropicJudgeResponder);
    // A child process (asynchronously: the mock answers from this process's event loop).
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['-r', 'esbuild-register', path.join(ROOT, 'scripts', 'eval-judge.ts'), '--engine', 'anthropic', '--record', path.join(OUT, 'eval-judge-pairs.jsonl'), '--skill-name', 'eval-judge-mock'], {
        env: { ...process.env, ...env }, cwd: ROOT, stdio: 'inherit',
      });
      child.on('exit', resolve);
    });
    if (status !== 0) throw new Error(`eval:judge exited ${status}`);
    console.log('recorded test/cassettes/eval-judge-pairs.jsonl');
  } finally {
    await mock.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
