import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { ActionsFailedError } from '../actions/runActions';
import { StalePlanError } from '../actions/types';
import { LlmError } from '../../llm/provider';
import { RecordsError } from '../../records/errors';
import { pickVersions, requestIdOf } from '../routing/canary';
import { FALLBACK_SKILL, routeRequest, RouteError, type RouteDecision } from '../routing/routeRequest';
import { TemplateError } from '../../runtime/template/errors';
import type { LoadedSkill } from '../manifest';
import { withLinkFetched } from './linkInput';
import type { LentSkills, ManifestSkillHost } from './skillHost';
import { runLoadedSkill, type LoadedSkillInput } from './runLoadedSkill';
import { ManifestRunError, type ManifestRunResult } from './runManifestSkill';
import { ScriptError } from './scriptedSkill';
import { fail, ok, type Tool, type ToolContext, type ToolResult } from '../../calls/tool';

/** What run_skill is asked. */
export interface RunSkillInput {
  skill?: string;
  text: string;
  kind?: 'text' | 'link' | 'image' | 'audio' | 'file';
  url?: string;
  /** The file the input is (an image, a recording), relative to the workspace. */
  path?: string;
  source?: string;
  now?: string;
  dry_run?: boolean;
  /** The user's extra instructions (SkillInput.hints). */
  hints?: string;
}

/** What run_skill returns: the route taken and the run (or dry run). */
export type RunSkillOutput = { route: RouteDecision } & Omit<ManifestRunResult, 'trace'>;

/** Longest a skill run may take through the registry; a skill's own timeout_ms is usually shorter. */
const RUN_SKILL_TIMEOUT_MS = 15 * 60_000;

/** What the description says around the list of skills. */
const ABOUT = 'Run a declarative skill (skill.yaml) on a text, a web address or a file; it writes job-search records (companies, positions, people, notes, reminders, interviews, diagnoses) through its actions.';
const USAGE = 'Name the skill, or leave it out to route by the text. Returns the route taken, the validated output and the planned actions with their parameters; dry_run (the default) writes nothing.';
/** Longest description of one skill in the list; the list itself stops after MAX_LISTED. */
const MAX_SKILL_CHARS = 320;
const MAX_LISTED = 40;

/** The enabled, valid skills a caller has loaded, one per name, in load order. */
function runnableSkills(host: ManifestSkillHost): LoadedSkill[] {
  const seen = new Set<string>();
  return host.skills().filter((s) => {
    if (!s.valid || !s.manifest || s.manifest.enabled === false || seen.has(s.name)) return false;
    seen.add(s.name);
    return true;
  });
}

/** The tool's description with the skills this caller has (workspace ones included, disabled ones left out). */
export function runSkillDescription(host: ManifestSkillHost | undefined): string {
  if (!host) return `${ABOUT} ${USAGE}`;
  const skills = runnableSkills(host);
  if (skills.length === 0) return `${ABOUT} No skill is enabled here. ${USAGE}`;
  const lines = skills.slice(0, MAX_LISTED).map((s) => {
    const text = s.manifest!.description.replace(/\s+/g, ' ').trim();
    return `- ${s.name}: ${text.length > MAX_SKILL_CHARS ? `${text.slice(0, MAX_SKILL_CHARS - 1)}…` : text}`;
  });
  const more = skills.length > MAX_LISTED ? `\n(and ${skills.length - MAX_LISTED} more: ${skills.slice(MAX_LISTED).map((s) => s.name).join(', ')})` : '';
  return `${ABOUT} The skills:\n${lines.join('\n')}${more}\n${USAGE}`;
}

/** Whether `skill` cannot run with this engine: a declarative skill whose only output is the model's, with no model. */
function needsModelHere(skill: LoadedSkill, llm: unknown): boolean {
  return !llm && !skill.script && !!skill.manifest?.prompt && !skill.manifest.offline;
}

/**
 * Runs a declarative skill (skill.yaml, or its script) on a text: routed when no skill is named,
 * the version chosen for a canary pair, then planned and, unless a dry run, written in one
 * transaction. Going through the registry is what lets a run be recorded and replayed as a test,
 * and lets the model call skills as tools (dry runs only, unless the caller allows writes).
 * A web address is read first (the page's text is routed and run); a routed skill that cannot run
 * here (it needs a model and there is none) gives way to the fallback, so no input is dropped.
 */
