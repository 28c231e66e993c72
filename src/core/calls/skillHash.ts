/**
 * The hash of a skill's definition, stored in each cassette's header: when it differs today the
 * skill (or a tool it calls, or the model judge's prompt) changed since the recording, and the
 * cassette is reported stale rather than failed.
 */
import { createHash } from 'node:crypto';
import type { SkillRegistry } from './skillRegistry';
import type { SkillMeta } from './skill';
import type { ToolRegistry } from './toolRegistry';
import { canonicalJson } from '../runtime/canonical';

/**
 * What a definition hash is taken over. A code skill: its metadata and the schemas of its tools.
 * A manifest skill: the text of its skill.yaml (everything it declares is in that text).
 * `promptVersion` is whatever else decides its behaviour (the model judge passes its prompt hash).
 */
export type SkillDefinition =
  | { kind: 'code'; skill: SkillMeta; tools: ToolRegistry; promptVersion?: string }
  | { kind: 'manifest'; name: string; text: string; promptVersion?: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** sha256 (hex) of a skill definition's canonical form. */
export function skillDefinitionHash(definition: SkillDefinition): string {
  if (definition.kind === 'manifest') {
    // Line endings do not change a manifest; a checkout on Windows must not make every cassette stale.
    return sha256(canonicalJson({ v: 1, kind: 'manifest', name: definition.name, text: definition.text.replace(/\r\n?/g, '\n'), promptVersion: definition.promptVersion }));
  }
  const { skill, tools } = definition;
  // Order does not change what a skill does, so reordering a list does not make cassettes stale.
  const required = [...new Set(skill.requiredTools)].sort();
  return sha256(canonicalJson({
    v: 1,
    kind: 'code',
    name: skill.name,
    description: skill.description,
    triggers: [...skill.triggers].sort(),
    requiredTools: required,
    // getSchemasFor throws on an unknown tool, as registration does: a skill cannot lose one silently.
    tools: tools.getSchemasFor(required).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    promptVersion: definition.promptVersion,
  }));
}

/** The hash of a code skill with the tools of `tools`. */
export function codeSkillHash(skill: SkillMeta, tools: ToolRegistry, promptVersion?: string): string {
  return skillDefinitionHash({ kind: 'code', skill, tools, promptVersion });
}

/**
 * A lookup of today's hash by skill name over the registered (code) skills, for the replay
 * runner; undefined for a skill that is not registered. Manifest skills will be looked up here too.
 */
export function registeredSkillHashes(skills: SkillRegistry, tools: ToolRegistry, promptVersion?: (skill: string) => string | undefined): (skill: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name) => {
    if (!cache.has(name)) {
      const skill = skills.resolve(name);
      cache.set(name, skill ? codeSkillHash(skill, tools, promptVersion?.(name)) : undefined);
    }
    return cache.get(name);
  };
}
