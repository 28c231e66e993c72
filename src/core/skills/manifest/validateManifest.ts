// Checks one skill.yaml or *.chain.yaml text: YAML syntax, then the published JSON Schema, then
// what a schema cannot say (name and folder, output_schema as a schema, aliases, what a skill
// without a script must have), then the checks other modules inject (action parameters,
// templates). Every problem carries the range it is about; the editor shows them as they are.

import type { ErrorObject } from 'ajv';
import skillSchema from '../../../../schemas/skill.schema.json';
import chainSchema from '../../../../schemas/chain.schema.json';
import { missingDescriptionParts, vagueDescriptionReason } from './descriptionLint';
import { checkOutputSchema } from './outputSchema';
import { andList, closest, noErrors, problem, toPointer, type DescriptionPart, type ManifestProblem, type ManifestProblemCode, type SourceRange } from './problems';
import { schemaProblems } from './schemaErrors';
import { sharingCompiles } from '../../runtime/template';
import { KeywordIndex, type KeywordOwner } from './keywordIndex';
import { fields, OPEN, type TemplateScope, type VariableShape } from './templateVariables';
import { type ActionPrimitive, type ChainManifest, type SkillManifest } from './types';
import { interviewWhenIsTime, legacyEdits, specActionParams, specForm } from './specForm';
import { LEGACY_PARAMS } from '../actions/legacyParams';
import { YamlLocations } from './yamlLocations';
import { Checker, compiled, isObject, RESERVED, SNAKE, type CheckTemplate, type TemplateSite } from './manifestChecker';

export type { CheckTemplate, TemplateSite } from './manifestChecker';
import { isWholeExpression, paramsOf, aliasOf, conditionPointer, checkPrimitives } from './actionItems';



/** The parameters of one action, with helpers that place problems inside them. */
export interface ActionParamsSite {
  file: string;
  /** JSON pointer of the parameters mapping, e.g. /actions/2/upsert_company. */
  path: string;
  /** Index of the action in `actions` (0-based). */
  index: number;
  /** Range of the key at a pointer relative to the parameters ('' is the primitive's key). */
  keyRange(relativePointer?: string): SourceRange;
  /** Range of the value at a pointer relative to the parameters. */
  valueRange(relativePointer?: string): SourceRange;
  /** A problem at a key ('key', for missing and unknown keys) or value ('value', the default). */
  problem(relativePointer: string, message: string, code: string, options?: { target?: 'key' | 'value'; severity?: 'error' | 'warning' }): ManifestProblem;
  /** Problems from the errors of an ajv validator (allErrors; verbose gives the best wording) run on these parameters. */
  fromAjvErrors(errors: readonly ErrorObject[], schema: unknown): ManifestProblem[];
}

/** Checks the parameters of one action against the primitive's own schema. */
export type CheckActionParams = (primitive: ActionPrimitive, params: Record<string, unknown>, at: ActionParamsSite) => ManifestProblem[];

/** Options of validateSkillManifest. */
export interface SkillValidationOptions {
  /** Name of the folder holding skill.yaml; `name` must equal it. */
  folderName?: string;
  /**
   * Names of the files beside skill.yaml, when known (the loader lists them): a skill is
   * scripted when it declares `script` or run.ts is there, and a declared script must exist.
   * Without it, only a declared `script` makes a skill scripted.
   */
  folderFiles?: Iterable<string>;
  checkActionParams?: CheckActionParams;
  checkTemplate?: CheckTemplate;
  /**
   * The other skills routing chooses among (the loader passes them): a keyword this skill shares
   * with one of them is a warning naming it.
   */
  otherSkills?: ReadonlyArray<{ name: string; file: string; keywords: readonly string[] }>;
  /**
   * The other skills' keywords already indexed, for a caller that validates many skills at once
   * (the loader): used instead of `otherSkills`, with `accept` choosing which owners count.
   */
  keywordIndex?: { index: KeywordIndex; accept?: (owner: KeywordOwner) => boolean };
  /** The text already parsed (the loader parses it once to learn the name and keywords first). */
  locations?: YamlLocations;
}

/** Options of validateChainManifest. */
export interface ChainValidationOptions {
  /** When given, a step naming a skill outside this list is an error. */
  knownSkillNames?: Iterable<string>;
  checkTemplate?: CheckTemplate;
}

