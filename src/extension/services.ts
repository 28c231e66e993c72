import * as vscode from 'vscode';
import * as path from 'node:path';
import { createCore, HistoryStore, type Core } from '../core';
import { channelLogger } from './logger';

/** Builds the core on first use: activation stays cheap and a broken history file cannot block it. */
export class CoreHost {
  private core: Promise<Core> | undefined;

  constructor(private readonly context: vscode.ExtensionContext, readonly log: vscode.LogOutputChannel) {}

  get(): Promise<Core> {
    this.core ??= this.create().catch((err: unknown) => {
      this.core = undefined;
      throw err;
    });
    return this.core;
  }

  private async create(): Promise<Core> {
    const storage = this.context.globalStorageUri.fsPath;
    const store = await HistoryStore.open(path.join(storage, 'history.sqlite'), {
      wasmPath: path.join(this.context.extensionPath, 'dist', 'sql-wasm.wasm'),
    });
    this.log.info(`history: ${store.file}`);
    return createCore({
      knowledgeDir: path.join(this.context.extensionPath, 'knowledge'),
      store,
      logger: channelLogger(this.log),
    });
  }
}
