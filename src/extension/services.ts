import * as vscode from 'vscode';
import * as path from 'node:path';
import { COMPILED_KNOWLEDGE, createCore, HistoryError, HistoryStore, prepareCore, type Core } from '../core';
import { channelLogger } from './logger';

/** Builds the core on first use: activation stays cheap and a broken history file cannot block it. */
export class CoreHost {
  private core: Promise<Core> | undefined;
  private ready = false;
  /** Runs once each time the core is built (the workspace's own knowledge is merged here). */
  onCreated: ((core: Core) => Promise<void>) | undefined;

  constructor(private readonly context: vscode.ExtensionContext, readonly log: vscode.LogOutputChannel) {}

  /** True once the core has been built (nothing is loaded at activation). */
  get loaded(): boolean {
    return this.ready;
  }

  get(): Promise<Core> {
    this.core ??= this.create()
      .then(async (core) => {
        this.ready = true;
        await this.onCreated?.(core);
        return core;
      })
      .catch((err: unknown) => {
        this.core = undefined;
        this.ready = false;
        throw err;
      });
    return this.core;
  }

  private async create(): Promise<Core> {
    const storage = this.context.globalStorageUri.fsPath;
    await prepareCore({ wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm') });
    let store: HistoryStore | undefined;
    try {
      store = await HistoryStore.open(path.join(storage, 'history.sqlite'), {
        wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm'),
      });
      this.log.info(`history: ${store.file}`);
    } catch (err) {
      if (!(err instanceof HistoryError)) throw err;
      // Diagnosis still works; the unreadable file is left untouched for the user to inspect.
      this.log.error(err.message);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Interview Lens cannot read its history ({0}). Reports will not be saved or compared until the file is moved aside.', err.message),
      );
    }
    return createCore({
      knowledgeDir: path.join(this.context.extensionPath, 'dist', COMPILED_KNOWLEDGE),
      store,
      logger: channelLogger(this.log),
    });
  }
}
