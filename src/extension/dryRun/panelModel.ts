/**
 * What the dry-run panel shows, built from a run's trace: the route and why, the input's chunks,
 * each model call with its rendered prompts and every reply (valid, invalid with its problems, a
 * repair), the validation, the planned actions with their rendered parameters and the records
 * they would create or change (field before → after), tokens, cost and timings, and which
 * buttons can act. No `vscode` import: every word comes from the strings the extension passes
 * (vscode.l10n), so it is unit-testable and the bench can build it outside VS Code.
 */
import type { PlannedAction, PlannedWrite } from '../../core/skills/actions/types';
import type { ChainRunTrace, RunTrace, SkillRunTrace, TracedCall, TracedModelStep } from '../../core/skills/run/runTrace';
import type { StructuredAttempt } from '../../core/llm/structuredCall';

/** The words of the panel, keyed; templates take {0}, {1}… as vscode.l10n.t does. */
export const PANEL_STRING_KEYS = [
  'dryRunOf', 'dryRunOfChain', 'engine', 'offline', 'input', 'clock', 'recorded', 'staleCassette',
  'statusPlanned', 'statusPlannedOne', 'statusUnchanged', 'countActions', 'countActionOne', 'countSteps', 'countStepOne', 'statusInvalid', 'statusChainPlanned', 'statusChainFailed', 'statusApplied',
  'apply', 'applyHint', 'applyHintOne', 'applyHintNothing', 'applyHintChain', 'applyOffNoPlan', 'applyOffApplied', 'recordTest', 'recordOffTrust', 'recordOffChain', 'recordOffFolder',
  'recordOffInvalid', 'applyOffRestored', 'recordOffRestored', 'copyJson', 'again', 'change', 'cancel', 'running',
  'route', 'routeSkill', 'routeHow', 'routeWhy', 'routeConfidence', 'routeCandidates', 'none',
  'howExplicit', 'howMatch', 'howModel', 'howFallback',
  'chunks', 'chunkStrategy', 'chunkCount', 'chunkByModel', 'chunkLine', 'chunkWarning',
  'callChunk', 'callReduce', 'callOther', 'systemPrompt', 'userPrompt', 'noSystemPrompt', 'reply', 'repair', 'recordedReply',
  'valid', 'invalid', 'replyMeta', 'callFailed',
  'validation', 'validOutput', 'invalidOutput', 'stageChunk', 'stageMerged', 'stageReduce', 'stageOffline', 'afterRepairs', 'afterRepairOne',
  'offlineOutput', 'offlineNote', 'output', 'scriptedNote',
  'actions', 'colAction', 'colParams', 'opCreate', 'opUpdate', 'opUnchanged', 'matched',
  'field', 'before', 'after', 'alsoWrites', 'noActions', 'warnings',
  'totals', 'modelCalls', 'inputTokens', 'outputTokens', 'cacheTokens', 'cost', 'costUnknown', 'timeRoute', 'timeRun', 'timePlan', 'timeTotal', 'ms',
  'step', 'stepPlanned', 'stepWritten', 'stepSkipped', 'stepFailed', 'stepInvalid', 'stepOnError', 'stepAttempts', 'stepError',
] as const;

export type PanelStringKey = (typeof PANEL_STRING_KEYS)[number];

/** The strings and labels the panel is built with. */
export interface PanelStrings {
  text: Readonly<Record<PanelStringKey, string>>;
  /** A record kind in the UI's language ("company", "公司"). */
  kind(kind: string): string;
  /** A record's name as a person would say it (its name, title, or the start of its text). */
  title(row: Record<string, unknown> | undefined): string;
}

/** `template` with {0}, {1}… replaced by `args`. */
export function fill(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m));
}

export type Tone = 'ok' | 'warn' | 'error' | 'info';

/** A label and its value. */
export interface Fact { label: string; value: string }

/** Text shown as written (a prompt, a reply), folded open or shut. */
export interface TextBlock { label: string; text: string; open: boolean }

/** One model reply. */
export interface AttemptView { label: string; tone: Tone; verdict: string; raw: string; problems: string[]; meta: string }

