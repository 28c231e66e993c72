import * as vscode from 'vscode';
import * as path from 'node:path';
import type { SkillCatalog } from '../skillCatalog';

/** The setting that reloads a skill on every edit, from the editor's unsaved text. */
export const RELOAD_ON_EDIT_SETTING = 'interviewLens.skills.reloadOnEdit';

/** How long changes are gathered before one reload: a save writes, then the watcher reports, within a few ms. */
const DEBOUNCE_MS = 40;
/** Typing pauses longer than keystrokes; reloading on every key would validate mid-word. */
const EDIT_DEBOUNCE_MS = 150;

const inside = (p: string, root: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
const isManifest = (p: string) => path.basename(p) === 'skill.yaml' || p.endsWith('.chain.yaml');

/**
 * Keeps the registry in step with the skill folders: a file created, changed or deleted under
 * one of them (by this window, another editor, git) reloads the entry it belongs to; saving a
 * skill.yaml reloads it at once; with interviewLens.skills.reloadOnEdit, an edit reloads it from
 * the unsaved text, and reverting it or closing it unsaved goes back to the file. A changed list of
 * folders (setting, workspace folders, trust) rebuilds the watchers and reloads everything.
 */
export class SkillsWatcher implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private pending = new Set<string>();
  private texts = new Map<string, string>();
  /** Files whose registry version came from an unsaved buffer. */
  private readonly fromBuffer = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private folders: string[] = [];
  /** Set by dispose: an event delivered late schedules nothing. */
  private disposed = false;

  constructor(private readonly catalog: SkillCatalog, private readonly log: vscode.LogOutputChannel) {}

  start(): this {
    this.watch();
    this.subscriptions.push(
      vscode.workspace.onDidSaveTextDocument((doc) => {
        this.fromBuffer.delete(doc.uri.fsPath);
        this.touched(doc.uri, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => this.edited(e.document)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (this.fromBuffer.delete(doc.uri.fsPath)) this.touched(doc.uri, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('interviewLens.skills.paths') || e.affectsConfiguration('interviewLens.skills.dir')) this.rewatch();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.rewatch()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.rewatch()),
    );
    return this;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const d of [...this.watchers, ...this.subscriptions]) d.dispose();
  }

  /** Reloads whatever is waiting now, and resolves when the registry has it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const paths = [...this.pending];
    const texts = this.texts;
    // An entry read again for another reason keeps the unsaved text it was showing.
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isDirty && this.fromBuffer.has(doc.uri.fsPath) && !texts.has(doc.uri.fsPath)) texts.set(doc.uri.fsPath, doc.getText());
    }
    this.pending = new Set();
    this.texts = new Map();
    if (!paths.length || this.disposed) return;
    try {
      const change = await this.catalog.registry.reload(paths, texts.size ? texts : undefined);
      if (change.full || change.added.length || change.removed.length || change.changed.length) {
        this.log.info(`skills: reloaded ${change.full ? 'all' : [...change.added, ...change.changed].join(', ') || '-'}${change.removed.length ? `; removed ${change.removed.join(', ')}` : ''}`);
      }
    } catch (err) {
      this.log.error(`skills: reload failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private watch(): void {
    this.folders = this.catalog.folders();
    for (const dir of this.folders) {
      // A workspace's skills folder may not exist yet (New Skill creates it): watch it from its
      // workspace folder, which does; the built-in folder and absolute paths from their own base.
      const ws = (vscode.workspace.workspaceFolders ?? []).find((f) => f.uri.scheme === 'file' && inside(dir, f.uri.fsPath) && dir !== f.uri.fsPath);
      const rel = ws ? path.relative(ws.uri.fsPath, dir).split(path.sep).join('/') : undefined;
      const pattern = ws && rel ? new vscode.RelativePattern(ws, `{${rel},${rel}/**}`) : new vscode.RelativePattern(vscode.Uri.file(dir), '**');
      const w = vscode.workspace.createFileSystemWatcher(pattern);
      const on = (uri: vscode.Uri) => this.touched(uri, DEBOUNCE_MS);
      this.watchers.push(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on));
    }
  }

  private rewatch(): void {
    for (const d of this.watchers) d.dispose();
    this.watchers = [];
    this.watch();
    // The registry notices the new folder list and reads everything.
    void this.catalog.registry.refresh().catch((err) => this.log.error(`skills: reload failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  private relevant(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && this.folders.some((d) => inside(uri.fsPath, d) || inside(d, uri.fsPath));
  }

  private touched(uri: vscode.Uri, delay: number): void {
    if (!this.relevant(uri)) return;
    this.pending.add(uri.fsPath);
    this.schedule(delay);
  }

  private edited(doc: vscode.TextDocument): void {
    // Reverted, or undone back to what is saved: the registry goes back to the file too.
    if (!doc.isDirty) {
      if (this.fromBuffer.delete(doc.uri.fsPath)) this.touched(doc.uri, DEBOUNCE_MS);
      return;
    }
    if (!isManifest(doc.uri.fsPath) || !this.relevant(doc.uri)) return;
    if (!vscode.workspace.getConfiguration().get<boolean>(RELOAD_ON_EDIT_SETTING, false)) return;
    this.fromBuffer.add(doc.uri.fsPath);
    this.pending.add(doc.uri.fsPath);
    this.texts.set(doc.uri.fsPath, doc.getText());
    this.schedule(EDIT_DEBOUNCE_MS);
  }

  private schedule(delay: number): void {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }
}
