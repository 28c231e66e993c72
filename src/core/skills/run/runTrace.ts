/**
 * The trace of a skill run: what a dry run shows step by step (the route and why, each chunk's
 * rendered prompts, every model reply with its validation errors and repairs, the reduce call,
 * the final validation, the planned actions with their rendered parameters, tokens, cost and
 * timings). Plain JSON data only, so it can be copied, posted to a webview and compared in tests.
 */
import type { PlannedAction } from '../actions/types';
import type { StructuredAttempt } from '../../llm/structuredCall';
import type { LlmUsage } from '../../llm/provider';
import type { RouteDecision } from '../routing/routeRequest';
import type { ChainStepReport } from './chainStepReport';

/** How the input was split before the model read it. */
export interface ChunkingTrace {
  strategy: 'none' | 'fixed' | 'topic';
  /** True when the model proposed the topic boundaries. */
  byModel: boolean;
  maxChars?: number;
  overlapChars?: number;
  /** Each chunk's place in the input (offsets in characters) and its length. */
  chunks: Array<{ index: number; start: number; end: number; chars: number }>;
  durationMs: number;
  /** Why the model's topic split was not used, when it was not. */
  warning?: string;
}

/** One structured model call of a declarative run: a chunk's, or the reduce's. */
export interface TracedModelStep {
  step: 'chunk' | 'reduce';
  /** The chunk it read (chunk steps), from 0. */
  chunk?: number;
  purpose: string;
  /** The rendered prompts as sent (the system prompt is empty when the skill has none). */
  system: string;
  user: string;
  /** Every reply: the first ask, then each repair. */
  attempts: StructuredAttempt[];
  ok: boolean;
  /** The last reply's validation errors when it stayed invalid. */
  problems: string[];
  /** The valid output of this step. */
  value?: unknown;
  durationMs: number;
}

/** Whether the output the actions were rendered from is valid, and where it failed if not. */
export interface ValidationTrace {
  ok: boolean;
  /** Where it failed: a chunk's reply, the merge of the chunks, the reduce step, the offline output. */
  stage?: 'chunk' | 'merged' | 'reduce' | 'offline';
  chunk?: number;
  repairs?: number;
  problems: string[];
}

/** What runManifestSkill itself saw of a declarative run. */
export interface ManifestRunTrace {
  chunking: ChunkingTrace;
  steps: TracedModelStep[];
  /** The skill's offline output, when no model was used. */
  offline?: { output: unknown; durationMs: number };
  validation: ValidationTrace;
  /** Rendering and planning the actions (absent when the output stayed invalid). */
  plan?: { durationMs: number };
  /** What the output was made from: each model step's last reply in order, or the offline output as JSON (the audit keeps them all). */
  rawOutputs: string[];
  durationMs: number;
}

/** One model call as it went out and came back (routing, topic splits, a script's calls). */
export interface TracedCall {
  purpose: string;
  system: string;
  /** The last user message's text (for a repair: the problems sent back). */
  user: string;
  /** The reply's text; empty when the call failed. */
  raw: string;
  /** Why the call failed, when it did. */
  error?: string;
  stopReason?: string;
  model?: string;
  usage?: LlmUsage;
  costUsd?: number | null;
  durationMs: number;
}

/** The route a request took, why, and what it cost. */
export interface RouteTrace {
  decision: RouteDecision;
  durationMs: number;
  /** The router's model calls (none when a skill was named, the match decided, or offline). */
  calls: TracedCall[];
}

/** Where a replayed run came from (a dry run of a cassette). */
export interface ReplaySource {
  cassette: string;
  recordedAt: string;
  engine: string;
  model: string;
  /** The skill changed since the recording (its definition hash differs). */
  stale: boolean;
}

/** The whole trace of one skill run. */
export interface SkillRunTrace {
  kind: 'skill';
  skill: string;
  version: number;
  /** A scripted skill's SKILL_VERSION. */
  scriptVersion?: number;
  status: 'ok' | 'dry_run' | 'invalid';
  dryRun: boolean;
  producedBy: 'model' | 'offline';
  /** The run's clock (templates' `now`), ISO 8601. */
  now: string;
  /** The engine that answered ('offline' when none did) and its model. */
  engine: string;
  model?: string;
  input: { text: string; source?: string; kind: string; url?: string; chars: number };
  route: RouteTrace;
  /** True for a scripted skill: its model calls are in `calls`, there are no chunk steps. */
  scripted: boolean;
  /** Declarative runs: what runManifestSkill traced. */
  chunking?: ChunkingTrace;
  steps: TracedModelStep[];
  offline?: { output: unknown; durationMs: number };
  validation?: ValidationTrace;
  /** Every model call of the run after routing, in order. */
  calls: TracedCall[];
  output?: unknown;
  planned: PlannedAction[];
  warnings: string[];
  usage: LlmUsage;
  costUsd: number | null;
  timings: { routeMs: number; runMs: number; planMs?: number; totalMs: number };
  promptHash: string;
  /** The raw model output(s) the audit keeps when the plan is applied. */
  rawOutputs: string[];
  replay?: ReplaySource;
}

/** One step of a chain: how it ended and, when its skill ran, the trace of its last attempt. */
export interface ChainStepTrace {
  report: ChainStepReport;
  trace?: SkillRunTrace;
  /** The last attempt's error when it threw. */
  error?: string;
}

/** The trace of a chain's run: each step's. */
export interface ChainRunTrace {
  kind: 'chain';
  chain: string;
  description?: string;
  status: 'ok' | 'failed' | 'dry_run';
  dryRun: boolean;
  now: string;
  engine: string;
  model?: string;
  input: { text: string; source?: string; kind: string; url?: string; chars: number };
  steps: ChainStepTrace[];
  usage: LlmUsage;
  costUsd: number | null;
  timings: { totalMs: number };
}

/** A skill's or a chain's trace. */
export type RunTrace = SkillRunTrace | ChainRunTrace;