/** The outcome of checking a skill.yaml: the manifest when there is no error, and every problem. */
export interface SkillValidation {
  manifest?: SkillManifest;
  problems: ManifestProblem[];
  /** The script file name the skill runs with (declared, or run.ts found beside it), if any. */
  script?: string;
}

/** The outcome of checking a *.chain.yaml. */
export interface ChainValidation {
  manifest?: ChainManifest;
  problems: ManifestProblem[];
}


const MANIFEST_ONLY = ['prompt', 'output_schema', 'actions'] as const;

/** What each place of a skill's templates can read, as runManifestSkill.ts builds its context. */
function skillVariableUses(
  data: Record<string, unknown>,
  templates: ReadonlyArray<{ pointer: string; kind: TemplateSite['kind'] }>,
  outputSchemaOk: boolean,
): Array<{ pointer: string; kind: TemplateSite['kind']; scope: TemplateScope }> {
  const actions = Array.isArray(data.actions) ? data.actions : [];
  const aliases = [...new Set(actions.flatMap((a) => {
    const name = isObject(a) ? aliasOf(a) : undefined;
    return typeof name === 'string' && SNAKE.test(name) && !RESERVED.has(name) ? [name] : [];
  }))];
  // A broken output_schema is reported as such; reading out.* against it would only add noise.
  const out: VariableShape = outputSchemaOk && isObject(data.output_schema) ? { kind: 'schema', schema: data.output_schema } : OPEN;
  // The spec's SkillInput, plus source and json; url and kind are the old names (warned about as legacy-form).
  const input = (inPrompt: boolean) => fields(
    {
      text: OPEN, link: OPEN, transcript: OPEN, attachments: OPEN, source_kind: OPEN, hints: OPEN, requested_skill: OPEN,
      source: OPEN, json: OPEN, url: OPEN, kind: OPEN, ...(inPrompt ? { full_text: OPEN } : {}),
    },
    inPrompt ? undefined : { full_text: '`input.full_text` exists only in prompts (where `input.text` is one chunk of a long input); here `input.text` is already the whole input' },
  );
  const chunk = fields({ index: OPEN, count: OPEN, text: OPEN });
  const absent = (where: string, also: Record<string, string>) => {
    const m = new Map<string, string>(Object.entries(also));
    for (const a of aliases) m.set(a, `\`${a}\` is an action's \`as:\`; it exists only in the actions after that one, not in ${where}`);
    return m;
  };
  const noChunk = '`chunk` exists only in prompt.system and prompt.user, which run once per chunk of a long input';
  const noParts = '`parts` (the outputs of the chunks) exists only in chunking.reduce';
  const prompt: TemplateScope = {
    where: 'a prompt',
    names: new Map<string, VariableShape>([['input', input(true)], ['chunk', chunk], ['now', OPEN]]),
    absent: absent('a prompt', { out: '`out` (the model\'s output) does not exist yet in a prompt, which is what asks for it; use out in actions or in chunking.reduce', parts: noParts }),
  };
  const reduce: TemplateScope = {
    where: 'chunking.reduce',
    names: new Map<string, VariableShape>([['input', input(false)], ['now', OPEN], ['parts', OPEN], ['out', out]]),
    absent: absent('chunking.reduce', { chunk: `${noChunk}; chunking.reduce sees all of them as \`parts\`` }),
  };
  const offline: TemplateScope = {
    where: 'an offline template',
    names: new Map<string, VariableShape>([['input', input(false)], ['now', OPEN]]),
    absent: absent('an offline template', { out: '`out` does not exist in offline templates: they make the output; read from `input` instead', chunk: noChunk, parts: noParts }),
  };
  const action: TemplateScope = {
    where: 'an action',
    // Every alias counts here; one used before its `as:` is reported as alias-before-definition.
    names: new Map<string, VariableShape>([['input', input(false)], ['now', OPEN], ['out', out], ...aliases.map((a) => [a, OPEN] as const)]),
    absent: new Map([['chunk', noChunk], ['parts', noParts]]),
  };
  return templates.map((t) => ({
    ...t,
    scope: t.pointer.startsWith('/prompt/reduce/') || t.pointer.startsWith('/chunking/reduce/') ? reduce : t.pointer.startsWith('/prompt/') ? prompt : t.pointer.startsWith('/offline') ? offline : action,
  }));
}

