// Model engines inside a real VS Code (issue 13): which engine a run uses and who may choose it,
// what happens without a key, the vscode-lm engine against a chat model that the test-runner
// extension registers (test/vscode/runner), Ask, and Diagnose and Record. Runs in the trusted and
// in the Restricted Mode window; IL_EXPECT_TRUST says which.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { mockJudgeReply } from '../support/mockJudge';
import { EXTENSION_ID, ourExtension, setUser, trusted, underCodeServer, until, webviewTab, workspaceFile } from './support';

/** What the runner's fake chat model passes to the responder. */
type FakePart = { type: 'text'; text: string } | { type: 'toolCall'; callId: string; name: string; input: unknown } | { type: 'toolResult'; callId: string; text: string } | { type: 'unknown' };
interface FakeRequest { messages: Array<{ role: 'user' | 'assistant'; content: FakePart[] }>; tools: Array<{ name: string; description: string }>; extensionId: string }
type FakeReply = { parts: Array<{ text: string } | { callId: string; name: string; input: unknown }> };
type Responder = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

const fakeRequests: FakeRequest[] = [];
function useFakeModel(responder: Responder): void {
  fakeRequests.length = 0;
  (globalThis as { __interviewLensFakeChatModel?: unknown }).__interviewLensFakeChatModel = {
    respond: (request: FakeRequest) => {
      fakeRequests.push(request);
      return responder(request);
    },
  };
}

function textOf(request: FakeRequest): string {
  return request.messages.flatMap((m) => m.content.filter((p): p is Extract<FakePart, { type: 'text' }> => p.type === 'text').map((p) => p.text)).join('\n');
}

/** The mock judge, its JSON streamed in three parts (the provider joins them). */
const judge: Responder = (request) => {
  const reply = mockJudgeReply(textOf(request)) ?? 'not a judge prompt';
  const third = Math.ceil(reply.length / 3);
  return { parts: [{ text: reply.slice(0, third) }, { text: reply.slice(third, 2 * third) }, { text: reply.slice(2 * third) }] };
};

async function openTranscript(name: string): Promise<vscode.Uri> {
  const uri = workspaceFile(name);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return uri;
}

interface EngineReport {
  engine: string;
  model?: string;
  usage?: { calls: number; usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number }; costUsd: number | null };
  summary: { totalQuestions: number };
  perQuestion: Array<{ scoredBy?: { engine: string; model?: string; fallback?: string } }>;
}
interface Outcome { mode: 'skill' | 'agent'; skill?: string; answerMd: string; engine: string; model?: string; steps?: Array<{ toolCalls: Array<{ name: string; ok: boolean }> }>; usage?: { calls: number } }

