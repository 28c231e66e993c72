// Issue 28, item 3, in a real VS Code: a report is compared only with the latest earlier run of
// the same interview ("Not compared" with no number the first time, "Compared with the run of …"
// on a re-run, never with the other interview diagnosed in between), and "Compare Report with
// Another…" compares it with a report picked in a QuickPick, saved with the report.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Report } from '../../src/core/diagnosis/report/model';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { activateApi, sqlWasmPath, workspaceFile } from './support';

const uiZh = vscode.env.language.toLowerCase().startsWith('zh');

interface Api {
  historyFile: string;
  reportPanel: { shownHtml: string | undefined; shown: { report: Report; uri: vscode.Uri } | undefined };
}

/** A transcript no other suite diagnoses (the nonce), with two questions. */
function interview(nonce: string, topic: 'idempotency' | 'rag'): string {
  return topic === 'idempotency'
    ? `Interviewer: How do you make an API idempotent?\nCandidate: The client sends an idempotency key and we store it with a unique constraint (${nonce}).\n\nInterviewer: What happens when a retry arrives while the first request is still running?\nCandidate: The second request waits on the lock and then returns the stored response (${nonce}).\n`
    : `Interviewer: How would you evaluate a RAG system?\nCandidate: Measure retrieval recall on a labelled set and answer faithfulness (${nonce}).\n\nInterviewer: How do you choose the chunk size?\nCandidate: Try a few sizes and compare recall on the same questions (${nonce}).\n`;
}

async function diagnose(uri: vscode.Uri): Promise<Report> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const report = await vscode.commands.executeCommand<Report>('interviewLens.diagnose', uri);
  assert.ok(report, `no report for ${uri.path}`);
  return report;
}

describe('A report is compared with an earlier run of the same interview (issue 28)', function () {
  this.timeout(180_000);
  const nonce = `n${Date.now().toString(36)}`;
  const a = workspaceFile(`compare-a-${nonce}.txt`);
  const b = workspaceFile(`compare-b-${nonce}.txt`);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const f of [a, b]) await vscode.workspace.fs.delete(f).then(undefined, () => undefined);
  });

  it('first run: not compared; a re-run: the earlier run, not the interview in between; then a report picked in the QuickPick', async () => {
    const api = await activateApi<Api>();
    await vscode.workspace.fs.writeFile(a, Buffer.from(interview(nonce, 'idempotency')));
    await vscode.workspace.fs.writeFile(b, Buffer.from(interview(nonce, 'rag')));

    const first = await diagnose(a);
    assert.equal(first.comparedToLast, null);
    const html = api.reportPanel.shownHtml ?? '';
    assert.match(html, uiZh ? /data-testid="not-compared">未对比：这场面试之前没有诊断过。</ : /data-testid="not-compared">Not compared: this interview was not diagnosed before\.</);
    assert.doesNotMatch(html, /data-testid="overall-delta"/, 'a number without a comparison');

    const other = await diagnose(b);
    assert.equal(other.comparedToLast, null, 'another interview was compared with');

    const rerun = await diagnose(a);
    assert.equal(rerun.comparedToLast?.previousId, first.id, 'not compared with its own earlier run');
    assert.equal(rerun.comparedToLast?.basis, 'earlier-run');
    const shown = api.reportPanel.shownHtml ?? '';
    assert.match(shown, new RegExp(`data-testid="compared-with" data-basis="earlier-run" data-previous-id="${first.id}">${uiZh ? '对比对象：这场面试 .+ 的那次诊断（2 道题）。' : 'Compared with the run of .+ of this interview \\(2 questions\\)\\.'}</p>`));
    assert.doesNotMatch(shown, uiZh ? /不作对比|未对比/ : /not compared|Not compared/, '"not compared" and then a comparison');
    assert.match(shown, /data-action="compareWith" data-testid="compare-with-other"/, 'no way to pick another report');

    // Compare Report with Another…: the QuickPick lists the earlier reports, newest first (the other interview).
    let done = false;
    const picking = Promise.resolve(vscode.commands.executeCommand<Report>('interviewLens.compareReportWith')).finally(() => { done = true; });
    for (const end = Date.now() + 30_000; !done && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 400));
      if (!done) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    const picked = await picking;
    assert.ok(picked, 'the QuickPick gave no report');
    assert.equal(picked.id, rerun.id);
    assert.equal(picked.comparedToLast?.previousId, other.id);
    assert.equal(picked.comparedToLast?.basis, 'picked');
    assert.match(api.reportPanel.shownHtml ?? '', new RegExp(uiZh ? `对比对象：你选的 compare-b-${nonce}\\.txt，.+ 的那次诊断（2 道题）。` : `Compared with compare-b-${nonce}\\.txt, the run of .+ you picked \\(2 questions\\)\\.`));
    // Saved with the report: the history has the new comparison.
    const store = await HistoryStore.open(api.historyFile, { wasmPath: sqlWasmPath() });
    try {
      assert.equal(store.get(rerun.id)?.comparedToLast?.previousId, other.id);
    } finally {
      store.close();
    }
  });
});
