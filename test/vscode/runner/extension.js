// Test-only extension, installed beside Interview Lens by test/vscode/run.mjs.
// code-server rejects --extensionTestsPath, so this runs the suite on activation instead:
// IL_TEST_ENTRY names a module exporting run() (the same contract @vscode/test-electron uses);
// the module writes its results to IL_TEST_RESULTS, where the launcher reads them.
//
// It also registers a scriptable chat model (the `chatProvider` API proposal, which code-server
// allows to every extension), so the suite can exercise Interview Lens's `vscode-lm` engine
// without Copilot: the suite sets globalThis.__interviewLensFakeChatModel = { respond(request) }
// (the suite and this extension share the extension host's process), and the model answers with
// what respond returns. Without a responder it fails every request.
const fs = require('fs');
const vscode = require('vscode');

/** The id, vendor and family the suite selects the fake model by. */
const FAKE_MODEL = { id: 'interview-lens-fake', vendor: 'interview-lens-test', family: 'fake' };

/** A message part as plain data: text, a tool call, or a tool result (by shape, whatever class it came as). */
function plainPart(part) {
  if (!part || typeof part !== 'object') return { type: 'unknown' };
  if (typeof part.callId === 'string' && typeof part.name === 'string') return { type: 'toolCall', callId: part.callId, name: part.name, input: part.input };
  if (typeof part.callId === 'string' && Array.isArray(part.content)) {
    return { type: 'toolResult', callId: part.callId, text: part.content.map((c) => (c && typeof c.value === 'string' ? c.value : JSON.stringify(c))).join('') };
  }
  if (typeof part.value === 'string') return { type: 'text', text: part.value };
  return { type: 'unknown' };
}

function plainMessage(m) {
  const content = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content || []).map(plainPart);
  return { role: m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user', content };
}

function registerFakeChatModel(context) {
  if (!vscode.lm || typeof vscode.lm.registerChatModelProvider !== 'function') return;
  const provider = {
    async provideLanguageModelResponse(messages, options, extensionId, progress, token) {
      const hook = globalThis.__interviewLensFakeChatModel;
      if (!hook || typeof hook.respond !== 'function') throw new Error('the fake chat model has no responder (set globalThis.__interviewLensFakeChatModel)');
      const request = {
        messages: messages.map(plainMessage),
        tools: ((options && options.tools) || []).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
        extensionId,
      };
      const reply = await hook.respond(request, token);
      for (const part of (reply && reply.parts) || []) {
        if (token.isCancellationRequested) return;
        if (typeof part.text === 'string') progress.report({ index: 0, part: new vscode.LanguageModelTextPart(part.text) });
        else progress.report({ index: 0, part: new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input || {}) });
      }
    },
    async provideTokenCount(text) {
      const s = typeof text === 'string' ? text : JSON.stringify(plainMessage(text));
      return Math.ceil(s.length / 4);
    },
  };
  context.subscriptions.push(vscode.lm.registerChatModelProvider(FAKE_MODEL.id, provider, {
    vendor: FAKE_MODEL.vendor, name: 'Interview Lens fake model', family: FAKE_MODEL.family, version: '1',
    maxInputTokens: 200000, maxOutputTokens: 8192, isUserSelectable: false, capabilities: { toolCalling: true },
  }));
}

exports.activate = function activate(context) {
  const entry = process.env.IL_TEST_ENTRY;
  const results = process.env.IL_TEST_RESULTS;
  if (!entry || !results) return;
  try {
    registerFakeChatModel(context);
  } catch (err) {
    // The suite skips the vscode-lm tests when no fake model is there; it must still run the rest.
    globalThis.__interviewLensFakeChatModelError = String((err && err.stack) || err);
  }
  // Let the workbench finish restoring editors before tests start opening their own.
  setTimeout(() => {
    Promise.resolve()
      .then(() => require(entry).run())
      .catch((err) => {
        if (!fs.existsSync(results)) {
          fs.writeFileSync(results, JSON.stringify({ passed: 0, failed: 1, tests: [], fatal: String((err && err.stack) || err) }));
        }
      });
  }, 1000);
};

exports.deactivate = function deactivate() {};