describe('Model engines in a real VS Code (issue 13)', function () {
  this.timeout(120_000);
  let mock: MockAnthropic;

  before(async () => {
    await ourExtension().activate();
    mock = await startMockAnthropic({ responder: () => ({ content: [{ type: 'text', text: 'should not be called' }] }) });
  });

  after(async () => {
    for (const key of ['engine', 'anthropic.baseUrl', 'anthropic.model', 'vscodeLm.model']) await setUser(key, undefined);
    await mock?.close();
  });

  afterEach(async () => {
    for (const key of ['engine', 'anthropic.baseUrl', 'anthropic.model', 'vscodeLm.model']) await setUser(key, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contributes the engine settings, with the engine, endpoints and models restricted and the endpoints machine-scoped', () => {
    const pkg = ourExtension().packageJSON;
    const props = pkg.contributes.configuration.properties;
    assert.deepEqual(props['interviewLens.engine'].enum, ['offline', 'anthropic', 'openai-compatible', 'vscode-lm']);
    assert.equal(props['interviewLens.engine'].default, 'offline');
    assert.equal(props['interviewLens.anthropic.model'].default, 'claude-sonnet-5-5');
    for (const k of ['interviewLens.anthropic.baseUrl', 'interviewLens.openai.endpoint', 'interviewLens.openai.model']) assert.equal(props[k].scope, 'machine', k);
    assert.equal(props['interviewLens.llm.concurrency'].default, 6);
    assert.equal(props['interviewLens.agent.maxSteps'].maximum, 50);
    const restricted: string[] = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations;
    for (const k of ['engine', 'anthropic.model', 'anthropic.baseUrl', 'openai.endpoint', 'openai.model', 'vscodeLm.model']) assert.ok(restricted.includes(`interviewLens.${k}`), k);
  });

  it('with anthropic chosen and no key stored, Diagnose sends nothing and ends without a report', async () => {
    await setUser('engine', 'anthropic');
    await setUser('anthropic.baseUrl', mock.url);
    assert.equal(vscode.workspace.getConfiguration('interviewLens').get('anthropic.baseUrl'), mock.url);
    const uri = await openTranscript('llm-engineer-en.md');
    const before = mock.requests.length;
    const report = await vscode.commands.executeCommand<EngineReport>('interviewLens.diagnose', uri);
    assert.equal(report, undefined, 'a run without a key produced a report');
    assert.equal(mock.requests.length, before, 'a request went out without a key');
  });

  it(trusted
    ? 'a workspace .vscode/settings.json choosing anthropic switches the engine in a trusted workspace'
    : 'in Restricted Mode a workspace .vscode/settings.json choosing anthropic does not switch the engine: the run stays offline', async function () {
    const settings = workspaceFile('.vscode/settings.json');
    const hadFolder = fs.existsSync(workspaceFile('.vscode').fsPath);
    await vscode.workspace.fs.writeFile(settings, Buffer.from(JSON.stringify({
      'interviewLens.engine': 'anthropic', 'interviewLens.anthropic.model': 'claude-from-the-workspace', 'interviewLens.anthropic.baseUrl': mock.url,
    }, null, 2)));
    try {
      const config = () => vscode.workspace.getConfiguration('interviewLens');
      // Trusted, VS Code reads the file (a moment after it is written); untrusted it may hide the values, which must not matter.
      const seen = await until(() => config().inspect('engine')?.workspaceValue === 'anthropic', trusted ? 10_000 : 3000);
      if (trusted) assert.ok(seen, 'VS Code did not pick up the workspace settings');
      // What VS Code itself made of the workspace's value, in the results: the extension must not depend on it.
      this.test!.title += ` (VS Code: get = ${JSON.stringify(config().get('engine'))}, workspaceValue = ${JSON.stringify(config().inspect('engine')?.workspaceValue)})`;
      const uri = await openTranscript('llm-engineer-en.md');
      const before = mock.requests.length;
      const report = await vscode.commands.executeCommand<EngineReport>('interviewLens.diagnose', uri);
      assert.equal(mock.requests.length, before, 'a workspace sent a request to the endpoint it chose');
      if (trusted) {
        // The workspace chose anthropic and no key is stored: the run stops at the missing key.
        assert.equal(report, undefined);
      } else {
        assert.ok(report, 'the offline run produced no report');
        assert.equal(report.engine, 'offline');
        assert.equal(report.model, undefined);
        assert.ok(report.perQuestion.every((q) => q.scoredBy?.engine === 'offline'));
      }
    } finally {
      await vscode.workspace.fs.delete(hadFolder ? settings : workspaceFile('.vscode'), { recursive: true });
      await until(() => vscode.workspace.getConfiguration('interviewLens').inspect('engine')?.workspaceValue === undefined);
    }
  });

  describe('the vscode-lm engine, against the test runner\'s chat model', () => {
    before(async function () {
      const models = await vscode.lm.selectChatModels({ vendor: 'interview-lens-test' });
      if (models.length === 0) {
        // @vscode/test-electron runs have no runner extension; under code-server the model must be there.
        if (!underCodeServer) this.skip();
        assert.fail(`the runner's fake chat model is not registered: ${(globalThis as { __interviewLensFakeChatModelError?: string }).__interviewLensFakeChatModelError ?? 'no error recorded'}`);
      }
    });

    it('diagnoses through vscode.lm: the report names the engine and model, usage is counted, cost unknown', async () => {
      await setUser('engine', 'vscode-lm');
      await setUser('vscodeLm.model', 'fake');
      useFakeModel(judge);
      const uri = await openTranscript('backend-interview-zh.txt');
      const report = await vscode.commands.executeCommand<EngineReport>('interviewLens.diagnose', uri);
      assert.ok(report, 'no report from the vscode-lm engine');
      assert.equal(report.engine, 'vscode-lm');
      assert.equal(report.model, 'interview-lens-fake');
      assert.equal(report.summary.totalQuestions, 6);
      const byModel = report.perQuestion.filter((q) => q.scoredBy?.engine === 'vscode-lm');
      assert.ok(byModel.length >= 5, `only ${byModel.length} questions scored by the model: ${JSON.stringify(report.perQuestion.map((q) => q.scoredBy))}`);
      assert.ok(report.usage && report.usage.calls >= 6, JSON.stringify(report.usage));
      assert.ok(report.usage.usage.inputTokens > 0 && report.usage.usage.outputTokens > 0);
      assert.equal(report.usage.costUsd, null);
      assert.equal(report.usage.usage.cacheReadTokens, 0);
      // The API has no system role: the rubric leads as a user message, the answer follows.
      const first = fakeRequests[0];
      assert.equal(first.messages[0].role, 'user');
      assert.match((first.messages[0].content[0] as { text: string }).text, /^Instructions for this conversation \(system\):/);
      assert.ok(fakeRequests.every((r) => textOf(r).includes('<<<ANSWER')));
      assert.equal(first.extensionId.toLowerCase(), EXTENSION_ID);
    });

    it('an empty interviewLens.vscodeLm.model takes the first model, and one that matches none sends nothing', async () => {
      await setUser('engine', 'vscode-lm');
      await setUser('vscodeLm.model', 'no-such-model-family');
      useFakeModel(judge);
      const uri = await openTranscript('llm-engineer-en.md');
      assert.equal(await vscode.commands.executeCommand('interviewLens.diagnose', uri), undefined);
      assert.equal(fakeRequests.length, 0);
      const all = await vscode.lm.selectChatModels();
      if (all.length === 1) {
        await setUser('vscodeLm.model', undefined);
        const report = await vscode.commands.executeCommand<EngineReport>('interviewLens.diagnose', uri);
        assert.equal(report?.model, 'interview-lens-fake');
      }
    });

    it('a model that refuses access (LanguageModelError.NoPermissions) stops the run instead of falling back question by question', async () => {
      await setUser('engine', 'vscode-lm');
      await setUser('vscodeLm.model', 'fake');
      useFakeModel(() => {
        throw vscode.LanguageModelError.NoPermissions('the user declined (test)');
      });
      const uri = await openTranscript('llm-engineer-en.md');
      const report = await vscode.commands.executeCommand<EngineReport>('interviewLens.diagnose', uri);
      assert.equal(report, undefined, `a refused model still produced a report: ${JSON.stringify(report?.perQuestion.map((q) => q.scoredBy))}`);
      assert.ok(fakeRequests.length >= 1);
    });

    it('Ask in agent mode: the model calls a tool, gets its result, answers; the panel opens', async () => {
      await setUser('engine', 'vscode-lm');
      await setUser('vscodeLm.model', 'fake');
      useFakeModel((request) => {
        const last = request.messages[request.messages.length - 1];
        const result = last.content.find((p): p is Extract<FakePart, { type: 'toolResult' }> => p.type === 'toolResult');
        if (result) return { parts: [{ text: `## Plan\n\n**Prompt caching**: the knowledge base says ${result.text.includes('en-prompt-caching') ? 'en-prompt-caching' : 'nothing'}.` }] };
        return { parts: [{ text: 'Looking it up.' }, { callId: 'call-1', name: 'query_knowledge_base', input: { query: 'prompt caching cost', topK: 3 } }] };
      });
      const outcome = await vscode.commands.executeCommand<Outcome>('interviewLens.ask', 'Give me a study plan for prompt caching');
      assert.ok(outcome, 'Ask returned nothing');
      assert.equal(outcome.mode, 'agent');
      assert.equal(outcome.engine, 'vscode-lm');
      assert.equal(outcome.model, 'interview-lens-fake');
      assert.equal(outcome.steps?.length, 2);
      assert.deepEqual(outcome.steps![0].toolCalls, [{ name: 'query_knowledge_base', ok: true }]);
      assert.match(outcome.answerMd, /\*\*Prompt caching\*\*: the knowledge base says en-prompt-caching/);
      assert.equal(outcome.usage?.calls, 2);
      // The tools went with the request; transcription (uploads audio) is not offered to the agent.
      const names = fakeRequests[0].tools.map((t) => t.name);
      assert.ok(names.includes('query_knowledge_base') && !names.includes('transcribe_audio'), names.join(', '));
      const second = fakeRequests[1].messages;
      assert.ok(second.some((m) => m.role === 'assistant' && m.content.some((p) => p.type === 'toolCall' && p.callId === 'call-1')), 'the tool call was not sent back');
      assert.ok(second.some((m) => m.role === 'user' && m.content.some((p) => p.type === 'toolResult' && p.callId === 'call-1')), 'the tool result was not sent');
      assert.ok(await until(() => !!webviewTab('interviewLens.ask')), 'no Ask panel');
    });

    it(trusted
      ? 'Diagnose and Record writes the cassette of a successful run, and nothing for a failed one'
      : 'Diagnose and Record is off in Restricted Mode and writes nothing', async () => {
      await setUser('engine', 'vscode-lm');
      await setUser('vscodeLm.model', 'fake');
      useFakeModel(judge);
      await openTranscript('llm-engineer-en.md');
      const file = workspaceFile('.interview-lens/recordings/it-vscode-lm.jsonl').fsPath;
      const failedFile = workspaceFile('.interview-lens/recordings/it-refused.jsonl').fsPath;
      fs.rmSync(file, { force: true });
      const written = await vscode.commands.executeCommand<string>('interviewLens.diagnoseAndRecord', 'it-vscode-lm');
      if (!trusted) {
        assert.equal(written, undefined);
        assert.equal(fs.existsSync(file), false, 'Restricted Mode wrote into the workspace');
        return;
      }
      try {
        assert.equal(written && path.resolve(written), path.resolve(file));
        const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
        assert.equal(lines[0].type, 'header');
        assert.equal(lines[0].skill, 'diagnose-transcript');
        assert.equal(lines[0].engine, 'vscode-lm');
        assert.equal(lines[0].model, 'interview-lens-fake');
        assert.ok(lines.filter((l) => l.kind === 'llm').length >= 4, 'the model calls were not recorded');
        assert.ok(lines.some((l) => l.kind === 'tool' && l.name === 'split_qa_pairs'));
        // A run that fails writes nothing.
        useFakeModel(() => {
          throw vscode.LanguageModelError.NoPermissions('declined (test)');
        });
        assert.equal(await vscode.commands.executeCommand('interviewLens.diagnoseAndRecord', 'it-refused'), undefined);
        assert.equal(fs.existsSync(failedFile), false, 'a failed run left a cassette');
        // A name that would leave the recordings folder is refused before anything runs.
        fakeRequests.length = 0;
        assert.equal(await vscode.commands.executeCommand('interviewLens.diagnoseAndRecord', '../escape'), undefined);
        assert.equal(fakeRequests.length, 0);
      } finally {
        fs.rmSync(file, { force: true });
      }
    });
  });

  it('Ask offline: a matching skill answers in the panel; a request only the agent could serve needs a model', async () => {
    const outcome = await vscode.commands.executeCommand<Outcome>('interviewLens.ask', 'What is idempotency?');
    assert.ok(outcome, 'Ask returned nothing');
    assert.equal(outcome.mode, 'skill');
    assert.equal(outcome.skill, 'explain-concept');
    assert.equal(outcome.engine, 'offline');
    assert.ok(outcome.answerMd.length > 20);
    assert.ok(await until(() => !!webviewTab('interviewLens.ask')), 'no Ask panel');
    assert.equal(await vscode.commands.executeCommand('interviewLens.ask', 'Give me a study plan for prompt caching'), undefined);
  });
});
