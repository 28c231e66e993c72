/** A script refused (untrusted workspace, a file outside the skill, a bad execute) or broken (syntax, a throw, a timeout). */
export class ScriptError extends Error {
  /** True when the script was refused because the workspace is not trusted (the fix is to trust it). */
  readonly untrusted: boolean;
  /** True when the script failed after asking for a model that is not configured (the fix is an engine). */
  readonly needsModel: boolean;

  constructor(message: string, options: { untrusted?: boolean; needsModel?: boolean } = {}) {
    super(message);
    this.name = 'ScriptError';
    this.untrusted = options.untrusted ?? false;
    this.needsModel = options.needsModel ?? false;
  }
}
