import { CancelledError } from '../runtime/abort';
import type { ToolError } from './tool';
import type { SkillContext } from './skill';

/** A step of a skill failed; carries the tool's error code so callers can map it (e.g. to exit 2). */
export class SkillStepError extends Error {
  constructor(readonly step: string, readonly error: ToolError) {
    super(`${step}: ${error.message}`);
    this.name = 'SkillStepError';
  }
}

/** Calls a tool for a skill step: a cancelled call becomes CancelledError, any other failure a SkillStepError. */
export async function call<T>(ctx: SkillContext, tool: string, input: unknown): Promise<T> {
  const r = await ctx.tools.execute<T>(tool, input, ctx);
  if (!r.success) {
    if (r.error!.code === 'cancelled') throw new CancelledError();
    throw new SkillStepError(tool, r.error!);
  }
  return r.data as T;
}
