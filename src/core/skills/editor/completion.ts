// Completion in skill.yaml and *.chain.yaml: keys with the schema's descriptions (only those not
// yet written), whole blocks as snippets, enum values, action primitives with their required
// parameters, skill names in a chain, and inside templates the names the runtime provides,
// their fields, filters and tests.

import { FILTERS, TESTS } from '../../runtime/template';
import { cursorContext, type KeyContext, type OffsetRange, type TemplateContext, type ValueContext } from './cursorContext';
import { readOutline } from './outline';
import { enumOf, primitiveInfos, propertiesOf, schemaAt, typesOf, type ManifestKind, type SchemaNode, type Segment } from './schemaNav';
import { describeSchema } from './schemaDocs';
import { templateScope, type ScopeEntry } from './templateScope';

/** One completion, independent of the editor that shows it. */
export interface CompletionEntry {
  label: string;
  kind: 'property' | 'snippet' | 'enum' | 'action' | 'variable' | 'field' | 'function' | 'filter' | 'test' | 'skill' | 'value';
  /** A short line shown beside the label. */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  insertText: string;
  /** insertText is a snippet ($1, ${1:default}, ${1|a,b|}). */
  snippet: boolean;
  /** What the item replaces. */
  replace: OffsetRange;
  /** insertText is indented for the document already: do not indent its lines again. */
  keepWhitespace?: boolean;
  sortText?: string;
}

/** What completion knows beyond the text. */
export interface CompletionOptions {
  /** Skills a chain step may name. */
  skills?: ReadonlyArray<{ name: string; description?: string }>;
  /** The character whose typing opened completion, if one did. */
  triggerCharacter?: string;
}

const pad = (n: number) => ' '.repeat(Math.max(0, n));
/** Text safe inside a snippet placeholder. */
const esc = (s: string) => s.replace(/[$}\\]/g, (c) => '\\' + c);

/** A placeholder for a value of this schema (numbered from `n`). */
function placeholder(schema: SchemaNode | undefined, kind: ManifestKind, n: number, quoteStrings: boolean): string {
  const values = enumOf(schema, kind);
  if (values.length) return `\${${n}|${values.map((v) => v.replace(/[,|$}\\]/g, (c) => '\\' + c)).join(',')}|}`;
  const types = typesOf(schema, kind);
  if (schema?.default !== undefined && typeof schema.default !== 'object') return `\${${n}:${esc(String(schema.default))}}`;
  if (types.includes('boolean')) return `\${${n}|true,false|}`;
  if (types.includes('integer') || types.includes('number')) return `\${${n}:${schema?.minimum ?? 0}}`;
  if (types.includes('array')) return `[\$${n}]`;
  if (types.includes('object')) return `{\$${n}}`;
  return quoteStrings ? `"\$${n}"` : `\$${n}`;
}

/** Blocks written often enough to deserve a snippet, by the path of the key. */
function blockSnippet(kind: ManifestKind, path: readonly Segment[], column: number): string | undefined {
  const i1 = pad(column + 2);
  const i2 = pad(column + 4);
  const i3 = pad(column + 6);
  const key = path.join('/');
  if (kind === 'skill') {
    switch (key) {
      case 'match':
        return `match:\n${i1}inputs: [\${1|text,link,image,audio|}]\n${i1}keywords: [\${2:keyword}]\n${i1}priority: \${3:50}`;
      case 'chunking':
        return `chunking:\n${i1}strategy: \${1|fixed,topic,none|}\n${i1}max_chars: \${2:4000}\n${i1}overlap_chars: \${3:200}`;
      case 'chunking/reduce':
        return `reduce:\n${i1}user: |\n${i2}Merge these partial results into one: {{ parts | tojson }}`;
      case 'prompt':
        return `prompt:\n${i1}system: |\n${i2}\${1:You read the input and extract what the user tracks.}\n${i1}user: |\n${i2}{{ input.text }}`;
      case 'output_schema':
        return `output_schema:\n${i1}type: object\n${i1}required: [\${1:title}]\n${i1}properties:\n${i2}\${1:title}:\n${i3}type: string\n${i3}description: \${2:What this field holds.}`;
      case 'actions':
        return `actions:\n${i1}- \${1:create_note}:\n${i3}body_md: "{{ \${2:input.text} }}"`;
      case 'tests':
        return `tests:\n${i1}- name: \${1:a typical input}\n${i2}input: \${2:text of the input}\n${i2}expect:\n${i3}output: {\$3}`;
      case 'offline':
        return `offline:\n${i1}\${1:title}: "{{ \${2:input.text | truncate(60)} }}"`;
    }
  } else if (key === 'steps') {
    return `steps:\n${i1}- skill: \$1\n${i2}args:\n${i3}text: "{{ \${2:input.text} }}"\n${i2}output_as: \${3:result}`;
  }
  return undefined;
}

