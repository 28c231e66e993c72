// The names a template can use at a given place, and where each comes from: the runtime input,
// the clock, the model output (fields of output_schema), the aliases of earlier actions, the
// outputs of earlier chain steps. Completion lists them; hover explains them.

import { parseDocument } from 'yaml';
import type { OutlineReader } from './outline';
import type { TemplateSiteKind } from './cursorContext';
import type { Segment } from './schemaNav';

/** A name a template can read, with its members when they are known. */
export interface ScopeEntry {
  name: string;
  /** One line: where it comes from. */
  origin: string;
  /** Longer text (markdown). */
  documentation?: string;
  /** A function called as name() (now.date()). */
  call?: boolean;
  /** Members reachable with ".", when known. */
  members?: ScopeEntry[];
  /** Line (0-based) of the definition in the file, when it is in the file. */
  line?: number;
}

/** The spec's SkillInput, then this project's extras; `url` and `kind` are the old names of link and source_kind. */
const INPUT_FIELDS: Array<[string, string]> = [
  ['text', 'The input text (for a chunked input: this chunk\'s text).'],
  ['link', 'The link the input came from, or "" when none.'],
  ['transcript', 'What the user said, when the input was a recording (its transcription), or "".'],
  ['attachments', 'The files the input came with: a list of {id, path, name, mime} (attach takes attachment_id).'],
  ['source_kind', 'What kind of input it is: text, link, image, audio or file.'],
  ['hints', 'The user\'s extra instructions for this run (run --hint, Run Skill with a Hint…), or "".'],
  ['requested_skill', 'The skill the user named, or "" when the input was routed.'],
  ['source', 'Where the input came from (a file name, "selection"); undefined when not given.'],
  ['json', 'The input parsed, when the whole input is one JSON object.'],
  ['full_text', 'The whole input, when it was split into chunks.'],
  ['url', 'The old name of input.link (before the skill spec); still works.'],
  ['kind', 'The old name of input.source_kind (before the skill spec); still works.'],
];

const CHAIN_INPUT_FIELDS: Array<[string, string]> = [
  ['text', 'The chain\'s input text.'],
  ['source', 'Where the input came from, or "".'],
  ['url', 'The link the input came from, or "".'],
];

const field = ([name, origin]: [string, string]): ScopeEntry => ({ name, origin });

const NOW: ScopeEntry = {
  name: 'now',
  origin: 'The run\'s clock (fixed for the whole run).',
  members: [
    { name: 'date', origin: 'Today\'s local date, YYYY-MM-DD.', call: true },
    { name: 'iso', origin: 'The local date and time with its UTC offset (ISO 8601).', call: true },
  ],
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The members output_schema describes for a value of this schema (properties; for a list, its items'). */
function schemaMembers(schema: unknown, depth = 0): ScopeEntry[] | undefined {
  if (!isObject(schema) || depth > 6) return undefined;
  const props = isObject(schema.properties) ? schema.properties : isObject(schema.items) && isObject(schema.items.properties) ? schema.items.properties : undefined;
  if (!props) return undefined;
  return Object.entries(props).map(([name, p]) => {
    const prop = isObject(p) ? p : {};
    const type = Array.isArray(prop.type) ? prop.type.join(' | ') : typeof prop.type === 'string' ? prop.type : undefined;
    const description = typeof prop.description === 'string' ? prop.description : undefined;
    return {
      name,
      origin: `A field of the model's output (output_schema${type ? `, ${type}` : ''}).`,
      documentation: description,
      members: schemaMembers(prop, depth + 1),
    };
  });
}

/** The document as data, as far as it parses (half-typed text still gives most of it). */
export function looseData(text: string): Json {
  try {
    const data = parseDocument(text, { uniqueKeys: false }).toJS({ maxAliasCount: 50 }) as unknown;
    return isObject(data) ? data : {};
  } catch {
    return {};
  }
}

/** The model output entry: `out` with output_schema's fields. */
function outEntry(data: Json): ScopeEntry {
  return {
    name: 'out',
    origin: 'The model\'s output, checked against output_schema (or the offline output).',
    members: schemaMembers(data.output_schema) ?? [],
  };
}

/** Aliases (`as:`) of the actions before `index`, in order. */
function actionAliases(outline: OutlineReader, index: number): ScopeEntry[] {
  const out: ScopeEntry[] = [];
  for (const l of outline.lines) {
    // `as:` inside the primitive's parameters (the spec's place) or beside it (the old one).
    const inside = l?.path.length === 4 && l.path[3] === 'as';
    if (!l?.key || l.path[0] !== 'actions' || !(inside || (l.path.length === 3 && l.path[2] === 'as')) || !l.value) continue;
    const i = l.path[1] as number;
    if (i >= index) continue;
    const name = l.value.text.replace(/^["']|["']$/g, '');
    out.push({
      name,
      origin: `The result of action ${i + 1} (\`as: ${name}\`, line ${l.line + 1}).`,
      line: l.line,
      members: [
        { name: 'id', origin: `The id of the record action ${i + 1} wrote or found.` },
        { name: 'ref', origin: `Its "kind:id" reference, for parameters such as entity, source, target.` },
      ],
    });
  }
  return out;
}

/** output_as names of the chain steps written above `line`, except the step holding it. */
function stepOutputs(outline: OutlineReader, stepPath: readonly Segment[], line: number): ScopeEntry[] {
  const out: ScopeEntry[] = [];
  const own = stepPath.join('/');
  for (const l of outline.lines) {
    if (!l?.key || l.key.name !== 'output_as' || !l.value || l.line >= line) continue;
    if (l.path.slice(0, -1).join('/') === own) continue;
    const name = l.value.text.replace(/^["']|["']$/g, '');
    out.push({ name, origin: `The output of the step that sets \`output_as: ${name}\` (line ${l.line + 1}).`, line: l.line });
  }
  return out;
}

/** The names a template at `path` (of the given site) can read. */
export function templateScope(site: TemplateSiteKind, path: readonly Segment[], text: string, outline: OutlineReader, line: number): ScopeEntry[] {
  if (site === 'step' || site === 'step-when') {
    const args = path.indexOf('args');
    const stepPath = args > 0 ? path.slice(0, args) : path.slice(0, -1);
    return [
      { name: 'input', origin: 'The chain\'s input.', members: CHAIN_INPUT_FIELDS.map(field) },
      NOW,
      ...stepOutputs(outline, stepPath, line),
    ];
  }
  const input: ScopeEntry = { name: 'input', origin: 'The input the skill runs on.', members: INPUT_FIELDS.map(field) };
  const data = looseData(text);
  switch (site) {
    case 'prompt':
      return [input, NOW, {
        name: 'chunk', origin: 'The chunk this call gets, when chunking splits the input.',
        members: [field(['index', 'Its position, from 0.']), field(['count', 'How many chunks there are.']), field(['text', 'Its text.'])],
      }];
    case 'reduce':
      return [input, NOW, { name: 'parts', origin: 'The partial outputs, one per chunk (a list).' }, outEntry(data)];
    case 'offline':
      return [input, NOW];
    case 'action':
    case 'action-when':
      return [input, NOW, outEntry(data), ...actionAliases(outline, path[1] as number)];
  }
  return [];
}
