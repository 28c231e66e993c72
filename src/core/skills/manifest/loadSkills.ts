// Finds and checks the skills and chains in a list of folders (the built-in skills/ and the
// workspace's). A skill folder may come from a cloned repository, so: a broken skill is listed
// with its reasons and never stops the others, files are read only below the folders given (a
// symbolic link that leads out is not followed), and a file is read only up to a size cap.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_START, problem, type ManifestProblem } from './problems';
import type { ChainManifest, SkillManifest } from './types';
import { validateChainManifest, validateSkillManifest, type CheckActionParams, type CheckTemplate } from './validateManifest';
import { KeywordIndex, type KeywordOwner } from './keywordIndex';
import { YamlLocations } from './yamlLocations';
import { mapLimit } from '../../runtime/abort';
import { checkSkillScript } from './scriptSignature';
import { Root } from './skillFolderRoot';

/** Options of loadSkillFolders. */
export interface LoadSkillsOptions {
  /** The folders (among those scanned) that hold the built-in skills. */
  builtInDirs?: readonly string[];
  /** Largest skill.yaml or chain file read, in bytes (default 256 KiB). */
  maxBytes?: number;
  /**
   * Names of skills that exist outside these folders (built-in code skills). When given, a
   * chain step naming a skill that is neither loaded nor listed here is an error; when left
   * out, chain steps' skill names are not checked.
   */
  knownSkillNames?: Iterable<string>;
  checkActionParams?: CheckActionParams;
  checkTemplate?: CheckTemplate;
}

/** One skill folder as found: valid (manifest set) or not (problems say why). */
export interface LoadedSkill {
  /** The skill's declared name, or the folder name when it has none that is usable. */
  name: string;
  /** The skill's folder. */
  dir: string;
  /** Its skill.yaml. */
  file: string;
  /** The manifest, when the skill is valid. */
  manifest?: SkillManifest;
  valid: boolean;
  problems: ManifestProblem[];
  builtIn: boolean;
  /** The script the skill runs with, when it has one. */
  script?: string;
}

/** One chain file as found. */
export interface LoadedChain {
  /** The chain's declared name, or the file name without .chain.yaml. */
  name: string;
  /** The folder holding the file. */
  dir: string;
  file: string;
  manifest?: ChainManifest;
  valid: boolean;
  problems: ManifestProblem[];
  builtIn: boolean;
}

/** Everything found in the folders. */
export interface LoadedSkills {
  skills: LoadedSkill[];
  chains: LoadedChain[];
  /** Problems with the folders themselves (not a folder, unreadable, a link leading out). */
  problems: ManifestProblem[];
}

const DEFAULT_MAX_BYTES = 256 * 1024;
/** Skill folders read at once by a load (their reads overlap; the checks after them run one by one). */
const READ_CONCURRENCY = 8;
const SKILL_FILE = 'skill.yaml';
const CHAIN_SUFFIX = '.chain.yaml';
const SNAKE = /^[a-z][a-z0-9_]*$/;

/** A chain file found while reading a skills folder, read after the skills (its steps name them). */
interface ChainFile { root: Root; real: string; shown: string }

const withFile = (file: string, p: Omit<ManifestProblem, 'file'>): ManifestProblem => ({ file, ...p });

/** The range of the `name` value of a manifest text, for problems found after validation. */
function nameRange(text: string | undefined) {
  if (text === undefined) return FILE_START;
  const loc = new YamlLocations(text);
  return loc.ok && loc.has('/name') ? loc.valueRange('/name') : FILE_START;
}

/**
 * Scans each folder for `<name>/skill.yaml` skill folders and for `*.chain.yaml` chains (in the
 * folder itself or in one of its subfolders), reads and checks each one, and returns them all,
 * valid or not, in folder order then name order. Folders that do not exist are skipped. Two
 * skills (or chains) with the same name are both invalid. Never throws for a broken skill.
 */
