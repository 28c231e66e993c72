/**
 * The `input` a skill's templates read, as the spec's SkillInput names it: text, link, transcript,
 * attachments[], source_kind, hints and requested_skill (plus `source`, where it came from, and
 * `json`, an input that is one JSON object, parsed). The old names `url` and `kind` stay readable
 * so skills written before the spec keep running; the validator warns about them and
 * `skills migrate` rewrites them.
 */
import { createHash } from 'node:crypto';
import type { InputKind } from '../manifest/types';

/** A file the input came with (an image, a recording), as templates and `attach` see it. */
export interface SkillAttachment {
  /** Stable within the run: `attach: { attachment_id: "{{ input.attachments[0].id }}" }`. */
  id: string;
  /** Workspace-relative path, when it is a file. */
  path?: string;
  uri?: string;
  mime?: string;
  name?: string;
}

/** What callers give a run; `kind` and `url` are SkillInput's source_kind and link. */
export interface SkillInputFields {
  text: string;
  kind?: InputKind;
  url?: string;
  /** Where the input came from (a file name, "selection"). */
  source?: string;
  /** What the user said, when the input was speech (the normaliser's transcription). */
  transcript?: string;
  attachments?: SkillAttachment[];
  /** The user's extra instructions for this run (`run … --hint`, the Run Skill hint field). */
  hints?: string;
  /** The skill the user asked for by name, when they did. */
  requestedSkill?: string;
  /** The file the input is (an image, a recording), relative to the workspace: the input's attachment. */
  path?: string;
}

const MIME: Readonly<Record<string, string>> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif',
  '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.ogg': 'audio/ogg', '.flac': 'audio/flac', '.webm': 'audio/webm',
};

/** The attachments of an input: those given, else the file it is. Ids are stable for the same path, so replays plan alike. */
export function attachmentsOf(input: SkillInputFields): SkillAttachment[] {
  if (input.attachments) return input.attachments;
  if (!input.path) return [];
  const name = input.path.split('/').pop() ?? input.path;
  const ext = /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';
  const id = `att-${createHash('sha256').update(input.path).digest('hex').slice(0, 16)}`;
  return [{ id, path: input.path, name, ...(MIME[ext] ? { mime: MIME[ext] } : {}) }];
}

/** The template-visible input of a run. */
export function skillInputOf(input: SkillInputFields): Record<string, unknown> {
  const sourceKind = input.kind ?? (input.url && input.text.trim() === input.url ? 'link' : 'text');
  const link = input.url ?? '';
  return {
    text: input.text,
    link,
    transcript: input.transcript ?? '',
    attachments: attachmentsOf(input),
    source_kind: sourceKind,
    hints: input.hints ?? '',
    requested_skill: input.requestedSkill ?? '',
    // Undefined when not given, so `{{ input.source | default('…') }}` applies (Jinja's default is for undefined).
    ...(input.source ? { source: input.source } : {}),
    ...jsonOf(input.text),
    // The names before the spec: read by skills not yet migrated (the validator warns).
    url: link,
    kind: sourceKind,
  };
}

/** `{ json }` when the text is one JSON object, else nothing. */
function jsonOf(text: string): { json?: Record<string, unknown> } {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return {};
  try {
    const value: unknown = JSON.parse(t);
    return value && typeof value === 'object' && !Array.isArray(value) ? { json: value as Record<string, unknown> } : {};
  } catch {
    return {};
  }
}