/** The text inserted for a key: the block snippet, or "key: " with a placeholder of its type. */
function keyInsert(kind: ManifestKind, container: readonly Segment[], key: string, schema: SchemaNode | undefined, column: number): string {
  const block = blockSnippet(kind, [...container, key], column);
  if (block) return block;
  const types = typesOf(schema, kind);
  if (types.length === 1 && types[0] === 'object') {
    const required = schema?.required ?? [];
    if (!required.length) return `${key}:\n${pad(column + 2)}$1`;
    const props = new Map(propertiesOf(kind, schema));
    return `${key}:\n` + required.map((r, i) => `${pad(column + 2)}${r}: ${placeholder(props.get(r), kind, i + 1, false)}`).join('\n');
  }
  if (types.length === 1 && types[0] === 'array') {
    const items = schema?.items;
    const values = enumOf(items, kind);
    return values.length ? `${key}: [${placeholder(items, kind, 1, false)}]` : `${key}:\n${pad(column + 2)}- $1`;
  }
  return `${key}: ${placeholder(schema, kind, 1, false)}`;
}

/** An action item's primitive with its required parameters, at the column of the primitive key. */
export function primitiveSnippet(name: string, column: number): string {
  const info = primitiveInfos().get(name);
  const required = info?.params.required ?? [];
  if (!required.length) return `${name}: {$1}`;
  const props = info!.params.properties ?? {};
  return `${name}:\n` + required.map((r, i) => `${pad(column + 2)}${r}: ${placeholder(props[r], 'skill', i + 1, true)}`).join('\n');
}

function keyCompletions(kind: ManifestKind, ctx: KeyContext): CompletionEntry[] {
  const out: CompletionEntry[] = [];
  const containerSchema = schemaAt(kind, ctx.container);
  const types = typesOf(containerSchema, kind);
  // A list written below its key ("actions:" then a new line): offer whole items.
  if (ctx.underEmptyKey && types.includes('array')) return itemCompletions(kind, ctx, containerSchema!);
  const isActionItem = kind === 'skill' && ctx.container.length === 2 && ctx.container[0] === 'actions' && typeof ctx.container[1] === 'number';
  if (isActionItem) {
    const hasPrimitive = [...ctx.present].some((k) => primitiveInfos().has(k));
    if (!hasPrimitive) {
      let order = 0;
      for (const info of primitiveInfos().values()) {
        out.push({
          label: info.name, kind: 'action', detail: 'action primitive', documentation: describePrimitive(info.name),
          insertText: ctx.hasColon ? info.name : primitiveSnippet(info.name, ctx.column), snippet: !ctx.hasColon,
          replace: ctx.replace, keepWhitespace: true, sortText: `0${String(order++).padStart(2, '0')}`,
        });
      }
    }
    // as: and when: are offered inside the primitive's parameters, the spec's place (below).
    return out;
  }
  const isActionParams = kind === 'skill' && ctx.container.length === 3 && ctx.container[0] === 'actions' && typeof ctx.container[1] === 'number' && primitiveInfos().has(String(ctx.container[2]));
  if (isActionParams) {
    const docs: Record<string, string> = {
      as: 'Names this action\'s result so that later actions can use {{ <as>.id }} and {{ <as>.ref }} (snake_case, unique in the skill).',
      when: 'Run this action only when this condition is true: a template such as "{{ out.reminder is not none }}".',
    };
    for (const k of ['when', 'as']) {
      if (ctx.present.has(k)) continue;
      out.push({ label: k, kind: 'property', detail: 'string', documentation: docs[k], insertText: ctx.hasColon ? k : k === 'when' ? 'when: "{{ $1 }}"' : `${k}: $1`, snippet: !ctx.hasColon, replace: ctx.replace, sortText: `2${k}` });
    }
  }
  if (ctx.newItem && !types.includes('object')) {
    // "- " in a list of plain values (match.inputs): the values it takes.
    const doc = describeSchema(kind, ctx.container, containerSchema);
    const taken = new Set(siblingValues(ctx));
    return enumOf(containerSchema, kind).filter((v) => !taken.has(v)).map((v) => ({ label: v, kind: 'enum' as const, documentation: doc, insertText: v, snippet: false, replace: ctx.replace }));
  }
  if (!types.includes('object') && !containerSchema?.properties) return out;
  for (const [key, schema] of propertiesOf(kind, containerSchema)) {
    if (ctx.present.has(key)) continue;
    const required = containerSchema?.required?.includes(key);
    const block = !ctx.hasColon && blockSnippet(kind, [...ctx.container, key], ctx.column) !== undefined;
    out.push({
      label: key, kind: block ? 'snippet' : 'property',
      detail: `${typesOf(schema, kind).join(' | ') || 'value'}${required ? ' (required)' : ''}`,
      documentation: describeSchema(kind, [...ctx.container, key], schema),
      insertText: ctx.hasColon ? key : keyInsert(kind, ctx.container, key, schema, ctx.column),
      snippet: !ctx.hasColon, replace: ctx.replace, keepWhitespace: true,
      sortText: `${required ? 0 : 1}${key}`,
    });
  }
  return out;
}

