// Interview Lens where people already talk to models (issue 17): the language model tools are
// registered with VS Code and answer through vscode.lm.invokeTool; a writing skill call stays a
// plan unless the user confirmed it. Runs in the trusted and in the Restricted Mode window.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'interview-lens.interview-lens';

async function activate(): Promise<void> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, 'the extension is installed');
  await ext!.activate();
}

const textOf = (result: vscode.LanguageModelToolResult) => result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

describe('Language model tools and the chat participant', function () {
  this.timeout(120_000);

  before(activate);

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
});