/** One model call with its prompts and replies. */
export interface CallView { id: string; heading: string; tone: Tone; prompts: TextBlock[]; attempts: AttemptView[] }

/** One field of a record before and after. */
export interface ChangeView { field: string; before: string; after: string }

/** One record an action writes (or finds unchanged). */
export interface WriteView { op: PlannedWrite['op']; opLabel: string; kind: string; title: string; changes: ChangeView[] }

/** One planned action. */
export interface ActionView {
  index: number;
  op: PlannedAction['op'];
  opLabel: string;
  primitive: string;
  alias?: string;
  kind: string;
  title: string;
  params: Fact[];
  /** The existing record it matched. */
  matched?: string;
  /** The records it writes: its target first, then any others (tags, links). */
  writes: WriteView[];
  warnings: string[];
}

/** One skill run (the whole panel for a skill, one step of a chain). */
export interface RunView {
  id: string;
  /** A chain step's heading ("Step 1: extract_job — planned"). */
  heading?: string;
  tone: Tone;
  error?: string;
  route?: Fact[];
  chunking?: { facts: Fact[]; chunks: string[]; warning?: string };
  notes: string[];
  calls: CallView[];
  validation?: { tone: Tone; text: string; problems: string[] };
  output?: { label: string; json: string };
  actions: ActionView[];
  warnings: string[];
  totals: Fact[];
}

/** A button of the toolbar, with why it is off when it is. */
export interface ButtonView { id: 'apply' | 'record' | 'copy' | 'again' | 'change' | 'cancel'; label: string; enabled: boolean; primary?: boolean; hint?: string }

/** A message above the trace: a result, or an error that says what to do, with its buttons. */
export interface NoticeView { tone: Tone; text: string; buttons: Array<{ id: string; label: string }> }

/** The whole panel. */
export interface DryRunView {
  heading: string;
  meta: string[];
  status?: { tone: Tone; text: string };
  notices: NoticeView[];
  buttons: ButtonView[];
  runs: RunView[];
  totals: Fact[];
  /** What is running, while it runs. */
  running?: string;
  labels: RunLabels;
}

/** The column heads and labels of the actions table. */
export interface ActionLabels { actions: string; action: string; params: string; field: string; before: string; after: string; alsoWrites: string; none: string }

/** The section headings of a run. */
export interface RunLabels { route: string; chunks: string; validation: string; warnings: string; totals: string; actions: ActionLabels }

/** What the panel knows besides the trace. */
export interface PanelState {
  trace?: RunTrace;
  /** What is running now ("extract_job"); undefined when idle. */
  running?: string;
  /** Results and errors, already in words. */
  notices: NoticeView[];
  /** The plan was written (Apply is then off). */
  applied: boolean;
  /** Whether Record as Test may write here, and why not. */
  record: { allowed: true } | { allowed: false; reason: 'trust' | 'folder' };
  /** Whether a request exists to run again. */
  canRerun: boolean;
  /** The trace was shown before a window reload: shown as it was, with Apply and Record off until a fresh run. */
  restored?: boolean;
}

/** A value as the panel writes it: text as is, anything else as JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

function tokensOf(u: { inputTokens: number; outputTokens: number } | undefined): string {
  return u ? `${u.inputTokens}/${u.outputTokens}` : '—';
}

function msText(s: PanelStrings, ms: number | undefined): string {
  return ms === undefined ? '—' : fill(s.text.ms, ms < 10 ? ms.toFixed(1) : Math.round(ms));
}

function costText(s: PanelStrings, cost: number | null | undefined): string {
  return cost === null || cost === undefined ? s.text.costUnknown : `$${cost.toFixed(4)}`;
}

function howLabel(s: PanelStrings, how: string): string {
  switch (how) {
    case 'explicit': return s.text.howExplicit;
    case 'match': return s.text.howMatch;
    case 'model': return s.text.howModel;
    default: return s.text.howFallback;
  }
}

function opLabel(s: PanelStrings, op: PlannedAction['op']): string {
  return op === 'create' ? s.text.opCreate : op === 'update' ? s.text.opUpdate : s.text.opUnchanged;
}

/** Columns that say nothing to a reader: ids, stamps and the match keys the store derives (the JSON keeps them). */
const INTERNAL_FIELDS = /^(id|created_at|updated_at|fingerprint)$|_key$/;

