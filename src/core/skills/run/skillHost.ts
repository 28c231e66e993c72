/**
 * What a caller lends the run_skill tool: the declarative skills it has loaded, whether workspace
 * scripts may run, whether runs may write, and the records they read and write. The CLI opens one
 * over its folders; a replay opens one over an empty records file so a recorded dry run plans the
 * same actions on any machine.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSkillFolders, type LoadedSkill, type LoadSkillsOptions } from '../manifest';
import { RecordsStore } from '../../records/recordsStore';
import { skillDefinitionHash } from '../../calls/skillHash';
import { checkActionParamsSchema, checkTemplateSyntax } from './manifestChecks';

/** The declarative skills of a run's context. */
export interface ManifestSkillHost {
  /** Every skill loaded, valid or not (a canary pair holds two entries of one name). */
  skills(): readonly LoadedSkill[];
  /** Whether workspace scripts may run (built-in ones always may). */
  readonly trusted: boolean;
  /** Whether a run may write; otherwise only dry runs are allowed. */
  readonly allowWrites: boolean;
  /** The records a run plans against and writes to. */
  records(): Promise<RecordsStore>;
  /** Today's definition hash of skill `name` (undefined when no skill has that name). */
  hash(name: string): string | undefined;
}

/**
 * A run's context with the skills it lends run_skill. Not part of ToolContext: the tool contract
 * sits below the skill half and knows nothing of skill.yaml; the callers that load skills add it.
 */
export interface LentSkills {
  /** The declarative skills run_skill may run; absent where no skills are loaded. */
  manifestSkills?: ManifestSkillHost;
}

/** A skill's definition hash: its skill.yaml and its script, so an edit to either makes its cassettes stale. */
export function loadedSkillHash(skill: LoadedSkill): string {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return skillDefinitionHash({ kind: 'manifest', name: skill.name, text: skill.script ? `${read(skill.file)}\u0000${read(skill.script)}` : read(skill.file) });
}

/**
 * The hash of every version of skill `name` among `skills` that can run (two for a canary pair).
 * An invalid copy beside a valid one (a workspace folder reusing a built-in's name) never runs, so
 * it must not make the cassettes of the one that does look stale.
 */
export function hashOfName(skills: readonly LoadedSkill[], name: string): string | undefined {
  const named = skills.filter((s) => s.name === name);
  const runnable = named.filter((s) => s.valid);
  const versions = runnable.length ? runnable : named;
  if (versions.length === 0) return undefined;
  if (versions.length === 1) return loadedSkillHash(versions[0]);
  return skillDefinitionHash({ kind: 'manifest', name, text: versions.map(loadedSkillHash).sort().join('\n') });
}

/** Options of openSkillHost. */
export interface OpenSkillHostOptions {
  /** Folders to load, built-in first. */
  dirs: readonly string[];
  builtInDirs: readonly string[];
  /** The records file; undefined for a scratch file that starts empty and is removed by close(). */
  recordsFile?: string;
  trusted: boolean;
  allowWrites: boolean;
  wasmPath?: string;
  load?: Partial<LoadSkillsOptions>;
}

/** A host over folders on disk, loaded once. */
export async function openSkillHost(options: OpenSkillHostOptions): Promise<ManifestSkillHost & { close(): void }> {
  const loaded = await loadSkillFolders(options.dirs, {
    builtInDirs: options.builtInDirs, checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema, ...options.load,
  });
  const scratch = options.recordsFile ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'il-records-'));
  const file = options.recordsFile ?? path.join(scratch!, 'records.sqlite');
  let store: Promise<RecordsStore> | undefined;
  const hashes = new Map<string, string | undefined>();
  return {
    skills: () => loaded.skills,
    trusted: options.trusted,
    allowWrites: options.allowWrites,
    records: () => (store ??= RecordsStore.open(file, options.wasmPath ? { wasmPath: options.wasmPath } : {})),
    hash: (name) => {
      if (!hashes.has(name)) hashes.set(name, hashOfName(loaded.skills, name));
      return hashes.get(name);
    },
    close: () => {
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
