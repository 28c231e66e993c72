/**
 * `interview-lens skills migrate [NAME]` (rewrite skill.yaml files written in the form before the
 * skill spec into the spec's form, keeping comments and layout) and `interview-lens skills show
 * NAME [--json]` (a skill's manifest details and its recent runs, as the spec's registry API has
 * them).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { migrateSkillText } from '../core/skills/manifest/specForm';
import { validateSkillManifest } from '../core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../core/skills/run/manifestChecks';
import { RecordsStore, type IngestRun } from '../core/records/recordsStore';
import { cliSkills } from './skillCommands';
import { UsageError } from './io';

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** `skills migrate [NAME]`: workspace skills only (built-in ones ship in the spec's form); exit 2 when a rewrite would not validate. */
export async function migrateCommand(name: string | undefined, cwd: string, io: Io, options: { dryRun?: boolean } = {}): Promise<number> {
  const { skills } = await cliSkills(cwd);
  const mine = skills.filter((s) => !s.builtIn && (name === undefined || s.name === name));
  if (name !== undefined && !mine.length) {
    const builtIn = skills.find((s) => s.name === name);
    throw new UsageError(builtIn ? `"${name}" is a built-in skill; it is already in the spec's form` : `no workspace skill named "${name}"; the workspace skills are ${skills.filter((s) => !s.builtIn).map((s) => s.name).join(', ') || 'none'}`);
  }
  let changed = 0;
  let refused = 0;
  for (const skill of mine) {
    const shown = path.relative(cwd, skill.file) || skill.file;
    const before = fs.readFileSync(skill.file, 'utf8');
    const { text, findings } = migrateSkillText(before);
    if (!findings.length) continue;
    // The rewrite must not make the skill worse: no error it did not have before.
    const opts = { folderName: path.basename(skill.dir), folderFiles: fs.readdirSync(skill.dir), checkActionParams: checkActionParamsSchema, checkTemplate: checkTemplateSyntax };
    const errorsOf = (t: string) => validateSkillManifest(t, skill.file, opts).problems.filter((p) => p.severity === 'error').map((p) => p.message);
    const was = new Set(errorsOf(before));
    const added = errorsOf(text).filter((m) => !was.has(m));
    if (added.length) {
      refused++;
      io.stderr(`${shown}: not rewritten, the rewrite would add ${added.length} error(s): ${added[0]}; edit it by hand (interview-lens skills validate shows where)\n`);
      continue;
    }
    changed++;
    io.stdout(`${shown}: ${findings.length} change(s) to the spec's form${options.dryRun ? ' (not written)' : ''}\n`);
    for (const f of findings) io.stdout(`  ${f.found} → ${f.expected}\n`);
    if (!options.dryRun) {
      // Written atomically: a crash leaves the old file or the new one, never half of each.
      const tmp = `${skill.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, skill.file);
    }
  }
  if (!changed && !refused) io.stdout(name ? `${name} is already in the spec's form\n` : 'every workspace skill is already in the spec\'s form\n');
  return refused ? 2 : 0;
}

/** Run statistics of one skill from the audit of runs. */
export interface SkillRunStats {
  runs: number;
  failures: number;
  medianMs: number | null;
  modelCalls: number;
  lastError: string | null;
  lastRunAt: string | null;
}

export function runStats(runs: readonly IngestRun[]): SkillRunStats {
  const times = runs.map((r) => r.duration_ms).filter((d): d is number => typeof d === 'number').sort((a, b) => a - b);
  const median = times.length ? (times.length % 2 ? times[(times.length - 1) / 2] : Math.round((times[times.length / 2 - 1] + times[times.length / 2]) / 2)) : null;
  let calls = 0;
  for (const r of runs) {
    const tokens = r.tokens as { inputTokens?: number } | null;
    if (!tokens || !(Number(tokens.inputTokens) > 0)) continue;
    try {
      const raws: unknown = JSON.parse(r.raw_output ?? '[]');
      calls += Array.isArray(raws) ? raws.length : 1;
    } catch {
      calls += 1;
    }
  }
  const failed = runs.filter((r) => r.status === 'failed' || r.status === 'invalid');
  return { runs: runs.length, failures: failed.length, medianMs: median, modelCalls: calls, lastError: failed[0]?.error ?? null, lastRunAt: runs[0]?.created_at ?? null };
}

/** `skills show NAME [--json]`. */
export async function showCommand(name: string | undefined, json: boolean, cwd: string, recordsFile: string, io: Io): Promise<number> {
  if (!name) throw new UsageError('skills show needs a skill name: interview-lens skills show NAME [--json]');
  const { skills } = await cliSkills(cwd);
  const skill = skills.find((s) => s.name === name && s.valid) ?? skills.find((s) => s.name === name);
  if (!skill) throw new UsageError(`no skill named "${name}"; skills: ${skills.map((s) => s.name).join(', ') || 'none'}`);
  let runs: IngestRun[] = [];
  if (fs.existsSync(recordsFile)) {
    const store = await RecordsStore.open(recordsFile);
    try {
      runs = store.runs(1000).filter((r) => r.skill === name).slice(0, 100);
    } finally {
      store.close();
    }
  }
  const stats = runStats(runs);
  const m = skill.manifest;
  const details = {
    name: skill.name, valid: skill.valid, builtIn: skill.builtIn, file: path.relative(cwd, skill.file) || skill.file, scripted: !!skill.script,
    version: m?.version, description: m?.description, enabled: m?.enabled ?? true, match: m?.match, chunking: m?.chunking,
    actions: (m?.actions ?? []).map((a) => Object.keys(a).find((k) => k !== 'as' && k !== 'when')),
    outputFields: Object.keys(((m?.output_schema as { properties?: object } | undefined)?.properties) ?? {}),
    problems: skill.problems.map((p) => ({ line: p.line, column: p.column, severity: p.severity, message: p.message })),
    stats,
  };
  if (json) {
    io.stdout(`${JSON.stringify(details, null, 2)}\n`);
    return 0;
  }
  const line = (k: string, v: unknown) => io.stdout(`${k.padEnd(14)} ${v}\n`);
  line('skill', `${details.name} v${details.version ?? '?'} (${details.builtIn ? 'built-in' : 'workspace'}${details.scripted ? ', scripted' : ''}${details.valid ? '' : ', INVALID'}${details.enabled ? '' : ', off'})`);
  line('file', details.file);
  if (details.description) line('description', details.description.replace(/\s+/g, ' '));
  if (m?.match) line('match', `inputs ${m.match.inputs?.join(', ') ?? '-'}; ${m.match.keywords?.length ?? 0} keywords; ${m.match.url_patterns?.length ?? 0} URL patterns; priority ${m.match.priority ?? 50}`);
  if (m?.chunking) line('chunking', `${m.chunking.strategy ?? 'none'}, max ${m.chunking.max_chars ?? 4000} chars${m.chunking.reduce ? ', reduce' : ''}`);
  if (details.actions.length) line('actions', details.actions.join(', '));
  if (details.outputFields.length) line('output', details.outputFields.join(', '));
  for (const p of details.problems) line(p.severity, `${p.line}:${p.column} ${p.message}`);
  line('runs', stats.runs ? `${stats.runs} (${stats.failures} failed), median ${stats.medianMs ?? '-'} ms, ${stats.modelCalls} model call${stats.modelCalls === 1 ? '' : 's'}, last ${stats.lastRunAt}` : 'none recorded');
  if (stats.lastError) line('last error', stats.lastError);
  return 0;
}