function writeView(s: PanelStrings, w: PlannedWrite): WriteView {
  const changes: ChangeView[] = w.op === 'create'
    ? Object.entries(w.fields).filter(([k, v]) => !INTERNAL_FIELDS.test(k) && v !== null && v !== undefined && v !== '').map(([field, v]) => ({ field, before: '—', after: shown(v) }))
    : w.changes.filter((c) => !INTERNAL_FIELDS.test(c.field)).map((c) => ({ field: c.field, before: shown(c.before), after: shown(c.after) }));
  const row = w.op === 'create' ? w.fields : { ...w.existing, ...w.fields };
  return { op: w.op, opLabel: opLabel(s, w.op), kind: s.kind(w.kind), title: s.title(row), changes };
}

function actionView(s: PanelStrings, p: PlannedAction): ActionView {
  const row = p.op === 'create' ? p.writes[0]?.fields : { ...p.existing, ...p.params };
  const target = p.writes.find((w) => w.id === p.id);
  const others = p.writes.filter((w) => w !== target);
  return {
    index: p.index + 1, op: p.op, opLabel: opLabel(s, p.op), primitive: p.primitive, ...(p.as ? { alias: p.as } : {}),
    kind: s.kind(p.kind), title: s.title(row) || s.title(p.params),
    params: Object.entries(p.params).filter(([, v]) => v !== undefined).map(([label, v]) => ({ label, value: shown(v) })),
    ...(p.existing ? { matched: fill(s.text.matched, s.kind(p.kind), String(p.existing.created_at ?? '').slice(0, 10)) } : {}),
    writes: [...(target ? [writeView(s, target)] : []), ...others.map((w) => writeView(s, w))],
    warnings: p.warnings,
  };
}

function attemptView(s: PanelStrings, a: StructuredAttempt, n: number, replayed: boolean): AttemptView {
  const label = a.repair ? fill(s.text.repair, n) : replayed ? s.text.recordedReply : s.text.reply;
  return {
    label, tone: a.valid ? 'ok' : 'error', verdict: a.valid ? s.text.valid : s.text.invalid, raw: a.raw, problems: a.problems,
    meta: fill(s.text.replyMeta, a.model, tokensOf(a.usage), costText(s, a.costUsd), msText(s, a.durationMs)),
  };
}

function stepCall(s: PanelStrings, step: TracedModelStep, chunkCount: number, id: string, replayed: boolean): CallView {
  return {
    id,
    heading: step.step === 'reduce' ? s.text.callReduce : fill(s.text.callChunk, (step.chunk ?? 0) + 1, chunkCount),
    tone: step.ok ? 'ok' : 'error',
    prompts: [
      { label: s.text.systemPrompt, text: step.system || s.text.noSystemPrompt, open: false },
      { label: s.text.userPrompt, text: step.user, open: false },
    ],
    attempts: step.attempts.map((a, i) => attemptView(s, a, i, replayed)),
  };
}

/** A model call outside the structured steps (routing, a topic split, a script's call). */
function otherCall(s: PanelStrings, c: TracedCall, id: string): CallView {
  return {
    id,
    heading: fill(s.text.callOther, c.purpose),
    tone: c.error ? 'error' : 'info',
    prompts: [
      { label: s.text.systemPrompt, text: c.system || s.text.noSystemPrompt, open: false },
      { label: s.text.userPrompt, text: c.user, open: false },
    ],
    attempts: [{
      label: s.text.reply, tone: c.error ? 'error' : 'info', verdict: c.error ? s.text.callFailed : '', raw: c.error ?? c.raw, problems: [],
      meta: fill(s.text.replyMeta, c.model ?? '—', tokensOf(c.usage), costText(s, c.costUsd), msText(s, c.durationMs)),
    }],
  };
}

