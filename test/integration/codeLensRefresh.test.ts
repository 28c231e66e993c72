// The score lenses' refresh in a real extension host: VS Code can drop the refresh a new report
// announces (its own lens request was in flight), so the provider announces the change again
// until VS Code has asked for that document's lenses. Without the repeat, the e2e suite's CodeLens
// tests failed on CI and on a loaded machine (the transcript showed no lenses until touched).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Report } from '../../src/core';
import { ScoreCodeLensProvider } from '../../src/extension/diagnosis/codeLensProvider';
import { DiagnosisState } from '../../src/extension/diagnosis/diagnosisState';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('The score lenses announce a new report until VS Code asks for them', function () {
  this.timeout(20_000);

  it('announces again each second while unasked, and stops once the document was asked for', async () => {
    const state = new DiagnosisState();
    const lenses = new ScoreCodeLensProvider(state);
    let announced = 0;
    const listening = lenses.onDidChangeCodeLenses(() => announced++);
    // Not shown in any editor, so VS Code itself never asks for its lenses: only this test does.
    const doc = await vscode.workspace.openTextDocument({ content: 'Interviewer: What is RAG?\nCandidate: Retrieval, then generation.\n' });
    try {
      const report = { perQuestion: [], language: 'en' } as unknown as Report;
      state.set(doc.uri, doc.version, report, 'hash');
      assert.equal(announced, 1, 'the change is announced at once');
      await sleep(2_600);
      assert.ok(announced >= 3, `announced ${announced} times in 2.6 s while nobody asked`);
      assert.deepEqual(lenses.provideCodeLenses(doc), [], 'the report has no questions');
      const asked = announced;
      await sleep(2_600);
      assert.equal(announced, asked, 'announced again after VS Code had asked');
    } finally {
      listening.dispose();
      lenses.dispose();
      state.dispose();
    }
  });
});