/** The plain values of the other items of the list the cursor's item is in. */
function siblingValues(ctx: KeyContext): string[] {
  return ctx.siblingValues ?? [];
}

/** Whole list items ("- create_note: …", "- skill: …", "- name: …") for a list written below its key. */
function itemCompletions(kind: ManifestKind, ctx: KeyContext, listSchema: SchemaNode): CompletionEntry[] {
  const path = ctx.container;
  const itemColumn = ctx.column + 2;
  if (kind === 'skill' && path.length === 1 && path[0] === 'actions') {
    return [...primitiveInfos().values()].map((info, i) => ({
      label: `- ${info.name}`, kind: 'action' as const, detail: 'action', documentation: describePrimitive(info.name),
      insertText: `- ${primitiveSnippet(info.name, itemColumn)}`, snippet: true, replace: ctx.replace, keepWhitespace: true, sortText: String(i).padStart(2, '0'),
    }));
  }
  const item = schemaAt(kind, [...path, 0]);
  const required = item?.required ?? [];
  if (!required.length) return [];
  const props = new Map(propertiesOf(kind, item));
  const lines = required.map((r, i) => `${i === 0 ? '- ' : pad(itemColumn)}${r}: ${placeholder(props.get(r), kind, i + 1, false)}`);
  return [{
    label: `- ${required.join(', ')}`, kind: 'snippet', detail: `a new item of ${String(path[path.length - 1])}`,
    documentation: listSchema.items?.description ?? item?.description, insertText: lines.join('\n'), snippet: true, replace: ctx.replace, keepWhitespace: true,
  }];
}

function valueCompletions(kind: ManifestKind, ctx: ValueContext, options: CompletionOptions): CompletionEntry[] {
  const space = ctx.needsSpace ? ' ' : '';
  const schema = schemaAt(kind, ctx.path);
  if (kind === 'chain' && ctx.path[ctx.path.length - 1] === 'skill' && ctx.path[0] === 'steps') {
    return (options.skills ?? []).map((s) => ({ label: s.name, kind: 'skill', detail: 'skill', documentation: s.description, insertText: space + s.name, snippet: false, replace: ctx.replace }));
  }
  const target = ctx.flowItems !== undefined && typesOf(schema, kind).includes('array') ? schema?.items : schema;
  const values = enumOf(target, kind).filter((v) => !ctx.flowItems?.includes(v));
  const types = typesOf(target, kind);
  const list = values.length ? values : types.includes('boolean') ? ['true', 'false'] : [];
  const doc = describeSchema(kind, ctx.path, schema);
  return list.map((v) => ({ label: v, kind: 'enum', detail: String(ctx.path[ctx.path.length - 1]), documentation: doc, insertText: space + v, snippet: false, replace: ctx.replace }));
}

const isWordChar = (c: string | undefined) => !!c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');

/** The name chain written right before the cursor: "out.company." gives ['out', 'company'] and the word ''. */
export function trailingPath(before: string): { path: string[]; word: string; operator: '' | '.' | '|' | 'is' } {
  let i = before.length;
  while (i > 0 && isWordChar(before[i - 1])) i--;
  const word = before.slice(i);
  if (before[i - 1] === '.') {
    let j = i - 1;
    while (j > 0 && (isWordChar(before[j - 1]) || before[j - 1] === '.')) j--;
    return { path: before.slice(j, i - 1).split('.'), word, operator: '.' };
  }
  while (i > 0 && (before[i - 1] === ' ' || before[i - 1] === '\t')) i--;
  if (before[i - 1] === '|') return { path: [], word, operator: '|' };
  // "x is " or "x is not ": a test name comes next.
  let end = i;
  if (before.slice(end - 3, end) === 'not' && !isWordChar(before[end - 4])) {
    end -= 3;
    while (end > 0 && before[end - 1] === ' ') end--;
  }
  if (before.slice(end - 2, end) === 'is' && !isWordChar(before[end - 3]) && end < before.length) return { path: [], word, operator: 'is' };
  return { path: [], word, operator: '' };
}

