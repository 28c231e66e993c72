import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RecordsStore } from '../../core/records/recordsStore';

/**
 * The job-search records file of this VS Code (`records.sqlite` beside `history.sqlite` in the
 * extension's global storage), opened once on first use. Everything that writes through it says
 * so with `changed()`, so the tree, open record documents and the reminder count follow.
 */
export class RecordsHost implements vscode.Disposable {
  private store: Promise<RecordsStore> | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires after a run, a delete or an edit wrote the records. */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** Where the records live. */
  get file(): string {
    return path.join(this.context.globalStorageUri.fsPath, 'records.sqlite');
  }

  /** Whether any run has written records yet (nothing to read or remind before that). */
  get exists(): boolean {
    return fs.existsSync(this.file);
  }

  /** The store; a corrupt file is reported by the core (never overwritten) and tried again next time. */
  open(): Promise<RecordsStore> {
    this.store ??= RecordsStore.open(this.file, { wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm') }).catch((err: unknown) => {
      this.store = undefined;
      throw err;
    });
    return this.store;
  }

  /** Tells the views that the records changed. */
  changed(): void {
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
    void this.store?.then((s) => s.close(), () => undefined);
  }
}