/** What the description lacks, one warning per part, on the description's value. */
function lintDescription(c: Checker, description: string): void {
  const advice: Record<DescriptionPart, [ManifestProblemCode, string]> = {
    what: ['description-missing-what', 'start it with what the skill does, a verb and its object (e.g. "Extracts a job posting into a company and a position.")'],
    when: ['description-missing-when', 'add when to use it (e.g. "Use it when the input is one job posting.")'],
    'not-for': ['description-missing-not-for', 'add when not to use it, naming the inputs that belong elsewhere (e.g. "Not for interview notes.")'],
  };
  const names: Record<DescriptionPart, string> = { what: 'what the skill does', when: 'when to use it', 'not-for': 'when not to use it' };
  for (const part of missingDescriptionParts(description)) {
    const [code, fix] = advice[part];
    c.add(c.loc.valueRange('/description'), `the description does not say ${names[part]}, and models choose a skill by its description; ${fix}`, code, '/description', { severity: 'warning', data: { part, missing: [part] } });
  }
}

/** Properties of output_schema without a description, or with one that tells the model nothing. */
function lintPropertyDescriptions(c: Checker, schema: Record<string, unknown>, pointer: string, depth = 0): void {
  if (depth > 8) return;
  const props = schema.properties;
  if (isObject(props)) {
    for (const [name, sub] of Object.entries(props)) {
      if (!isObject(sub)) continue;
      const at = `${pointer}/properties${toPointer([name])}`;
      if (sub.description === undefined) {
        // A $ref carries the description of what it points to.
        if (sub.$ref === undefined) c.add(c.loc.keyRange(at), `\`${name}\` in output_schema has no description; the model fills it from the description, so say what belongs there (add \`description:\`)`, 'output-property-no-description', at, { severity: 'warning', data: { found: name } });
      } else if (typeof sub.description === 'string') {
        const why = vagueDescriptionReason(name, sub.description);
        if (why) c.add(c.loc.valueRange(`${at}/description`), `the description of \`${name}\` is too vague to guide the model (${why}); say what belongs there and in what form (e.g. "The hiring company's name as the posting writes it")`, 'output-property-vague-description', `${at}/description`, { severity: 'warning', data: { found: sub.description } });
      }
      lintPropertyDescriptions(c, sub, at, depth + 1);
    }
  }
  if (isObject(schema.items)) lintPropertyDescriptions(c, schema.items, `${pointer}/items`, depth + 1);
}

/** How many of the skills sharing a keyword its warning names. */
const NAMED_OVERLAPS = 3;

/** Keywords this skill shares with another skill: an input with one matches both. */
function checkKeywordOverlap(c: Checker, data: Record<string, unknown>, overlap: { index: KeywordIndex; accept?: (o: KeywordOwner) => boolean }): void {
  const match = data.match;
  if (!isObject(match) || !Array.isArray(match.keywords)) return;
  const own = typeof data.name === 'string' ? data.name : undefined;
  // The same skill, or a copy with its name (reported as a duplicate), is not a competitor.
  const accept = (o: KeywordOwner) => o.file !== c.file && o.name !== own && (!overlap.accept || overlap.accept(o));
  match.keywords.forEach((k, i) => {
    if (typeof k !== 'string') return;
    const related = overlap.index.owners(k, accept);
    if (!related.length) return;
    // A few are named; a keyword shared by dozens of skills is said once with their number (data.related has all).
    const shown = related.slice(0, NAMED_OVERLAPS).map((r) => `"${r.name}" (${r.file})`);
    const named = andList(related.length > NAMED_OVERLAPS ? [...shown, `${related.length - NAMED_OVERLAPS} other skills`] : shown);
    c.add(c.loc.valueRange(`/match/keywords/${i}`), `the keyword "${k}" is also a keyword of ${related.length > 1 ? 'the skills' : 'the skill'} ${named}, so an input with it matches both and routing cannot choose by it; use a keyword only this skill's inputs have, or remove it from one of them`, 'keyword-overlap', `/match/keywords/${i}`, { severity: 'warning', data: { found: k, related } });
  });
}

/**
 * Checks a skill.yaml text. The manifest is returned only when there is no error (warnings are
 * fine); problems are in file order. Never throws.
 */
