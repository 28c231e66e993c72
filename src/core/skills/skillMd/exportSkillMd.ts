/**
 * A skill as Anthropic's Agent Skills format: a folder whose SKILL.md has YAML front matter (`name`
 * in lowercase with hyphens, `description`) and Markdown instructions a model follows. Our prompts
 * become the instructions and the output schema a JSON block; what the format has no place for
 * (actions that write records, routing, chunking, canary, offline output, timeouts, tests, our
 * script runtime) is listed for the user, and kept under `metadata.interview-lens` so importing
 * the file back into Interview Lens loses nothing.
 */
import { stringify } from 'yaml';
import type { SkillManifest } from '../manifest';
import { actionSpecs } from '../manifest';

/** The marker of the output-schema block in the instructions, found again by the import. */
export const OUTPUT_SCHEMA_HEADING = '## Output';

/** What an export produced. */
export interface SkillMdExport {
  /** The folder name, which the format wants equal to `name`. */
  folder: string;
  /** SKILL.md's text. */
  text: string;
  /** What a client of the format will not do, one line each. */
  notCarried: string[];
}

/** snake_case → kebab-case, the format's naming. */
export function skillMdName(name: string): string {
  return name.replace(/_/g, '-');
}

/** Exports a valid manifest (and its description.md, when given) as SKILL.md. */
export function exportSkillMd(manifest: SkillManifest, descriptionMd?: string): SkillMdExport {
  const notCarried: string[] = [];
  const actions = actionSpecs(manifest);
  if (actions.length) notCarried.push(`actions (${actions.map((a) => a.primitive).join(', ')}): the format has no records to write; the instructions say what to record instead`);
  if (manifest.match) notCarried.push('match (keywords, URL patterns, priority): clients choose a skill by its description');
  if (manifest.chunking && manifest.chunking.strategy !== 'none') notCarried.push(`chunking (${manifest.chunking.strategy}): long input is not split for the model`);
  if (manifest.offline) notCarried.push('offline output: the format always runs on a model');
  if (manifest.canary !== undefined) notCarried.push('canary: one version only');
  if (manifest.timeout_ms !== undefined) notCarried.push('timeout_ms');
  if (manifest.tests?.length) notCarried.push('tests');
  if (manifest.script) notCarried.push(`script (${manifest.script}): it uses Interview Lens's script context and does not run elsewhere; it is not copied`);
  if (manifest.enabled === false) notCarried.push('enabled: false');

  const body: string[] = [`# ${manifest.name}`, ''];
  if (descriptionMd?.trim()) body.push(descriptionMd.replace(/^# .*\n+/, '').trim(), '');
  if (manifest.prompt?.system) body.push('## Instructions', '', manifest.prompt.system.trim(), '');
  if (manifest.prompt?.user) {
    body.push('## Input', '', 'The request is laid out like this (Jinja-style placeholders: `input.text` is what the user gave, `now` the current date):', '', '```text', manifest.prompt.user.trim(), '```', '');
  }
  if (manifest.output_schema) {
    body.push(OUTPUT_SCHEMA_HEADING, '', 'Answer with one JSON object valid against this JSON Schema:', '', '```json', JSON.stringify(manifest.output_schema, null, 2), '```', '');
  }
  if (actions.length) {
    body.push('## What to record', '', 'In Interview Lens these are written to the job-search records; elsewhere, tell the user what to record:', '');
    for (const a of actions) body.push(`- ${a.primitive}${a.when ? ` (when ${a.when})` : ''}: ${Object.entries(a.params).map(([k, v]) => `${k} = ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('; ')}`);
    body.push('');
  }
  // Everything of ours the format has no field for, so an import back into Interview Lens is whole.
  const kept: Record<string, unknown> = { version: manifest.version };
  for (const key of ['enabled', 'canary', 'match', 'chunking', 'offline', 'actions', 'timeout_ms', 'tests'] as const) {
    if (manifest[key] !== undefined) kept[key] = manifest[key];
  }
  if (manifest.prompt) kept.prompt = manifest.prompt;
  const front = stringify({ name: skillMdName(manifest.name), description: manifest.description.replace(/\s+/g, ' ').trim().slice(0, 1024), metadata: { 'interview-lens': kept } }, { lineWidth: 0 });
  return { folder: skillMdName(manifest.name), text: `---\n${front}---\n\n${body.join('\n').trimEnd()}\n`, notCarried };
}