export async function loadSkillFolders(dirs: readonly string[], options: LoadSkillsOptions = {}): Promise<LoadedSkills> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const builtIn = new Set((options.builtInDirs ?? []).map((d) => path.resolve(d)));
  const result: LoadedSkills = { skills: [], chains: [], problems: [] };
  const texts = new Map<LoadedSkill | LoadedChain, string>();
  const chainFiles: Array<{ root: Root; real: string; shown: string }> = [];
  const pending: PendingSkill[] = [];

  for (const dir of dirs) {
    const root = await Root.open(dir, builtIn.has(path.resolve(dir)));
    if (!root) continue;
    if (!(root instanceof Root)) {
      result.problems.push(root);
      continue;
    }
    let entries: fs.Dirent[];
    try {
      entries = await root.list(root.real);
    } catch (err) {
      result.problems.push(problem(root.shown, FILE_START, `the skills folder could not be listed (${(err as Error).message})`, 'file-unreadable', '', { data: { reason: 'folder', detail: (err as Error).message } }));
      continue;
    }
    // Folders are read side by side (each read waits on the disk, not on the processor); what
    // each one found is then taken in name order, as if read one after the other.
    const found = await mapLimit(entries, READ_CONCURRENCY, async (entry) => {
      const mine = { chainFiles: [] as ChainFile[], pending: [] as PendingSkill[], problems: [] as ManifestProblem[], skill: undefined as LoadedSkill | undefined };
      const entryPath = path.join(root.real, entry.name);
      if (entry.name.endsWith(CHAIN_SUFFIX) && (entry.isFile() || entry.isSymbolicLink())) {
        mine.chainFiles.push({ root, real: entryPath, shown: root.shownPath(entryPath) });
        return mine;
      }
      if (!entry.isDirectory() && !entry.isSymbolicLink()) return mine;
      try {
        const realDir = await root.resolve(entryPath);
        if (!realDir) {
          mine.problems.push(problem(root.shownPath(entryPath), FILE_START, `${entry.name} is a link to a folder outside ${root.shown}; it was not read`, 'file-outside', '', { severity: 'warning', data: { reason: 'folder', found: entry.name } }));
          return mine;
        }
        if (!(await fs.promises.stat(realDir)).isDirectory()) return mine;
        mine.skill = await loadSkill(root, entry.name, realDir, root.shownPath(entryPath), maxBytes, texts, mine.chainFiles, mine.pending);
      } catch (err) {
        // Whatever went wrong with this folder stays with this folder.
        const shownDir = root.shownPath(entryPath);
        mine.skill = { name: entry.name, dir: shownDir, file: path.join(shownDir, SKILL_FILE), valid: false, builtIn: root.builtIn, problems: [problem(path.join(shownDir, SKILL_FILE), FILE_START, `this skill could not be read (${(err as Error).message})`, 'file-unreadable', '', { data: { reason: 'skill', detail: (err as Error).message } })] };
      }
      return mine;
    });
    for (const f of found) {
      chainFiles.push(...f.chainFiles);
      pending.push(...f.pending);
      result.problems.push(...f.problems);
      if (f.skill) result.skills.push(f.skill);
    }
  }

  validatePending(pending, options);
  markDuplicates(result.skills, texts, 'skill', 'duplicate-skill');

  const known = options.knownSkillNames ? [...new Set([...options.knownSkillNames, ...result.skills.map((s) => s.name)])] : undefined;
  for (const c of chainFiles) {
    const { chain, text } = await loadChain(c, maxBytes, known, options);
    if (text !== undefined) texts.set(chain, text);
    result.chains.push(chain);
  }
  markDuplicates(result.chains, texts, 'chain', 'duplicate-chain');
  return result;
}