export function validateSkillManifest(text: string, file: string, options: SkillValidationOptions = {}): SkillValidation {
  // The variable check and the syntax check read the same templates: each is compiled once.
  return sharingCompiles(() => checkSkill(text, file, options));
}

function checkSkill(text: string, file: string, options: SkillValidationOptions): SkillValidation {
  const c = new Checker(text, file, options.locations);
  const data = c.mapping('skill', 'name, version and description');
  if (!data) return { problems: c.result() };
  c.schema(compiled().skill, data, skillSchema, 'this skill');

  // name = folder name
  if (options.folderName !== undefined && typeof data.name === 'string' && SNAKE.test(data.name) && data.name !== options.folderName) {
    const folderOk = SNAKE.test(options.folderName);
    c.add(c.loc.valueRange('/name'), `\`name\` is "${data.name}" but the folder is "${options.folderName}"; ${folderOk ? `change name to "${options.folderName}" or rename the folder` : `rename the folder to "${data.name}" (a folder name that is not snake_case cannot be a skill name)`}`, 'name-folder-mismatch', '/name', { data: { found: data.name, expected: options.folderName } });
  }

  // Scripted or manifest-only.
  const files = options.folderFiles ? new Set(options.folderFiles) : undefined;
  let script: string | undefined;
  if (typeof data.script === 'string') {
    if (files && !files.has(data.script)) {
      c.add(c.loc.valueRange('/script'), `\`script\` names "${data.script}", but there is no such file beside skill.yaml; create it or correct the name`, 'script-missing', '/script', { data: { found: data.script } });
    } else script = data.script;
  } else if (data.script === undefined && files?.has('run.ts')) {
    script = 'run.ts';
  }
  if (data.script === undefined && !script) {
    const missing = MANIFEST_ONLY.filter((k) => data[k] === undefined);
    if (missing.length) {
      c.add(c.loc.keyRange(''), `a skill without a script needs ${andList(missing.map((k) => '`' + k + '`'))}; add ${missing.length > 1 ? 'them' : 'it'}, or put a run.ts script beside skill.yaml`, 'manifest-only-required', '', { data: { missing: [...missing] } });
    }
  }

  let outputSchemaOk = false;
  if (isObject(data.output_schema)) {
    const found = checkOutputSchema(data.output_schema, '/output_schema', file, c.loc);
    c.problems.push(...found);
    outputSchemaOk = noErrors(found);
    if (outputSchemaOk) lintPropertyDescriptions(c, data.output_schema, '/output_schema');
  }
  if (typeof data.description === 'string' && data.description.trim()) lintDescription(c, data.description);
  if (options.keywordIndex) checkKeywordOverlap(c, data, options.keywordIndex);
  else if (options.otherSkills) checkKeywordOverlap(c, data, { index: new KeywordIndex(options.otherSkills) });

  const chunking = data.chunking;
  if (isObject(chunking) && Number.isInteger(chunking.overlap_chars)) {
    const max = Number.isInteger(chunking.max_chars) ? (chunking.max_chars as number) : 4000;
    if ((chunking.overlap_chars as number) >= max) {
      c.add(c.loc.valueRange('/chunking/overlap_chars'), `\`overlap_chars\` (${String(chunking.overlap_chars)}) must be smaller than max_chars (${max}${chunking.max_chars === undefined ? ', the default' : ''}); lower it`, 'chunking-overlap', '/chunking/overlap_chars', { data: { found: chunking.overlap_chars, limit: max, ...(chunking.max_chars === undefined ? { reason: 'default-max' } : {}) } });
    }
  }

  if (Array.isArray(data.tests)) {
    const names = new Map<string, number>();
    data.tests.forEach((t, i) => {
      if (!isObject(t) || typeof t.name !== 'string') return;
      const first = names.get(t.name);
      if (first !== undefined) c.add(c.loc.valueRange(`/tests/${i}/name`), `test name "${t.name}" is already used by test ${first + 1}; give each test its own name`, 'test-name-duplicate', `/tests/${i}/name`, { data: { found: t.name, index: first + 1 } });
      else names.set(t.name, i);
    });
  }

  // Actions: one primitive each, aliases in order, then the injected parameter checks.
  const actions = Array.isArray(data.actions) ? data.actions : [];
  checkPrimitives(c, actions);
  const templates: Array<{ pointer: string; kind: TemplateSite['kind'] }> = [];
  for (const p of ['/prompt/system', '/prompt/user', '/prompt/reduce/system', '/prompt/reduce/user', '/chunking/reduce/system', '/chunking/reduce/user']) templates.push({ pointer: p, kind: 'template' });
  if (isObject(data.offline)) for (const pointer of c.stringPointers(data.offline, '/offline')) templates.push({ pointer, kind: 'template' });
  const entries = actions.map((item, i) => {
    const uses: Array<{ pointer: string; kind: TemplateSite['kind'] }> = [];
    let namePointer = `/actions/${i}/as`;
    if (isObject(item)) {
      const p = paramsOf(item);
      const condition = conditionPointer(item, i);
      if (p) {
        const base = `/actions/${i}/${p.primitive}`;
        if (p.params.as !== undefined) namePointer = `${base}/as`;
        for (const pointer of c.stringPointers(p.params, base)) {
          if (pointer === `${base}/as` || pointer === condition?.pointer) continue;
          uses.push({ pointer, kind: 'template' });
        }
      }
      if (condition && typeof condition.value === 'string') {
        const braces = /\{\{|\{%/.test(condition.value);
        if (braces && !isWholeExpression(condition.value)) {
          c.add(c.loc.valueRange(condition.pointer), 'a `when:` condition is one expression: write it as one template, such as "{{ out.a and out.b }}", or without braces', 'when-syntax', condition.pointer, { data: { detail: 'not one {{ expression }}' } });
        } else uses.push({ pointer: condition.pointer, kind: braces ? 'template' : 'expression' });
      }
    }
    templates.push(...uses);
    return { name: isObject(item) ? aliasOf(item) : undefined, namePointer, uses, label: `action ${i + 1}` };
  });
  c.namesInOrder(entries, 'as', 'action');
  // A script renders its prompts itself (ctx.render(path, vars)) with variables of its choosing: only their syntax is checked.
  const byRuntime = script ? templates.filter((t) => !t.pointer.startsWith('/prompt/') && !t.pointer.startsWith('/chunking/reduce/')) : templates;
  c.checkVariables(skillVariableUses(data, byRuntime, outputSchemaOk));

  if (options.checkActionParams) {
    actions.forEach((item, index) => {
      if (!isObject(item)) return;
      const found = paramsOf(item);
      if (!found) return;
      const { primitive } = found;
      const path = `/actions/${index}/${primitive}`;
      // The primitive's own parameters, in the spec's names: `as` and `when` are the action's, and
      // an old name is checked as the name it now has (its problems shown at the old key).
      const { as: _as, when: _when, ...params } = specActionParams(primitive, found.params, {});
      if (found.params.when !== undefined && primitive === 'create_interview' && interviewWhenIsTime(found.params.when)) params.scheduled_at ??= found.params.when;
      const oldName = new Map<string, string>();
      for (const l of (Object.prototype.hasOwnProperty.call(LEGACY_PARAMS, primitive) ? LEGACY_PARAMS[primitive] : undefined) ?? []) if (found.params[l.from] !== undefined && found.params[l.to] === undefined) oldName.set(l.to, l.from);
      const written = (rel: string) => {
        const m = /^\/([^/]*)(.*)$/.exec(rel);
        return m && oldName.has(m[1]) ? `/${oldName.get(m[1])}${m[2]}` : rel;
      };
      const locations = Object.create(c.loc, {
        keyRange: { value: (p: string) => c.loc.keyRange(p.startsWith(path) ? path + written(p.slice(path.length)) : p) },
        valueRange: { value: (p: string) => c.loc.valueRange(p.startsWith(path) ? path + written(p.slice(path.length)) : p) },
        has: { value: (p: string) => c.loc.has(p.startsWith(path) ? path + written(p.slice(path.length)) : p) },
        nodeAt: { value: (p: string) => c.loc.nodeAt(p.startsWith(path) ? path + written(p.slice(path.length)) : p) },
      }) as YamlLocations;
      const site: ActionParamsSite = {
        file,
        path,
        index,
        keyRange: (rel = '') => c.loc.keyRange(path + written(rel)),
        valueRange: (rel = '') => c.loc.valueRange(path + written(rel)),
        problem: (rel, message, code, o = {}) => problem(file, o.target === 'key' ? c.loc.keyRange(path + written(rel)) : c.loc.valueRange(path + written(rel)), message, code, path + written(rel), { severity: o.severity }),
        fromAjvErrors: (errors, schema) => schemaProblems(errors, { file, locations, rootSchema: schema, basePointer: path, whole: '`' + primitive + '`', data: params }),
      };
      c.guard(`${primitive} parameters`, path, () => options.checkActionParams!(primitive, params, site));
    });
  }
  // The old form: a warning where it is written (it loads and runs as the spec's form).
  if (c.loc.ok) {
    for (const f of legacyEdits(text, c.loc.doc.contents).findings) {
      c.add(c.loc.range(f.start, f.end), f.message, 'legacy-form', f.pointer, { severity: 'warning', data: { reason: f.reason, found: f.found, expected: f.expected } });
    }
  }
  c.runTemplates(templates, options.checkTemplate);

  const problems = c.result();
  return noErrors(problems) ? { manifest: specForm(data) as unknown as SkillManifest, problems, script } : { problems, script };
}

/** Steps of a chain in the order they appear, on_error steps right after their step. */
function flattenSteps(steps: unknown, pointer: string, out: Array<{ step: Record<string, unknown>; pointer: string }> = []): Array<{ step: Record<string, unknown>; pointer: string }> {
  if (!Array.isArray(steps)) return out;
  steps.forEach((s, i) => {
    if (!isObject(s)) return;
    out.push({ step: s, pointer: `${pointer}/${i}` });
    flattenSteps(s.on_error, `${pointer}/${i}/on_error`, out);
  });
  return out;
}

/** Checks a *.chain.yaml text, like validateSkillManifest. */
export function validateChainManifest(text: string, file: string, options: ChainValidationOptions = {}): ChainValidation {
  return sharingCompiles(() => checkChain(text, file, options));
}

function checkChain(text: string, file: string, options: ChainValidationOptions): ChainValidation {
  const c = new Checker(text, file);
  const data = c.mapping('chain', 'name and steps');
  if (!data) return { problems: c.result() };
  c.schema(compiled().chain, data, chainSchema, 'this chain');

  const steps = flattenSteps(data.steps, '/steps');
  const known = options.knownSkillNames ? [...new Set(options.knownSkillNames)] : undefined;
  const knownSet = new Set(known);
  const templates: Array<{ pointer: string; kind: TemplateSite['kind'] }> = [];
  const entries = steps.map(({ step, pointer }) => {
    if (known && typeof step.skill === 'string' && !knownSet.has(step.skill)) {
      const guess = closest(step.skill, known);
      c.add(c.loc.valueRange(`${pointer}/skill`), `no skill is named "${step.skill}"; ${guess ? `did you mean "${guess}"?` : `the skills are: ${known.join(', ') || 'none'}`}`, 'chain-unknown-skill', `${pointer}/skill`, { data: { found: step.skill, allowed: known, suggestion: guess } });
    }
    const uses: Array<{ pointer: string; kind: TemplateSite['kind'] }> = [];
    if (isObject(step.args)) for (const p of c.stringPointers(step.args, `${pointer}/args`)) uses.push({ pointer: p, kind: 'template' });
    if (typeof step.when === 'string') uses.push({ pointer: `${pointer}/when`, kind: 'expression' });
    templates.push(...uses);
    const top = /^\/steps\/(\d+)$/.exec(pointer);
    return { name: step.output_as, namePointer: `${pointer}/output_as`, uses, label: top ? `step ${Number(top[1]) + 1}` : 'an on_error step' };
  });
  c.namesInOrder(entries, 'output_as', 'step');
  const outputs = new Map<string, VariableShape>(entries.flatMap((e) => (typeof e.name === 'string' && SNAKE.test(e.name) && !RESERVED.has(e.name) ? [[e.name, OPEN] as const] : [])));
  const scope: TemplateScope = { where: 'a chain step', names: new Map<string, VariableShape>([['input', fields({ text: OPEN, source: OPEN, url: OPEN })], ['now', OPEN], ...outputs]) };
  c.checkVariables(templates.map((t) => ({ ...t, scope })));
  c.runTemplates(templates, options.checkTemplate);

  const problems = c.result();
  return noErrors(problems) ? { manifest: data as unknown as ChainManifest, problems } : { problems };
}