/** The entry a path of names reaches in a scope (undefined when some step is not known). */
export function entryAt(scope: readonly ScopeEntry[], path: readonly string[]): ScopeEntry | undefined {
  let list: readonly ScopeEntry[] | undefined = scope;
  let found: ScopeEntry | undefined;
  for (const name of path) {
    found = list?.find((e) => e.name === name);
    if (!found) return undefined;
    list = found.members;
  }
  return found;
}

function scopeDoc(e: ScopeEntry): string {
  return [e.origin, e.documentation].filter(Boolean).join('\n\n');
}

function templateCompletions(ctx: TemplateContext, text: string): CompletionEntry[] {
  const { path, word, operator } = trailingPath(ctx.before);
  const replace = { start: ctx.offset - word.length, end: ctx.offset };
  if (operator === '|') {
    return FILTERS.map((f) => ({
      label: f.name, kind: 'filter' as const, detail: f.parameters.length ? `(${f.parameters.map((p) => p.name + (p.optional ? '?' : '')).join(', ')})` : 'filter',
      documentation: `${f.description}${f.parameters.length ? '\n\n' + f.parameters.map((p) => `- \`${p.name}\`${p.optional ? ' (optional)' : ''}: ${p.description}`).join('\n') : ''}`,
      insertText: f.parameters.some((p) => !p.optional) ? `${f.name}(\${1:${esc(f.parameters[0].name)}})` : f.name,
      snippet: f.parameters.some((p) => !p.optional), replace,
    }));
  }
  if (operator === 'is') {
    return TESTS.map((t) => ({ label: t.name, kind: 'test' as const, detail: 'test', documentation: t.description, insertText: t.name, snippet: false, replace }));
  }
  const outline = readOutline(text);
  const line = text.slice(0, ctx.offset).split('\n').length - 1;
  const scope = templateScope(ctx.site, ctx.path, text, outline, line);
  const list = operator === '.' ? entryAt(scope, path)?.members ?? [] : scope;
  return list.map((e) => ({
    label: e.name, kind: operator === '.' ? (e.call ? 'function' as const : 'field' as const) : 'variable' as const,
    detail: e.origin.length > 60 ? e.origin.slice(0, 57) + '…' : e.origin, documentation: scopeDoc(e),
    insertText: e.call ? `${e.name}()` : e.name, snippet: false, replace,
  }));
}

/** The action primitive's documentation: what it does and its parameters. */
export function describePrimitive(name: string): string {
  const info = primitiveInfos().get(name);
  if (!info) return '';
  const required = new Set(info.params.required ?? []);
  const params = Object.entries(info.params.properties ?? {}).map(([k, p]) => {
    const values = p.enum ? ` One of: ${p.enum.map((v) => '`' + String(v) + '`').join(', ')}.` : '';
    return `- \`${k}\`${required.has(k) ? ' (required)' : ''}: ${p.description ?? ''}${values}`;
  });
  return `**${name}** — ${info.description}\n\nParameters (string values are templates):\n${params.join('\n')}`;
}

/** The completions at `offset` of a skill.yaml or *.chain.yaml text. */
export function completionsAt(text: string, offset: number, kind: ManifestKind, options: CompletionOptions = {}): CompletionEntry[] {
  const ctx = cursorContext(text, offset, kind);
  const trigger = options.triggerCharacter;
  switch (ctx.kind) {
    case 'key':
      // A space indents or follows "- "; only the latter asks for something (a list item's keys).
      if (trigger && !(trigger === ' ' && ctx.newItem)) return [];
      return keyCompletions(kind, ctx);
    case 'value':
      if (trigger && trigger !== ' ' && trigger !== ':') return [];
      return valueCompletions(kind, ctx, options);
    case 'template':
      // "{" opens a list only once the second one makes it a template; a space only right after the braces.
      if (trigger === ' ' && !/^[ ]*$/.test(ctx.before) && !ctx.before.endsWith('| ') && !ctx.before.endsWith(' is ') && !ctx.before.endsWith(' not ')) return [];
      return templateCompletions(ctx, text);
    default:
      return [];
  }
}