function stageText(s: PanelStrings, t: SkillRunTrace): string {
  const v = t.validation!;
  const where = v.stage === 'merged' ? s.text.stageMerged : v.stage === 'reduce' ? s.text.stageReduce : v.stage === 'offline' ? s.text.stageOffline : fill(s.text.stageChunk, (v.chunk ?? 0) + 1);
  return v.repairs ? `${where}, ${counted(s, v.repairs, 'afterRepairOne', 'afterRepairs')}` : where;
}

function skillRunView(s: PanelStrings, t: SkillRunTrace, id: string, withRoute: boolean): RunView {
  const replayed = !!t.replay;
  const chunkCount = t.chunking?.chunks.length ?? 1;
  const notes: string[] = [];
  if (t.scripted) notes.push(s.text.scriptedNote);
  if (t.offline) notes.push(s.text.offlineNote);
  const calls: CallView[] = [];
  if (withRoute) t.route.calls.forEach((c, i) => calls.push(otherCall(s, c, `${id}-route-${i}`)));
  if (t.steps.length) {
    // The structured steps carry every reply; the other calls of the run are the topic split's.
    const stepPurposes = new Set(t.steps.map((x) => x.purpose));
    t.calls.filter((c) => !stepPurposes.has(c.purpose) && !stepPurposes.has(c.purpose.replace(/-repair$/, ''))).forEach((c, i) => calls.push(otherCall(s, c, `${id}-call-${i}`)));
    t.steps.forEach((step, i) => calls.push(stepCall(s, step, chunkCount, `${id}-step-${i}`, replayed)));
  } else {
    t.calls.forEach((c, i) => calls.push(otherCall(s, c, `${id}-call-${i}`)));
  }
  const d = t.route.decision;
  const route: Fact[] = [
    { label: s.text.routeSkill, value: d.skill },
    { label: s.text.routeHow, value: howLabel(s, d.how) },
    { label: s.text.routeWhy, value: d.reason },
    ...(d.confidence !== undefined ? [{ label: s.text.routeConfidence, value: d.confidence.toFixed(2) }] : []),
    { label: s.text.routeCandidates, value: d.candidates.length ? d.candidates.join(', ') : s.text.none },
  ];
  const c = t.chunking;
  const chunking = c ? {
    facts: [
      { label: s.text.chunkStrategy, value: c.byModel ? `${c.strategy} (${s.text.chunkByModel})` : c.strategy },
      { label: s.text.chunkCount, value: String(c.chunks.length) },
    ],
    chunks: c.chunks.length > 1 ? c.chunks.map((x) => fill(s.text.chunkLine, x.index + 1, x.start, x.end, x.chars)) : [],
    ...(c.warning ? { warning: fill(s.text.chunkWarning, c.warning) } : {}),
  } : undefined;
  const validation = t.validation ? {
    tone: (t.validation.ok ? 'ok' : 'error') as Tone,
    text: t.validation.ok ? s.text.validOutput : fill(s.text.invalidOutput, stageText(s, t)),
    problems: t.validation.problems,
  } : undefined;
  const modelCalls = t.route.calls.length + t.calls.length;
  return {
    id,
    tone: t.status === 'invalid' ? 'error' : 'ok',
    ...(withRoute ? { route } : {}),
    ...(chunking ? { chunking } : {}),
    notes,
    calls,
    ...(validation ? { validation } : {}),
    ...(t.output !== undefined ? { output: { label: t.offline ? s.text.offlineOutput : s.text.output, json: JSON.stringify(t.output, null, 2) } } : {}),
    actions: t.planned.map((p) => actionView(s, p)),
    warnings: t.warnings,
    totals: [
      { label: s.text.modelCalls, value: String(modelCalls) },
      { label: s.text.inputTokens, value: String(t.usage.inputTokens) },
      { label: s.text.outputTokens, value: String(t.usage.outputTokens) },
      ...(t.usage.cacheReadTokens || t.usage.cacheWriteTokens ? [{ label: s.text.cacheTokens, value: `${t.usage.cacheReadTokens}/${t.usage.cacheWriteTokens}` }] : []),
      { label: s.text.cost, value: costText(s, t.costUsd) },
      ...(withRoute ? [{ label: s.text.timeRoute, value: msText(s, t.timings.routeMs) }] : []),
      { label: s.text.timeRun, value: msText(s, t.timings.runMs) },
      ...(t.timings.planMs !== undefined ? [{ label: s.text.timePlan, value: msText(s, t.timings.planMs) }] : []),
      { label: s.text.timeTotal, value: msText(s, t.timings.totalMs) },
    ],
  };
}