/** Reads and checks one chain file (and returns its text, for the duplicate check). */
async function loadChain(c: { root: Root; real: string; shown: string }, maxBytes: number, known: string[] | undefined, options: LoadSkillsOptions): Promise<{ chain: LoadedChain; text?: string }> {
  const read = await c.root.read(c.real, maxBytes);
  const base = path.basename(c.shown).slice(0, -CHAIN_SUFFIX.length);
  const dir = path.dirname(c.shown);
  if ('problem' in read) return { chain: { name: base, dir, file: c.shown, valid: false, problems: [withFile(c.shown, read.problem)], builtIn: c.root.builtIn } };
  const v = validateChainManifest(read.text, c.shown, { knownSkillNames: known, checkTemplate: options.checkTemplate });
  const chain: LoadedChain = { name: declaredName(read.text, v.manifest?.name) ?? base, dir, file: c.shown, valid: !!v.manifest, problems: v.problems, builtIn: c.root.builtIn };
  if (v.manifest) chain.manifest = v.manifest;
  return { chain, text: read.text };
}

/** The `name` a manifest declares, even when it has other problems, if it is a usable name. */
function declaredName(text: string, valid: string | undefined): string | undefined {
  if (valid) return valid;
  const loc = new YamlLocations(text);
  const data = loc.data as { name?: unknown } | undefined;
  return loc.ok && data && typeof data === 'object' && typeof data.name === 'string' && SNAKE.test(data.name) ? data.name : undefined;
}

async function loadSkill(
  root: Root,
  folderName: string,
  realDir: string,
  shownDir: string,
  maxBytes: number,
  texts: Map<LoadedSkill | LoadedChain, string>,
  chainFiles: Array<{ root: Root; real: string; shown: string }>,
  pending: PendingSkill[],
): Promise<LoadedSkill | undefined> {
  const entries = await root.list(realDir);
  const files: string[] = [];
  for (const e of entries) {
    const p = path.join(realDir, e.name);
    if (e.name.endsWith(CHAIN_SUFFIX) && (e.isFile() || e.isSymbolicLink())) chainFiles.push({ root, real: p, shown: path.join(shownDir, e.name) });
    if (e.isFile()) files.push(e.name);
    // A link counts as a file beside skill.yaml only if it stays inside the root.
    else if (e.isSymbolicLink() && (await root.resolve(p).catch(() => undefined))) files.push(e.name);
  }
  const file = path.join(shownDir, SKILL_FILE);
  const base = { name: folderName, dir: shownDir, file, builtIn: root.builtIn };
  if (!entries.some((e) => e.name === SKILL_FILE)) {
    // A folder of something else (a code skill's description.md): not a manifest skill, unless it is misnamed.
    if (files.includes('skill.yml')) {
      return { ...base, valid: false, problems: [problem(path.join(shownDir, 'skill.yml'), FILE_START, 'the manifest must be named skill.yaml (not skill.yml); rename it', 'file-name', '', { data: { found: 'skill.yml', expected: 'skill.yaml' } })] };
    }
    return undefined;
  }
  const read = await root.read(path.join(realDir, SKILL_FILE), maxBytes);
  if ('problem' in read) return { ...base, valid: false, problems: [withFile(file, read.problem)] };
  // Validated once every skill is read (validatePending), so each one can be compared with the others.
  const facts = factsOf(read.text);
  const skill: LoadedSkill = { ...base, name: facts.name ?? folderName, valid: false, problems: [] };
  pending.push({ skill, text: read.text, folderName, files, keywords: facts.keywords, locations: facts.locations });
  texts.set(skill, read.text);
  return skill;
}

/** Two valid skills of one name and different versions, exactly one of them with `canary`. */
function isCanaryPair(group: ReadonlyArray<LoadedSkill | LoadedChain>): boolean {
  if (group.length !== 2) return false;
  const [a, b] = group.map((it) => it.manifest as Partial<SkillManifest> | undefined);
  if (a?.version === undefined || b?.version === undefined || a.version === b.version) return false;
  return (a.canary !== undefined) !== (b.canary !== undefined);
}

/** A skill read but not yet validated. */
interface PendingSkill {
  skill: LoadedSkill;
  text: string;
  folderName: string;
  files: string[];
  keywords: string[];
  /** The parsed text, validated without parsing it again. */
  locations: YamlLocations;
}

