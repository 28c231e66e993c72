/**
 * `ask`: a free-text request goes to the skill whose triggers it matches (skill mode: the skill
 * runs deterministically, offline or not); otherwise, with a model, to the agent loop (agent
 * mode). Offline there is no agent mode, and the answer says so instead of guessing.
 */
import { runAgent, type AgentStep } from '../../calls/agentLoop';
import type { UsageTotals } from '../../llm/usageMeter';
import type { SkillRegistry } from '../../calls/skillRegistry';
import type { AskRequest, SkillContext } from '../../calls/skill';

/** What `ask` produced. */
export interface AskOutcome {
  mode: 'skill' | 'agent';
  /** The skill that ran in skill mode. */
  skill?: string;
  answerMd: string;
  warnings: string[];
  steps?: AgentStep[];
  stoppedBy?: string;
  engine: string;
  model?: string;
  usage?: UsageTotals;
}

/** A request `ask` cannot serve as configured; the message says what to do. */
export class AskError extends Error {
  constructor(readonly kind: 'needs-model' | 'needs-input', message: string) {
    super(message);
    this.name = 'AskError';
  }
}

export async function ask(request: AskRequest, ctx: SkillContext, skills: SkillRegistry, options: { maxSteps?: number; onText?: (delta: string) => void } = {}): Promise<AskOutcome> {
  const skill = skills.find(request.question);
  const input = skill?.askInput?.(request);
  const engine = ctx.llm ? ctx.llm.engine : 'offline';
  const model = ctx.llm?.model;
  const usage = () => (ctx.usage && ctx.usage.calls.length ? { usage: ctx.usage.totals() } : {});
  if (skill && input !== undefined) {
    const result = await skills.run(skill.name, input, ctx);
    return { mode: 'skill', skill: skill.name, answerMd: result.summary_md, warnings: result.warnings, engine, ...(model ? { model } : {}), ...usage() };
  }
  if (!ctx.llm) {
    if (skill) throw new AskError('needs-input', `"${skill.name}" matches this request but needs ${skill.askNeeds ?? 'more input'}`);
    throw new AskError('needs-model', 'no skill matches this request, and agent mode needs a model: choose an engine (interviewLens.engine in VS Code, --engine anthropic|openai-compatible on the CLI) and set its key');
  }
  const result = await runAgent(request.question, ctx, options);
  const warnings = result.stoppedBy === 'step_limit' ? [`stopped after ${result.steps.length} steps (the step limit) before the model finished`] : [];
  return { mode: 'agent', answerMd: result.answerMd, warnings, steps: result.steps, stoppedBy: result.stoppedBy, engine, ...(model ? { model } : {}), ...usage() };
}