function stepStatus(s: PanelStrings, status: string): string {
  switch (status) {
    case 'dry_run': return s.text.stepPlanned;
    case 'ok': return s.text.stepWritten;
    case 'skipped': return s.text.stepSkipped;
    case 'invalid': return s.text.stepInvalid;
    default: return s.text.stepFailed;
  }
}

function chainRunViews(s: PanelStrings, t: ChainRunTrace): RunView[] {
  return t.steps.map((step, i) => {
    const r = step.report;
    const parts = [stepStatus(s, r.status)];
    if (r.onError) parts.push(s.text.stepOnError);
    if (r.attempts > 1) parts.push(fill(s.text.stepAttempts, r.attempts));
    const heading = fill(s.text.step, r.index + 1, r.skill, parts.join(' · '));
    const tone: Tone = r.status === 'failed' || r.status === 'invalid' ? 'error' : r.status === 'skipped' ? 'info' : 'ok';
    const error = r.error ?? step.error;
    if (!step.trace) {
      return { id: `step-${i}`, heading, tone, ...(error ? { error: fill(s.text.stepError, error) } : {}), notes: [], calls: [], actions: [], warnings: [], totals: [] };
    }
    return { ...skillRunView(s, step.trace, `step-${i}`, false), heading, tone, ...(error ? { error: fill(s.text.stepError, error) } : {}) };
  });
}

/** Whether Apply would write or audit anything. */
function plannable(t: RunTrace): boolean {
  return t.kind === 'skill' ? t.status === 'dry_run' : t.status === 'dry_run' && t.steps.some((x) => x.report.status === 'dry_run' && !!x.trace);
}

/** The actions Apply would write: an action whose record is already there, unchanged, writes nothing (issue 28). */
function changingCount(t: RunTrace): number {
  const changing = (planned: readonly PlannedAction[]) => planned.filter((p) => p.op !== 'unchanged').length;
  return t.kind === 'skill' ? changing(t.planned) : t.steps.reduce((n, x) => n + (x.report.status === 'dry_run' ? changing(x.trace?.planned ?? []) : 0), 0);
}

/** A count in words, with the singular form when there is one ("1 action", "3 actions"). */
function counted(s: PanelStrings, n: number, one: PanelStringKey, other: PanelStringKey): string {
  return fill(n === 1 ? s.text[one] : s.text[other], n);
}

function statusOf(s: PanelStrings, t: RunTrace, applied: boolean): { tone: Tone; text: string } {
  if (applied) return { tone: 'ok', text: s.text.statusApplied };
  if (t.kind === 'chain') {
    if (t.status === 'failed') {
      const at = t.steps.find((x) => x.report.status === 'failed' || x.report.status === 'invalid');
      return { tone: 'error', text: fill(s.text.statusChainFailed, (at?.report.index ?? 0) + 1) };
    }
    const steps = t.steps.filter((x) => x.report.status === 'dry_run').length;
    return { tone: 'info', text: fill(s.text.statusChainPlanned, counted(s, steps, 'countStepOne', 'countSteps'), counted(s, changingCount(t), 'countActionOne', 'countActions')) };
  }
  if (t.status === 'invalid') return { tone: 'error', text: s.text.statusInvalid };
  const n = changingCount(t);
  if (t.planned.length && n === 0) return { tone: 'info', text: s.text.statusUnchanged };
  return { tone: 'info', text: n === 1 ? s.text.statusPlannedOne : fill(s.text.statusPlanned, n) };
}

