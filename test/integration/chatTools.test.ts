// Interview Lens where people already talk to models (issue 17): the language model tools are
// registered with VS Code and answer through vscode.lm.invokeTool; a writing skill call stays a
// plan unless the user confirmed it (prepareInvocation asks). The @interview participant is
// registered; code-server has no chat model or Chat view to send it a request through, so its
// handler (the very function registered) is driven here with a recording stream, as the Chat view
// would drive it. Runs in the trusted and in the Restricted Mode window.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateApi, discard, discardUntitled } from './support';

interface Api {
  coach: {
    chat: { participant: vscode.ChatParticipant | undefined; handler: vscode.ChatRequestHandler };
    languageModelTools: ReadonlyMap<string, vscode.LanguageModelTool<Record<string, unknown>>>;
  };
}
let api: Api;

async function activate(): Promise<void> {
  api = await activateApi<Api>();
}

/** What the handler wrote to the chat: markdown, progress lines and buttons, in order. */
interface Recorded { markdown: string[]; progress: string[]; buttons: vscode.Command[] }

/** A response stream that records what it is given (the parts the Chat view would render). */
function recordingStream(): { stream: vscode.ChatResponseStream; seen: Recorded } {
  const seen: Recorded = { markdown: [], progress: [], buttons: [] };
  const text = (v: string | vscode.MarkdownString) => (typeof v === 'string' ? v : v.value);
  const stream = {
    markdown: (v: string | vscode.MarkdownString) => seen.markdown.push(text(v)),
    progress: (v: string) => seen.progress.push(v),
    button: (c: vscode.Command) => seen.buttons.push(c),
    anchor: () => undefined, reference: () => undefined, filetree: () => undefined, push: () => undefined,
  } as unknown as vscode.ChatResponseStream;
  return { stream, seen };
}

/** Sends `prompt` (with `command`) to @interview's handler, after the turns of `history`. */
async function ask(prompt: string, command?: string, history: Array<vscode.ChatRequestTurn | vscode.ChatResponseTurn> = []): Promise<{ result: vscode.ChatResult; seen: Recorded }> {
  const { stream, seen } = recordingStream();
  const request = { prompt, command, references: [], toolReferences: [], toolInvocationToken: undefined, model: undefined } as unknown as vscode.ChatRequest;
  const result = (await api.coach.chat.handler(request, { history } as vscode.ChatContext, stream, new vscode.CancellationTokenSource().token)) ?? {};
  return { result, seen };
}

/** A response turn of the participant, as the Chat view keeps it in the history. */
function responseTurn(result: vscode.ChatResult): vscode.ChatResponseTurn {
  const Turn = vscode.ChatResponseTurn as unknown as new (response: unknown[], result: vscode.ChatResult, participant: string) => vscode.ChatResponseTurn;
  return new Turn([], result, 'interview-lens.interview');
}

const textOf = (result: vscode.LanguageModelToolResult) => result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