export const runSkillTool: Tool<RunSkillInput, RunSkillOutput> = {
  name: 'run_skill',
  description: runSkillDescription(undefined),
  // The registry hands the caller's context through whole, with the skills it lent (LentSkills).
  describe: (ctx: ToolContext & LentSkills) => runSkillDescription(ctx.manifestSkills),
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: {
      skill: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'The skill to run (snake_case name); leave it out to route by the text.' },
      text: { type: 'string', minLength: 1, maxLength: 2_000_000, description: 'The input: a note, a job posting, a conversation, a diagnosis report as JSON, or a URL.' },
      kind: { type: 'string', enum: ['text', 'link', 'image', 'audio', 'file'], description: 'What the input is (the skill reads it as input.source_kind); default text (a lone URL is a link, and the page it names is read).' },
      url: { type: 'string', description: 'The page the text came from, when it came from one.' },
      path: { type: 'string', maxLength: 1000, description: 'The file the input is (an image, a recording), relative to the workspace root.' },
      source: { type: 'string', maxLength: 200, description: 'Where the input came from (a file name, "selection"), kept with the records.' },
      now: { type: 'string', maxLength: 40, description: 'The run\'s clock (ISO 8601) for dates and reminders; default the current time. Recorded so a replay plans the same dates.' },
      dry_run: { type: 'boolean', default: true, description: 'true (default): plan the actions and write nothing; false: write them in one transaction.' },
      hints: { type: 'string', maxLength: 4000, description: 'Extra instructions from the user for this run (the skill reads them as input.hints), e.g. "the deadline is Friday".' },
    },
  },
  timeoutMs: RUN_SKILL_TIMEOUT_MS,
  async execute(input, ctx: ToolContext & LentSkills): Promise<ToolResult<RunSkillOutput>> {
    const host = ctx.manifestSkills;
    if (!host) return fail('service_error', 'declarative skills are not loaded here: run skills from "Interview Lens: Run Skill…" or "interview-lens run"');
    const dryRun = input.dry_run ?? true;
    if (!dryRun && !host.allowWrites) {
      return fail('permission_denied', 'this caller may only dry-run skills (dry_run: true); to write, run the skill with "Interview Lens: Run Skill…" or "interview-lens run"');
    }
    const now = input.now !== undefined ? new Date(input.now) : new Date(ctx.clock());
    if (Number.isNaN(now.getTime())) return fail('input_error', `"now" must be an ISO 8601 time such as 2026-12-01T09:00:00Z, not "${input.now}"`);
    const named = input.skill !== undefined;
    // One version per name: the same text always gets the same version of a canary pair.
    const valid = pickVersions(host.skills().filter((s) => s.valid && s.manifest), requestIdOf(input.text));
    // A skill named but invalid is reported as such, with where to fix it, not as unknown.
    const broken = named && !valid.some((s) => s.name === input.skill) ? host.skills().find((s) => s.name === input.skill && !s.valid) : undefined;
    if (broken) {
      const first = broken.problems.find((p) => p.severity === 'error') ?? broken.problems[0];
      const file = first && ctx.workspaceRoot && !path.relative(ctx.workspaceRoot, first.file).startsWith('..') ? path.relative(ctx.workspaceRoot, first.file) : first?.file;
      const where = first ? ` (${file}:${first.line}:${first.column})` : '';
      const more = broken.problems.length > 1 ? ` and ${broken.problems.length - 1} more problem${broken.problems.length === 2 ? '' : 's'}` : '';
      return fail('input_error', `skill "${broken.name}" is invalid: ${first?.message ?? 'see its file'}${where}${more}; fix its skill.yaml (run "interview-lens skills validate" to list every problem)`);
    }
    try {
      // A lone web address is the page it names: routed by its text, and run on it.
      const given: LoadedSkillInput = {
        text: input.text, ...(input.kind ? { kind: input.kind } : {}), ...(input.url ? { url: input.url } : {}),
        ...(input.path ? { path: input.path } : {}), ...(input.source ? { source: input.source } : {}),
        ...(input.hints ? { hints: input.hints } : {}), ...(named ? { requestedSkill: input.skill } : {}),
      };
      const read = await withLinkFetched(given, { signal: ctx.signal });
      const url = read.url;
      const kind = read.kind ?? 'text';
      const skillInput: LoadedSkillInput = { ...read, kind };
      let route = await routeRequest({ kind, text: read.text, ...(url ? { url } : {}) },
        valid.map((s) => ({ name: s.name, description: s.manifest!.description, enabled: s.manifest!.enabled, match: s.manifest!.match })),
        { ...(named ? { explicit: input.skill } : {}), ...(ctx.llm ? { llm: ctx.llm } : {}), signal: ctx.signal });
      let chosen = valid.find((s) => s.name === route.skill);
      if (!chosen) {
        const broken = host.skills().find((s) => s.name === route.skill && !s.valid);
        return fail('input_error', broken
          ? `skill "${broken.name}" is invalid: ${broken.problems[0]?.message ?? ''} (run "interview-lens skills validate")`
          : `skill "${route.skill}" is not available (run "interview-lens skills list")`);
      }
      const fallback = valid.find((s) => s.name === FALLBACK_SKILL && s.manifest!.enabled !== false);
      /** The route handed to the fallback because `skill` cannot run here; the reason says so. */
      const toFallback = (skill: string, why: string): RouteDecision => ({
        ...route, skill: FALLBACK_SKILL, how: 'fallback', reason: `${route.reason}; but ${skill} ${why}, so ${FALLBACK_SKILL} keeps the input instead`,
      });
      // Chosen by routing, not by the caller: a skill that cannot run here must not drop the input.
      if (!named && fallback && chosen !== fallback && needsModelHere(chosen, ctx.llm)) {
        route = toFallback(chosen.name, 'needs a model and none is configured (offline)');
        chosen = fallback;
      }
      const records = await host.records();
      const run = (skill: LoadedSkill) => runLoadedSkill(skill, skillInput, {
        records, ...(ctx.llm ? { llm: ctx.llm } : {}), signal: ctx.signal, now: () => now, dryRun,
        ...(ctx.workspaceRoot ? { workspaceRoot: ctx.workspaceRoot } : {}), trusted: host.trusted, logger: ctx.logger, settings: ctx.settings,
        ...(ctx.stt ? { stt: ctx.stt } : {}),
        // A dry run's new records get ids derived from its input and clock, so the same run plans
        // the same ids (and the fingerprints made from them) when it is replayed as a test.
        ...(dryRun ? { newId: seededIds(`${requestIdOf(input.text)}:${now.toISOString()}`) } : {}),
      });
      // The trace (prompts, every reply) is for a dry-run view, not for the tool's caller: a model
      // calling run_skill gets the plan, and recorded results stay as they were.
      const plainRun = async (skill: LoadedSkill) => {
        const { trace: _trace, ...plain } = await run(skill);
        return plain;
      };
      try {
        return ok({ route, ...(await plainRun(chosen)) });
      } catch (err) {
        // A routed script that asked for a model offline wrote nothing: the fallback keeps the input.
        if (named || !fallback || chosen === fallback || !(err instanceof ScriptError && err.needsModel)) throw err;
        route = toFallback(chosen.name, 'needs a model (its script asked for one) and none is configured (offline)');
        return ok({ route, ...(await plainRun(fallback)) });
      }
    } catch (err) {
      return failureOf(err, input.skill);
    }
  },
};

/** UUID-shaped ids from a seed: the n-th call gives the same id for the same seed. */
function seededIds(seed: string): () => string {
  let n = 0;
  return () => {
    const h = createHash('sha256').update(`${seed}:${n++}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

/** A run's exception as the one failure the caller handles; nothing was written in any of them. */
function failureOf(err: unknown, named: string | undefined): ToolResult<never> {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof RouteError) {
    return fail('input_error', message);
  }
  if (err instanceof ScriptError) return fail(err.untrusted ? 'permission_denied' : 'input_error', message);
  if (err instanceof ManifestRunError || err instanceof TemplateError) return fail('input_error', message);
  if (err instanceof ActionsFailedError || err instanceof RecordsError || err instanceof StalePlanError) return fail('service_error', `${message} (nothing was written)`);
  if (err instanceof LlmError) {
    if (err.kind === 'cancelled') return fail('cancelled', message);
    const userFixes = err.kind === 'config' || err.kind === 'auth' || err.kind === 'unreachable' || err.kind === 'bad_request';
    return fail(userFixes ? 'input_error' : 'service_error', message, err.details.fix);
  }
  return fail('service_error', `skill ${named ? `"${named}" ` : ''}failed: ${message}`);
}
