import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CassetteError, RECORDINGS_DIR } from '../../core/replay';
import { outlineCassette, summarizeCassette, type CassetteCallLine } from '../../core/replay/cassetteOutline';

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

/** Files larger than this are listed with an error instead of being read (a workspace may hold anything). */
const MAX_CASSETTE_BYTES = 64 * 1024 * 1024;

/** The cassette files of a folder (`*.jsonl`, sorted); none when it does not exist. */
function jsonlFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.jsonl')).map((e) => path.join(dir, e.name)).sort();
  } catch {
    return [];
  }
}

/** The built-in skills' tests: `<extension>/skills/<skill>/tests/*.jsonl`. */
export function builtInCassettes(skillsDir: string): string[] {
  let skills: string[];
  try {
    skills = fs.readdirSync(skillsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
  return skills.flatMap((s) => jsonlFiles(path.join(skillsDir, s, 'tests')));
}

/**
 * A workspace folder's recordings, `<folder>/.interview-lens/recordings/*.jsonl`; a recordings
 * folder (or a file) that is a link out of the workspace is skipped, so replays read only what
 * the workspace holds.
 */
export function workspaceCassettes(folder: string): string[] {
  const dir = path.join(folder, RECORDINGS_DIR);
  let realFolder: string;
  try {
    realFolder = fs.realpathSync(folder);
  } catch {
    return [];
  }
  return jsonlFiles(dir).filter((f) => {
    try {
      const real = fs.realpathSync(f);
      return real.startsWith(realFolder + path.sep);
    } catch {
      return false;
    }
  });
}

/** Reads a cassette's text, refusing what is too large to be one. */
function readText(file: string): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    throw new CassetteError(`cannot read cassette ${file}: ${(err as Error).message}`, file);
  }
  if (size > MAX_CASSETTE_BYTES) throw new CassetteError(`${file} is ${Math.round(size / 1024 / 1024)} MB, larger than a cassette can be (64 MB): record a shorter run`, file);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CassetteError(`cannot read cassette ${file}: ${(err as Error).message}`, file);
  }
}

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

  /** Lists exactly `files` (items of other files are removed; known ones are refreshed). */
  replaceAll(files: readonly string[]): void {
    const items = files.map((f) => this.upsert(f, false));
    this.controller.items.replace(items);
  }

  /** Adds or refreshes the item of `file` from its header (children are resolved lazily). */
  upsert(file: string, add = true): vscode.TestItem {
    const uri = vscode.Uri.file(file);
    const id = uri.toString();
    const item = this.controller.items.get(id) ?? this.controller.createTestItem(id, path.basename(file), uri);
    const builtIn = file.startsWith(this.builtInRoot + path.sep);
    const data: CassetteFileData = { kind: 'file', file, builtIn };
    item.error = undefined;
    item.range = lineRange(1);
    try {
      const summary = summarizeCassette(readText(file), file);
      data.skill = summary.header.skill;
      data.offline = summary.header.engine === 'offline';
      item.range = lineRange(summary.headerLine);
      item.description = builtIn
        ? vscode.l10n.t('{0} · built-in · {1} calls', summary.header.skill, summary.calls)
        : vscode.l10n.t('{0} · {1} calls', summary.header.skill, summary.calls);
      item.canResolveChildren = summary.calls > 0;
    } catch (err) {
      item.error = (err as Error).message;
      item.description = undefined;
      item.canResolveChildren = false;
      if (err instanceof CassetteError && err.line) item.range = lineRange(err.line);
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
    let calls: CassetteCallLine[];
    try {
      const outline = outlineCassette(readText(data.file), data.file);
      calls = outline.calls;
      data.skill = outline.summary.header.skill;
      data.offline = outline.summary.header.engine === 'offline';
      item.error = undefined;
    } catch (err) {
      item.error = (err as Error).message;
      if (err instanceof CassetteError && err.line) item.range = lineRange(err.line);
      data.calls = undefined;
      item.children.replace([]);
      return data;
    }
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
