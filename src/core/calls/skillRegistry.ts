import type { ToolRegistry } from './toolRegistry';
import type { Skill, SkillContext, SkillMeta, SkillResult } from './skill';

/** The one place skills are registered, routed to and switched on or off. */
export class SkillRegistry {
  private readonly skills = new Map<string, Skill>();
  private readonly disabled = new Set<string>();

  constructor(private readonly tools: ToolRegistry) {}

  /** Adds a skill after checking every tool it needs is registered. */
  register<S extends Skill>(skill: S): S {
    if (!/^[a-z][a-z0-9_-]*$/.test(skill.name)) throw new Error(`skill name "${skill.name}" must be lower case with - or _`);
    if (this.skills.has(skill.name)) throw new Error(`skill "${skill.name}" is already registered`);
    const missing = skill.requiredTools.filter((t) => !this.tools.has(t));
    if (missing.length) throw new Error(`skill "${skill.name}" needs tools that are not registered: ${missing.join(', ')}`);
    this.skills.set(skill.name, skill);
    if (skill.enabled === false) this.disabled.add(skill.name);
    return skill;
  }

  /**
   * Registers a plain async function as a skill and hands the same function back, so it stays
   * directly callable (and testable) without going through the registry.
   */
  registerFunction<F extends (input: any, ctx: SkillContext) => Promise<SkillResult<unknown>>>(meta: SkillMeta, fn: F): F {
    this.register({ ...meta, execute: fn });
    return fn;
  }

  resolve(name: string): Skill | undefined {
    return this.skills.get(name);
  }

  has(name: string): boolean {
    return this.skills.has(name);
  }

  list(): Skill[] {
    return [...this.skills.values()];
  }

  isEnabled(name: string): boolean {
    return this.skills.has(name) && !this.disabled.has(name);
  }

  setEnabled(name: string, enabled: boolean): void {
    if (!this.skills.has(name)) throw new Error(`unknown skill "${name}"`);
    if (enabled) this.disabled.delete(name);
    else this.disabled.add(name);
  }

  /**
   * Routes free text to the enabled skill whose triggers it mentions most; ties go to the
   * higher priority, then to the name (so routing is deterministic). Undefined when nothing matches.
   */
  find(text: string): Skill | undefined {
    const lower = text.toLowerCase();
    let best: { skill: Skill; hits: number } | undefined;
    for (const skill of this.skills.values()) {
      if (!this.isEnabled(skill.name)) continue;
      const hits = skill.triggers.filter((t) => lower.includes(t.toLowerCase())).length;
      if (hits === 0) continue;
      if (
        !best || hits > best.hits ||
        (hits === best.hits && ((skill.priority ?? 0) > (best.skill.priority ?? 0) ||
          ((skill.priority ?? 0) === (best.skill.priority ?? 0) && skill.name < best.skill.name)))
      ) {
        best = { skill, hits };
      }
    }
    return best?.skill;
  }

  /** Runs a skill by name; a disabled or unknown skill is an error the caller shows to the user. */
  async run<R = unknown>(name: string, input: unknown, ctx: SkillContext): Promise<SkillResult<R>> {
    const skill = this.skills.get(name);
    if (!skill) throw new Error(`unknown skill "${name}"`);
    if (!this.isEnabled(name)) throw new Error(`skill "${name}" is disabled`);
    return (await skill.execute(input, ctx)) as SkillResult<R>;
  }
}
