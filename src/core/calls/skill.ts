import type { ToolRegistry } from './toolRegistry';
import type { ToolContext } from './tool';

/** Progress of a running skill: `done` of `total` steps of its current phase, with a short message for the UI. */
export interface SkillProgress {
  done: number;
  total: number;
  message: string;
  /** What the run is doing, so a UI can say it before any question is counted. */
  phase?: 'transcribing' | 'splitting' | 'questions' | 'report';
}

/** Everything a skill may touch: the tool context plus the registry it calls tools through. */
export interface SkillContext extends ToolContext {
  tools: ToolRegistry;
  onProgress?: (p: SkillProgress) => void;
}

/** A planned or performed side effect of a skill run. */
export interface SkillAction { kind: string; target: string; detail?: Record<string, unknown> }

/** What every skill returns, code or manifest alike. */
export interface SkillResult<R = unknown> {
  summary_md: string;
  actions: SkillAction[];
  warnings: string[];
  raw: R;
}

/** Name, description and routing of a skill; shared by class-style and function-style skills. */
export interface SkillMeta {
  name: string;
  description: string;
  /** Words or phrases that route free text to this skill (see SkillRegistry.find). */
  triggers: string[];
  /** Tools the skill calls; registration fails if one is missing. */
  requiredTools: string[];
  /** Higher wins when several skills match the same text; default 0. */
  priority?: number;
  enabled?: boolean;
  /**
   * The skill's input for a free-text request routed to it by `ask` (skill mode); undefined when
   * the request lacks what the skill needs, and `askNeeds` says what that is.
   */
  askInput?: (request: AskRequest) => unknown | undefined;
  /** What the skill needs that the request did not give ("open a transcript or pass --file"). */
  askNeeds?: string;
  /** A hash of the model prompts the skill sends (part of its definition hash, so recordings made with other prompts are stale). */
  promptVersion?: string;
}

/** A free-text request to `ask`, with the document it is about when there is one. */
export interface AskRequest {
  question: string;
  /** The active transcript (VS Code) or `--file` (CLI). */
  attachment?: { text: string; source: string; sourceKey?: string };
}

/** A named, reusable flow of tool calls. */
export interface Skill<I = any, R = unknown> extends SkillMeta {
  execute(input: I, ctx: SkillContext): Promise<SkillResult<R>>;
}
