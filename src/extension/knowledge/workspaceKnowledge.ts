import * as vscode from 'vscode';
import { checkKnowledgeFile, type Core } from '../../core';
import type { CoreHost } from '../shared/coreHost';

/** Where a workspace keeps its own knowledge-base entries. */
export const WORKSPACE_KNOWLEDGE_GLOB = '**/.interview-lens/knowledge/*.{yaml,yml}';

function isKnowledgeFile(uri: vscode.Uri): boolean {
  return /\/\.interview-lens\/knowledge\/[^/]+\.ya?ml$/.test(uri.path);
}

/**
 * The workspace's own entries (`.interview-lens/knowledge/*.yaml`): checked as you type with
 * diagnostics in the Problems panel, merged into the knowledge base on first use and on every
 * save, delete or create, without rebuilding the shipped index.
 */
export class WorkspaceKnowledge implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('interview-lens-knowledge');
  private readonly idsByFile = new Map<string, string[]>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Resolves when the last merge finished (tests wait on it). */
  settled: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly host: CoreHost) {
    const watcher = vscode.workspace.createFileSystemWatcher(WORKSPACE_KNOWLEDGE_GLOB);
    this.subscriptions.push(
      this.diagnostics, watcher,
      watcher.onDidChange((uri) => this.queue(() => this.mergeFile(uri))),
      watcher.onDidCreate((uri) => this.queue(() => this.mergeFile(uri))),
      watcher.onDidDelete((uri) => this.queue(() => this.removeFile(uri))),
      vscode.workspace.onDidSaveTextDocument((doc) => isKnowledgeFile(doc.uri) && this.queue(() => this.mergeFile(doc.uri))),
      vscode.workspace.onDidOpenTextDocument((doc) => isKnowledgeFile(doc.uri) && void this.check(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => isKnowledgeFile(e.document.uri) && void this.check(e.document)),
    );
    for (const doc of vscode.workspace.textDocuments) if (isKnowledgeFile(doc.uri)) void this.check(doc);
  }

  private queue(job: () => Promise<void>): void {
    if (this.disposed) return;
    // A merge queued before dispose does not run after it (the core may be gone with the window).
    const guarded = () => (this.disposed ? Promise.resolve() : job());
    this.settled = this.settled.then(guarded, guarded).catch((err: unknown) => this.host.log.error(`workspace knowledge: ${String(err)}`));
  }

  /** Ids a workspace file may refer to or replace: everything except that file's own entries. */
  private knownIds(core: Core, uri: vscode.Uri): Set<string> {
    const own = new Set((this.idsByFile.get(uri.toString()) ?? []).map((id) => id.replace(/^(zh|en)-/, '')));
    return new Set([...core.knowledgeBase.itemIds()].filter((id) => !own.has(id)));
  }

  /** Diagnostics for an open document, as the user types. */
  private async check(doc: vscode.TextDocument): Promise<void> {
    const core = await this.host.get();
    if (this.disposed) return;
    const { problems } = checkKnowledgeFile(doc.getText(), this.knownIds(core, doc.uri));
    this.diagnostics.set(doc.uri, problems.map((p) => {
      const d = new vscode.Diagnostic(
        new vscode.Range(doc.positionAt(p.start), doc.positionAt(p.end)), p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      d.source = 'Interview Lens';
      return d;
    }));
  }

  /** Reads every workspace knowledge file into a core that was just built. */
  async loadAll(core: Core): Promise<void> {
    const files = await vscode.workspace.findFiles(WORKSPACE_KNOWLEDGE_GLOB, '**/node_modules/**', 200);
    for (const uri of files) await this.mergeInto(core, uri, false);
    this.saveModels(core);
  }

  /** Keeps the merged entries' models for the next session (a failure only costs the next one a rebuild). */
  private saveModels(core: Core): void {
    try {
      core.saveWorkspaceModels();
    } catch (err) {
      this.host.log.warn(`workspace knowledge: cannot save its models for the next session: ${(err as Error).message}`);
    }
  }

  private async mergeFile(uri: vscode.Uri): Promise<void> {
    if (!this.host.loaded) return; // merged by loadAll when the core is first built
    await this.mergeInto(await this.host.get(), uri);
  }

  private async mergeInto(core: Core, uri: vscode.Uri, save = true): Promise<void> {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      await this.removeFile(uri);
      return;
    }
    const { entries, problems } = checkKnowledgeFile(text, this.knownIds(core, uri));
    const previous = this.idsByFile.get(uri.toString()) ?? [];
    core.knowledgeBase.upsert(entries, previous);
    this.idsByFile.set(uri.toString(), entries.map((e) => e.id));
    if (save) this.saveModels(core);
    await core.refreshEmbeddings().catch((err: unknown) => this.host.log.warn(`embeddings for workspace entries: ${(err as Error).message}`));
    const errors = problems.filter((p) => p.severity === 'error').length;
    this.host.log.info(`workspace knowledge ${vscode.workspace.asRelativePath(uri)}: ${entries.length} entries merged, ${errors} with errors`);
  }

  private async removeFile(uri: vscode.Uri): Promise<void> {
    const previous = this.idsByFile.get(uri.toString());
    this.diagnostics.delete(uri);
    if (!previous || !this.host.loaded) return;
    (await this.host.get()).knowledgeBase.upsert([], previous);
    this.idsByFile.delete(uri.toString());
  }

  dispose(): void {
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
  }
}
