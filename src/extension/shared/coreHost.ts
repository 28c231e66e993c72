import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  COMPILED_KNOWLEDGE, createCore, HistoryError, HistoryStore, OpenAiEmbeddingProvider, prepareCore, registerEndpointSecrets, registerSecret, type Core, type HistoryChange,
} from '../../core';

/** SecretStorage key of the embeddings API key; never in settings or logs. */
export const EMBEDDINGS_SECRET = 'interviewLens.embeddings.apiKey';
import { channelLogger } from './logger';
import { showWarning } from './notify';

/** The history size limit from `interviewLens.history.maxSizeMB`. */
function historyLimitBytes(): number {
  const mb = vscode.workspace.getConfiguration('interviewLens.history').get<number>('maxSizeMB', 200);
  return Math.max(1, Math.min(1024, Number.isFinite(mb) ? mb : 200)) * 1024 * 1024;
}

/** Builds the core on first use: activation stays cheap and a broken history file cannot block it. */
export class CoreHost {
  private core: Promise<Core> | undefined;
  private historyStore: Promise<HistoryStore | undefined> | undefined;
  private ready = false;
  private opened: HistoryStore | undefined;
  private readonly historyChanged = new vscode.EventEmitter<HistoryChange>();
  /** Fires after a report is saved to or deleted from the history in this window (the History view listens). */
  readonly onDidChangeHistory = this.historyChanged.event;
  /** Runs once each time the core is built (the workspace's own knowledge is merged here). */
  onCreated: ((core: Core) => Promise<void>) | undefined;

  constructor(private readonly context: vscode.ExtensionContext, readonly log: vscode.LogOutputChannel) {
    context.subscriptions.push(this.historyChanged);
  }

  /** The history if it has been opened already (a report on show means it has), without waiting. */
  get openedHistory(): HistoryStore | undefined {
    return this.opened;
  }

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

  /**
   * The report history, opened once (without loading the knowledge base) so that reports can be
   * shown again on reopening a file; undefined when the file is unreadable (the user is told once).
   */
  history(): Promise<HistoryStore | undefined> {
    // A failure other than an unreadable file (a folder it may not write, say) is tried again next time.
    this.historyStore ??= this.openHistory().catch((err: unknown) => {
      this.historyStore = undefined;
      throw err;
    });
    return this.historyStore;
  }

  /** Whether a history file exists yet (nothing to restore from before the first diagnosis). */
  get hasHistory(): boolean {
    return fs.existsSync(this.historyFile);
  }

  /** Path of the history file (history.sqlite in the extension's global storage). */
  get historyFile(): string {
    return path.join(this.context.globalStorageUri.fsPath, 'history.sqlite');
  }

  private async openHistory(): Promise<HistoryStore | undefined> {
    try {
      const store = await HistoryStore.open(this.historyFile, {
        wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm'),
        limitBytes: historyLimitBytes(),
      });
      this.log.info(`history: ${store.file}`);
      this.opened = store;
      const sub = store.onDidChange((change) => this.historyChanged.fire(change));
      this.context.subscriptions.push({ dispose: () => sub.dispose() });
      // The limit applies from the next save; no reload needed.
      this.context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('interviewLens.history.maxSizeMB')) store.limitBytes = historyLimitBytes();
      }));
      return store;
    } catch (err) {
      if (!(err instanceof HistoryError)) throw err;
      // Diagnosis still works; the unreadable file is left untouched for the user to inspect.
      this.log.error(err.message);
      void showWarning(
        vscode.l10n.t('Interview Lens cannot read its history ({0}). Reports will not be saved or compared until the file is moved aside.', err.message),
      );
      return undefined;
    }
  }

  private async create(): Promise<Core> {
    const storage = this.context.globalStorageUri.fsPath;
    await prepareCore({ wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm') });
    const store = await this.history();
    const core = createCore({
      knowledgeDir: path.join(this.context.extensionPath, 'dist', COMPILED_KNOWLEDGE),
      store,
      logger: channelLogger(this.log),
      // Per workspace when there is one (its entries are what the file holds), else global.
      workspaceModels: path.join(this.context.storageUri?.fsPath ?? storage, 'workspace-knowledge-models.json'),
    });
    const emb = vscode.workspace.getConfiguration('interviewLens.embeddings');
    const endpoint = emb.get<string>('endpoint');
    if (endpoint) {
      const key = (await this.context.secrets.get(EMBEDDINGS_SECRET)) || undefined;
      // Known to the redactor from the moment it is read: no message or log line can carry it.
      registerSecret(key);
      registerEndpointSecrets(endpoint);
      const provider = new OpenAiEmbeddingProvider(endpoint, emb.get<string>('model') || 'text-embedding-3-small', key);
      try {
        const n = await core.enableEmbeddings(provider, path.join(storage, 'embeddings.sqlite'));
        this.log.info(`embeddings: ${n} entries with ${provider.model}`);
      } catch (err) {
        this.log.warn(`embeddings unavailable: ${(err as Error).message}`);
        void showWarning(vscode.l10n.t('Interview Lens could not use the embedding endpoint ({0}); searching without it.', (err as Error).message));
      }
    }
    return core;
  }
}