function applyHint(s: PanelStrings, t: RunTrace): string {
  if (t.kind === 'chain') return s.text.applyHintChain;
  const n = changingCount(t);
  return n === 0 ? s.text.applyHintNothing : n === 1 ? s.text.applyHintOne : fill(s.text.applyHint, n);
}

function buttonsOf(s: PanelStrings, state: PanelState): ButtonView[] {
  const t = state.trace;
  const busy = state.running !== undefined;
  if (busy) return [{ id: 'cancel', label: s.text.cancel, enabled: true, primary: true }];
  const out: ButtonView[] = [];
  if (t) {
    const canApply = plannable(t) && !state.applied && !state.restored;
    out.push({
      id: 'apply', label: s.text.apply, enabled: canApply, primary: canApply,
      hint: state.applied ? s.text.applyOffApplied : !plannable(t) ? s.text.applyOffNoPlan : state.restored ? s.text.applyOffRestored : applyHint(s, t),
    });
    const recordOff = state.restored ? s.text.recordOffRestored : t.kind === 'chain' ? s.text.recordOffChain
      : !state.record.allowed ? (state.record.reason === 'trust' ? s.text.recordOffTrust : s.text.recordOffFolder)
        : t.status === 'invalid' ? s.text.recordOffInvalid : undefined;
    out.push({ id: 'record', label: s.text.recordTest, enabled: !recordOff, ...(recordOff ? { hint: recordOff } : {}) });
    out.push({ id: 'copy', label: s.text.copyJson, enabled: true });
  }
  if (state.canRerun) out.push({ id: 'again', label: s.text.again, enabled: true });
  out.push({ id: 'change', label: s.text.change, enabled: true });
  return out;
}

function labelsOf(s: PanelStrings): RunLabels {
  const x = s.text;
  return {
    route: x.route, chunks: x.chunks, validation: x.validation, warnings: x.warnings, totals: x.totals,
    actions: { actions: x.actions, action: x.colAction, params: x.colParams, field: x.field, before: x.before, after: x.after, alsoWrites: x.alsoWrites, none: x.noActions },
  };
}

/** The panel for `state`. */
export function buildDryRunView(state: PanelState, s: PanelStrings): DryRunView {
  const t = state.trace;
  const running = state.running !== undefined ? fill(s.text.running, state.running) : undefined;
  const labels = labelsOf(s);
  if (!t) {
    return { heading: running ?? s.text.change, meta: [], notices: state.notices, buttons: buttonsOf(s, state), runs: [], totals: [], labels, ...(running ? { running } : {}) };
  }
  const meta: string[] = [];
  meta.push(fill(s.text.engine, t.engine === 'offline' ? s.text.offline : t.model ? `${t.engine} · ${t.model}` : t.engine));
  meta.push(fill(s.text.input, t.input.source ?? '—', t.input.chars));
  meta.push(fill(s.text.clock, t.now));
  const notices: NoticeView[] = [...state.notices];
  if (t.kind === 'skill' && t.replay) {
    meta.push(fill(s.text.recorded, t.replay.cassette, t.replay.recordedAt.slice(0, 10), t.replay.model || t.replay.engine));
    if (t.replay.stale) notices.push({ tone: 'warn', text: s.text.staleCassette, buttons: [] });
  }
  const runs = t.kind === 'skill' ? [skillRunView(s, t, 'run', true)] : chainRunViews(s, t);
  const totals = t.kind === 'chain'
    ? [
      { label: s.text.inputTokens, value: String(t.usage.inputTokens) },
      { label: s.text.outputTokens, value: String(t.usage.outputTokens) },
      { label: s.text.cost, value: costText(s, t.costUsd) },
      { label: s.text.timeTotal, value: msText(s, t.timings.totalMs) },
    ]
    : [];
  return {
    heading: t.kind === 'skill' ? fill(s.text.dryRunOf, t.skill, t.version) : fill(s.text.dryRunOfChain, t.chain),
    meta, status: statusOf(s, t, state.applied), notices, buttons: buttonsOf(s, state), runs, totals, labels,
    ...(running ? { running } : {}),
  };
}
