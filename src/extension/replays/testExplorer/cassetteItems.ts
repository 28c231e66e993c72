import * as vscode from 'vscode';
import * as path from 'node:path';
import { discoverCassette, outlineCassetteFile, type DiscoveredCassette } from '../../../core/replay/cassetteDiscovery';
import type { CassetteCallLine } from '../../../core/replay/cassetteOutline';

/** What a cassette file's item stands for. */
export interface CassetteFileData {
  kind: 'file';
  file: string;
  /** A built-in skill's test, inside the extension folder (never re-recorded there). */
  builtIn: boolean;
  /** The header's skill, when the header could be read. */
  skill?: string;
  /** Whether the header says the run was recorded offline. */
  offline?: boolean;
  /** The calls with their lines, once the item was resolved (undefined until then). */
  calls?: CassetteCallLine[];
}

/** What a recorded call's item stands for. */
export interface CassetteCallData {
  kind: 'call';
  file: vscode.TestItem;
  call: CassetteCallLine;
}

export type ReplayItemData = CassetteFileData | CassetteCallData;

/** The first line of a file as a range (where a file's messages point). */
export function lineRange(line: number): vscode.Range {
  return new vscode.Range(line - 1, 0, line - 1, 0);
}

/** Keeps the items of the Replays controller and what each stands for (the data lives beside the items). */
export class CassetteItems {
  private readonly data = new WeakMap<vscode.TestItem, ReplayItemData>();

  constructor(private readonly controller: vscode.TestController, private readonly builtInRoot: string) {}

  get(item: vscode.TestItem): ReplayItemData | undefined {
    return this.data.get(item);
  }

  fileData(item: vscode.TestItem): CassetteFileData | undefined {
    const d = this.data.get(item);
    return d?.kind === 'file' ? d : undefined;
  }

  /** The file item of `file`, if listed. */
  itemFor(file: string): vscode.TestItem | undefined {
    return this.controller.items.get(vscode.Uri.file(file).toString());
  }

  /** Every cassette file item. */
  files(): vscode.TestItem[] {
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((i) => out.push(i));
    return out;
  }

  /** Lists exactly the cassettes discovered (items of other files are removed; known ones are refreshed). */
  replaceAll(found: readonly DiscoveredCassette[]): void {
    const items = found.map((d) => this.apply(d, false));
    this.controller.items.replace(items);
  }

  /** Adds or refreshes the item of `file` from its header (children are resolved lazily). */
  upsert(file: string, add = true): vscode.TestItem {
    return this.apply(discoverCassette(file, this.builtInRoot), add);
  }

  /** The item of a discovered cassette, created or refreshed. */
  private apply(found: DiscoveredCassette, add: boolean): vscode.TestItem {
    const { file, builtIn, summary } = found;
    const uri = vscode.Uri.file(file);
    const id = uri.toString();
    const item = this.controller.items.get(id) ?? this.controller.createTestItem(id, path.basename(file), uri);
    const data: CassetteFileData = { kind: 'file', file, builtIn };
    item.error = undefined;
    item.range = lineRange(1);
    if (summary) {
      data.skill = summary.header.skill;
      data.offline = summary.header.engine === 'offline';
      item.range = lineRange(summary.headerLine);
      item.description = builtIn
        ? (summary.calls === 1 ? vscode.l10n.t('{0} · built-in · 1 call', summary.header.skill) : vscode.l10n.t('{0} · built-in · {1} calls', summary.header.skill, summary.calls))
        : (summary.calls === 1 ? vscode.l10n.t('{0} · 1 call', summary.header.skill) : vscode.l10n.t('{0} · {1} calls', summary.header.skill, summary.calls));
      item.canResolveChildren = summary.calls > 0;
    } else {
      item.error = found.error?.message;
      item.description = undefined;
      item.canResolveChildren = false;
      if (found.error?.line) item.range = lineRange(found.error.line);
    }
    // A changed file is outlined again when next expanded or run.
    item.children.replace([]);
    item.sortText = `${builtIn ? '1' : '0'}${item.label}`;
    this.data.set(item, data);
    if (add) this.controller.items.add(item);
    return item;
  }

  remove(file: string): void {
    this.controller.items.delete(vscode.Uri.file(file).toString());
  }

  /**
   * Outlines the file and gives it a child per recorded call ("2 · tool run_skill" at that
   * line). Existing children of the same index are kept, so a run holding them still reports to
   * them. A cassette that does not parse gets the error instead.
   */
  resolve(item: vscode.TestItem): CassetteFileData | undefined {
    const data = this.fileData(item);
    if (!data) return undefined;
    const outline = outlineCassetteFile(data.file);
    if ('error' in outline) {
      item.error = outline.error.message;
      if (outline.error.line) item.range = lineRange(outline.error.line);
      data.calls = undefined;
      item.children.replace([]);
      return data;
    }
    const calls = outline.calls;
    data.skill = outline.summary.header.skill;
    data.offline = outline.summary.header.engine === 'offline';
    item.error = undefined;
    data.calls = calls;
    const children = calls.map((call) => {
      const id = `${item.id}#${call.index}`;
      const child = item.children.get(id) ?? this.controller.createTestItem(id, '', item.uri);
      child.label = call.kind === 'tool'
        ? vscode.l10n.t('{0} · tool {1}', call.line, call.name ?? '?')
        : vscode.l10n.t('{0} · model {1}', call.line, call.name ?? '?');
      child.range = lineRange(call.line);
      child.sortText = String(call.index).padStart(8, '0');
      this.data.set(child, { kind: 'call', file: item, call });
      return child;
    });
    item.children.replace(children);
    item.canResolveChildren = false;
    return data;
  }

  /** The child of `item` for call `index` (1 = the first call). */
  callItem(item: vscode.TestItem, index: number): vscode.TestItem | undefined {
    return item.children.get(`${item.id}#${index}`);
  }
}