describe('Language model tools and the chat participant', function () {
  this.timeout(120_000);

  before(activate);
  after(discardUntitled);

  it('the tools are registered with VS Code, with the schemas the registry checks', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('interviewLens_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), ['interviewLens_analyzeContent', 'interviewLens_findReference', 'interviewLens_queryKnowledgeBase', 'interviewLens_runSkill', 'interviewLens_splitQaPairs']);
    const kb = ours.find((t) => t.name === 'interviewLens_queryKnowledgeBase')!;
    assert.deepEqual((kb.inputSchema as { required?: string[] }).required, ['query']);
  });

  it('invokeTool searches the knowledge base and scores an answer', async () => {
    const kb = await vscode.lm.invokeTool('interviewLens_queryKnowledgeBase', { input: { query: 'How do you evaluate a RAG system?', topK: 2 }, toolInvocationToken: undefined });
    const { hits } = JSON.parse(textOf(kb));
    assert.equal(hits.length, 2);
    const ref = hits[0].id as string;
    const scored = await vscode.lm.invokeTool('interviewLens_analyzeContent', { input: { question: hits[0].question, answer: 'We measure retrieval recall and answer faithfulness on a fixed set.', referenceId: ref }, toolInvocationToken: undefined });
    const analysis = JSON.parse(textOf(scored));
    assert.ok(analysis.contentScore >= 0 && analysis.contentScore <= 100);
    assert.equal(analysis.referenceId, ref);
  });

  it('a bad call is an error the model can read; run_skill plans without writing', async () => {
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('interviewLens_queryKnowledgeBase', { input: { query: 'x', topK: 'many' }, toolInvocationToken: undefined })),
      /input_error: .*topK/,
    );
    const plan = await vscode.lm.invokeTool('interviewLens_runSkill', { input: { skill: 'capture_note', text: 'Ask about the on-call rota.' }, toolInvocationToken: undefined });
    const result = JSON.parse(textOf(plan));
    assert.equal(result.status, 'dry_run');
    assert.equal(result.planned[0].primitive, 'create_note');
  });

  it('a run_skill call that writes asks for confirmation first; a plan and the other tools do not', async () => {
    const runSkill = api.coach.languageModelTools.get('interviewLens_runSkill');
    assert.ok(runSkill?.prepareInvocation, 'run_skill has a prepareInvocation');
    const token = new vscode.CancellationTokenSource().token;
    const writing = await runSkill.prepareInvocation({ input: { skill: 'capture_note', text: 'Ask about the on-call rota.', dry_run: false } }, token);
    assert.ok(writing?.confirmationMessages, 'a writing call must ask for confirmation');
    assert.match(String(writing.confirmationMessages.title), /Write to your job-search records\?|写入/);
    const message = writing.confirmationMessages.message;
    assert.match(typeof message === 'string' ? message : message.value, /capture_note/);
    assert.equal(await runSkill.prepareInvocation({ input: { skill: 'capture_note', text: 'x' } }, token), undefined, 'a dry run (the default) needs no confirmation');
    assert.equal(await runSkill.prepareInvocation({ input: { skill: 'capture_note', text: 'x', dry_run: true } }, token), undefined);
    const kb = api.coach.languageModelTools.get('interviewLens_queryKnowledgeBase')!;
    assert.equal(await kb.prepareInvocation?.({ input: { query: 'x', dry_run: false } }, token), undefined);
  });

  it('@interview is registered with VS Code under its declared id', () => {
    assert.ok(api.coach.chat.participant, 'vscode.chat.createChatParticipant returned no participant');
    assert.equal(api.coach.chat.participant!.id, 'interview-lens.interview');
    assert.ok(api.coach.chat.participant!.iconPath);
  });

  it('@interview /kb answers from the knowledge base, with a button that opens the entry', async () => {
    const { seen } = await ask('prompt caching', 'kb');
    assert.match(seen.markdown.join(''), /cache/i);
    assert.ok(seen.buttons.some((b) => b.command === 'interviewLens.openKnowledgeEntry' && b.arguments?.[0] === 'en-prompt-caching'), JSON.stringify(seen.buttons));
  });

  it('@interview /mock asks a question of the topic, scores the next message, and says when a topic is unknown', async () => {
    const unknown = await ask('cooking', 'mock');
    assert.match(unknown.seen.markdown.join(''), /"cooking" is not a topic|“cooking”不是/);
    for (const c of ['agent-basic', 'tool-calling', 'memory', 'rag', 'safety']) assert.ok(unknown.seen.markdown.join('').includes(`\`${c}\``), c);
    const asked = await ask('rag', 'mock');
    const entryId = (asked.result.metadata as { mockEntryId?: string } | undefined)?.mockEntryId;
    assert.ok(entryId, 'the question is remembered for the answer');
    // The question names its dimension as people read it: the topic chose it.
    assert.match(asked.seen.markdown.join(''), /^(Question \(|题目（)(RAG and retrieval|RAG 与检索)[,，]/);
    const scored = await ask('We retrieve chunks with hybrid search, rerank them, and evaluate retrieval recall on a labelled set.', undefined, [responseTurn(asked.result)]);
    assert.match(scored.seen.markdown.join(''), /\*\*\d+\/100\*\*/);
    const follow = scored.result.metadata as { followUpAsked?: boolean } | undefined;
    if (follow?.followUpAsked) assert.match(scored.seen.markdown.join(''), /Follow-up|追问/);
    else assert.ok(scored.seen.buttons.some((b) => b.command === 'interviewLens.startMockInterview'), 'the button starts a full mock interview');
    const all = await vscode.commands.getCommands(true);
    for (const b of [...scored.seen.buttons, ...asked.seen.buttons]) assert.ok(all.includes(b.command), `${b.command} is not registered`);
  });

  it('@interview /diagnose streams its progress question by question and links to the report', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'llm-engineer-en.md')));
    const { seen, result } = await ask('', 'diagnose');
    assert.ok(seen.progress.some((p) => /Scored 1 of \d+ questions|已评分 1\//.test(p)), seen.progress.join(' | '));
    assert.ok(seen.progress.some((p) => /Splitting|拆分/.test(p)));
    // One line per question, as many as the progress counted.
    const total = Number(/(?:of|\/)\s*(\d+)/.exec(seen.progress.filter((p) => /Scored|已评分/.test(p)).pop() ?? '')?.[1]);
    const lines = seen.markdown.filter((m) => /^- \d+\/100 — /.test(m));
    assert.ok(total >= 3, seen.progress.join(' | '));
    assert.equal(lines.length, total, seen.markdown.join(''));
    assert.ok(seen.markdown.some((m) => m.includes('command:interviewLens.showReport')), 'a link to the report');
    assert.ok(seen.buttons.some((b) => b.command === 'interviewLens.showReport'));
    assert.ok((result.metadata as { reportId?: string }).reportId);
  });

  it('@interview /compare works on the selected answer', async () => {
    const notes = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Q: How do you make an API idempotent?\n\nWe keep an idempotency key per request behind a unique constraint and return the stored first response.\n' });
    const editor = await vscode.window.showTextDocument(notes);
    const text = notes.getText();
    editor.selection = new vscode.Selection(notes.positionAt(text.indexOf('We keep')), notes.positionAt(text.length - 1));
    const { seen } = await ask('', 'compare');
    const md = seen.markdown.join('');
    assert.match(md, /✓ idempotency key — “/);
    const button = seen.buttons.find((b) => b.command === 'interviewLens.compareWithExpert');
    assert.ok(button, 'a button that opens the compare view');
    const shown = await vscode.commands.executeCommand<{ source: string; view: { expert: { entryId: string } | null } }>(button.command, ...(button.arguments ?? []));
    assert.equal(shown?.source, 'selection');
    assert.equal(shown.view.expert?.entryId, 'en-idempotency');
    await discard(notes);
  });
});