/** The name (if usable) and routing keywords a manifest declares, read even when it has other problems. */
function factsOf(text: string): { name?: string; keywords: string[]; locations: YamlLocations } {
  const loc = new YamlLocations(text);
  const data = loc.ok && loc.data && typeof loc.data === 'object' ? (loc.data as { name?: unknown; match?: unknown }) : {};
  const match = data.match && typeof data.match === 'object' ? (data.match as { keywords?: unknown }) : {};
  const keywords = Array.isArray(match.keywords) ? match.keywords.filter((k): k is string => typeof k === 'string') : [];
  return typeof data.name === 'string' && SNAKE.test(data.name) ? { name: data.name, keywords, locations: loc } : { keywords, locations: loc };
}

/**
 * Validates the skills read, each with the others' keywords. A built-in skill is compared with
 * the other built-ins only: a workspace skill cannot put a warning on a skill its user cannot
 * edit; the workspace skill gets the warning, naming the built-in.
 */
function validatePending(pending: readonly PendingSkill[], options: LoadSkillsOptions, outside: ReadonlyArray<{ name: string; file: string; keywords: readonly string[] }> = []): void {
  // One index of everyone's keywords for the whole load (asked once per skill, not rebuilt for each).
  const fromOutside = new Set<KeywordOwner>();
  const owners: KeywordOwner[] = pending.map((p) => ({ name: p.skill.name, file: p.skill.file, keywords: p.keywords, builtIn: p.skill.builtIn }));
  for (const o of outside) {
    const owner = { name: o.name, file: o.file, keywords: o.keywords };
    fromOutside.add(owner);
    owners.push(owner);
  }
  const index = new KeywordIndex(owners);
  for (const p of pending) {
    // Another version of the same skill (a canary pair) shares its keywords by design.
    const accept = (o: KeywordOwner) => o.file !== p.skill.file && o.name !== p.skill.name && (p.skill.builtIn ? !!o.builtIn && !fromOutside.has(o) : true);
    const v = validateSkillManifest(p.text, p.skill.file, {
      folderName: p.folderName,
      folderFiles: p.files,
      checkActionParams: options.checkActionParams,
      checkTemplate: options.checkTemplate,
      keywordIndex: { index, accept },
      locations: p.locations,
    });
    const skill = p.skill;
    if (v.manifest) skill.name = v.manifest.name;
    skill.valid = !!v.manifest;
    skill.problems = v.problems;
    if (v.manifest) skill.manifest = v.manifest;
    if (v.script) skill.script = path.join(skill.dir, v.script);
    checkSkillScript(skill);
  }
}

/** Two entries with one name: both are invalid, each problem naming the other file. */
function markDuplicates<T extends LoadedSkill | LoadedChain>(items: T[], texts: Map<LoadedSkill | LoadedChain, string>, kind: string, code: 'duplicate-skill' | 'duplicate-chain'): void {
  const byName = new Map<string, T[]>();
  for (const it of items) {
    const group = byName.get(it.name);
    if (group) group.push(it);
    else byName.set(it.name, [it]);
  }
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    // Two versions of one skill, one of them marked `canary`, are a canary pair: both stay valid
    // and routing sends the canary's share of requests to it (routing/canary.ts).
    if (isCanaryPair(group)) continue;
    // A built-in skill wins over a workspace copy of its name (a cloned repository must not disable
    // the fallback); only the copies are invalid then.
    const builtIns = group.filter((it) => (it as { builtIn?: boolean }).builtIn);
    const losers = builtIns.length === 1 ? group.filter((it) => it !== builtIns[0]) : group;
    for (const it of losers) {
      const others = group.filter((o) => o !== it).map((o) => o.file);
      it.problems.push(problem(it.file, nameRange(texts.get(it)), `another ${kind} is also named "${name}" (${others.join(', ')}); ${kind} names must be unique, so rename one of them`, code, '/name', { data: { found: name } }));
      it.problems.sort((a, b) => a.line - b.line || a.column - b.column);
      it.valid = false;
      delete it.manifest;
    }
  }
}

/** Options of loadSkillFolder: the loader's, and texts to use instead of files on disk. */
export interface LoadSkillFolderOptions extends LoadSkillsOptions {
  /**
   * Texts of skill.yaml or chain files by absolute path (as shown, under the skills folder),
   * used instead of what is on disk: an editor's unsaved buffer.
   */
  texts?: ReadonlyMap<string, string>;
  /** The other skills' names and keywords, for the keyword-overlap warning of the one loaded. */
  otherSkills?: ReadonlyArray<{ name: string; file: string; keywords: readonly string[] }>;
}

/**
 * Loads ONE entry of a skills folder: a skill folder `<skillsDir>/<entryName>` (its skill.yaml
 * and the chains beside it) or a chain file `<skillsDir>/<entryName>.chain.yaml`, with the same
 * checks and the same limits as loadSkillFolders. What a registry calls when one skill changed,
 * so the other skills are not read again. Names are NOT compared with other skills (the caller
 * knows them): no duplicate-skill problems. An entry that no longer exists gives empty lists.
 */
export async function loadSkillFolder(skillsDir: string, entryName: string, options: LoadSkillFolderOptions = {}): Promise<LoadedSkills> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const builtIn = new Set((options.builtInDirs ?? []).map((d) => path.resolve(d)));
  const result: LoadedSkills = { skills: [], chains: [], problems: [] };
  const root = await Root.open(skillsDir, builtIn.has(path.resolve(skillsDir)));
  if (!root) return result;
  if (!(root instanceof Root)) {
    result.problems.push(root);
    return result;
  }
  const texts = options.texts;
  if (texts?.size) {
    // An unsaved buffer stands in for its file; everything else is read (and checked) as usual.
    const read = root.read.bind(root);
    root.read = async (p, max) => texts.get(root.shownPath(p)) !== undefined ? { text: texts.get(root.shownPath(p))! } : read(p, max);
  }
  const entryPath = path.join(root.real, entryName);
  const chainFiles: Array<{ root: Root; real: string; shown: string }> = [];
  let st: fs.Stats;
  try {
    st = await fs.promises.lstat(entryPath);
  } catch {
    return result; // deleted
  }
  if (entryName.endsWith(CHAIN_SUFFIX) && (st.isFile() || st.isSymbolicLink())) {
    chainFiles.push({ root, real: entryPath, shown: root.shownPath(entryPath) });
  } else if (st.isDirectory() || st.isSymbolicLink()) {
    const shownDir = root.shownPath(entryPath);
    try {
      const realDir = await root.resolve(entryPath);
      if (!realDir) {
        result.problems.push(problem(shownDir, FILE_START, `${entryName} is a link to a folder outside ${root.shown}; it was not read`, 'file-outside', '', { severity: 'warning', data: { reason: 'folder', found: entryName } }));
        return result;
      }
      if (!(await fs.promises.stat(realDir)).isDirectory()) return result;
      const pending: PendingSkill[] = [];
      const skill = await loadSkill(root, entryName, realDir, shownDir, maxBytes, new Map(), chainFiles, pending);
      // Keyword overlap is checked against the other skills the caller names (it knows them).
      validatePending(pending, options, options.otherSkills ?? []);
      if (skill) result.skills.push(skill);
    } catch (err) {
      result.skills.push({ name: entryName, dir: shownDir, file: path.join(shownDir, SKILL_FILE), valid: false, builtIn: root.builtIn, problems: [problem(path.join(shownDir, SKILL_FILE), FILE_START, `this skill could not be read (${(err as Error).message})`, 'file-unreadable', '', { data: { reason: 'skill', detail: (err as Error).message } })] });
    }
  }
  // A chain loaded alone may name any skill of the other entries the caller knows.
  const known = options.knownSkillNames ? [...new Set([...options.knownSkillNames, ...result.skills.map((s) => s.name), ...(options.otherSkills ?? []).map((s) => s.name)])] : undefined;
  for (const c of chainFiles) result.chains.push((await loadChain(c, maxBytes, known, options)).chain);
  return result;
}
