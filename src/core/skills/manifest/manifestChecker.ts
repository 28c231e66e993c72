// The checker both kinds of manifest share: the parsed YAML with its locations, the compiled
// schemas, and the problem list with the template and variable checks run over it.

import Ajv, { type ValidateFunction } from 'ajv';
import skillSchema from '../../../../schemas/skill.schema.json';
import chainSchema from '../../../../schemas/chain.schema.json';
import { problem, sortProblems, toPointer, type ManifestProblem, type SourceRange } from './problems';
import { schemaProblems } from './schemaErrors';
import { templateNames } from './templateRefs';
import { unknownVariables, type TemplateScope } from './templateVariables';
import { YamlLocations, type ScalarSite } from './yamlLocations';
import { linearRegExpEngine } from '../../runtime/linearRegExp';

/** A template string in a manifest, with what a template checker needs to place its problems. */
export interface TemplateSite extends ScalarSite {
  file: string;
  /** 'template' for text with {{ }} / {% %}; 'expression' for a when: condition (no braces). */
  kind: 'template' | 'expression';
  /** A problem at text.slice(start, end). */
  problem(start: number, end: number, message: string, code: string, severity?: 'error' | 'warning'): ManifestProblem;
}

/**
 * Checks one template. `fileLine`/`fileColumn` are where the template's first character is
 * (for a block scalar `|`, on its first content line); `site` maps any offset in the text to
 * the file.
 */
export type CheckTemplate = (templateText: string, fileLine: number, fileColumn: number, site: TemplateSite) => ManifestProblem[];

/** Names a template already gives a meaning; an alias or output_as with one of them would hide it. */
export const RESERVED = new Set(['input', 'out', 'now', 'parts', 'loop', 'none', 'true', 'false', 'and', 'or', 'not', 'is', 'in', 'if', 'else', 'for']);
export const BLANKS = new Set([' ', '\t', '\n', '\r']);
export const SNAKE = /^[a-z][a-z0-9_]*$/;

export let validators: { skill: ValidateFunction; chain: ValidateFunction } | undefined;

export function compiled(): { skill: ValidateFunction; chain: ValidateFunction } {
  if (!validators) {
    // The schemas are ours and checked by a unit test, so compiling skips the meta-schema pass.
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true, validateSchema: false, logger: false, code: { optimize: false, regExp: linearRegExpEngine } });
    // "Exactly one primitive" is checked in code (checkPrimitives): the schema's oneOf says it
    // for other YAML tools, but costs 15 errors per action item that would all be thrown away.
    const runtimeSkill = structuredClone(skillSchema) as { definitions: { action: { oneOf?: unknown } } };
    delete runtimeSkill.definitions.action.oneOf;
    validators = { skill: ajv.compile(runtimeSkill), chain: ajv.compile(chainSchema) };
  }
  return validators;
}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Everything both kinds of manifest share: the parsed text, the file, and the problem list. */
export class Checker {
  readonly problems: ManifestProblem[] = [];
  readonly loc: YamlLocations;

  constructor(text: string, readonly file: string, parsed?: YamlLocations) {
    this.loc = parsed && parsed.text === text ? parsed : new YamlLocations(text);
    for (const p of this.loc.syntaxProblems) {
      this.problems.push(problem(file, p.range, p.message, p.severity === 'error' ? 'yaml-syntax' : 'yaml-warning', '', { severity: p.severity, data: p.data }));
    }
  }

  add(range: SourceRange, message: string, code: ManifestProblem['code'], path: string, extra: Parameters<typeof problem>[5] = {}): void {
    this.problems.push(problem(this.file, range, message, code, path, extra));
  }

  /** The data when it is a mapping; otherwise records why not and returns undefined. */
  mapping(kind: string, needs: string): Record<string, unknown> | undefined {
    if (!this.loc.ok) return undefined;
    const data = this.loc.data;
    if (data === null || data === undefined) {
      this.add({ line: 1, column: 1, endLine: 1, endColumn: 1 }, `this file is empty; a ${kind} needs at least ${needs}`, 'not-a-mapping', '', { data: { missing: needs.split(/, | and /), reason: 'empty' } });
      return undefined;
    }
    if (!isObject(data)) {
      this.add(this.loc.valueRange(''), `a ${kind} file is a mapping of keys such as "name: …"; found ${Array.isArray(data) ? 'a list' : 'a single value'}`, 'not-a-mapping', '', { data: { reason: Array.isArray(data) ? 'list' : 'value' } });
      return undefined;
    }
    return data;
  }

  schema(validate: ValidateFunction, data: unknown, rootSchema: unknown, whole: string): void {
    if (validate(data)) return;
    this.problems.push(...schemaProblems(validate.errors ?? [], { file: this.file, locations: this.loc, rootSchema, whole, data }));
  }

  /** Runs an injected check; a check that throws is reported, never allowed to stop the others. */
  guard(what: string, path: string, run: () => ManifestProblem[]): void {
    try {
      this.problems.push(...run());
    } catch (err) {
      this.add(this.loc.keyRange(path), `the ${what} check failed on this part (${(err as Error).message}); the rest was checked`, 'check-failed', path, { severity: 'warning', data: { found: what, detail: (err as Error).message } });
    }
  }

  private readonly sites = new Map<string, TemplateSite | undefined>();

  /** The template at a pointer, built once (the alias, variable and template checks all read it). */
  templateSite(pointer: string, kind: TemplateSite['kind']): TemplateSite | undefined {
    const key = `${kind}:${pointer}`;
    if (!this.sites.has(key)) this.sites.set(key, this.buildTemplateSite(pointer, kind));
    return this.sites.get(key);
  }

  private buildTemplateSite(pointer: string, kind: TemplateSite['kind']): TemplateSite | undefined {
    const s = this.loc.scalarSite(pointer);
    if (!s) return undefined;
    const file = this.file;
    return Object.assign(s, {
      file,
      kind,
      problem: (start: number, end: number, message: string, code: string, severity: 'error' | 'warning' = 'error') => problem(file, s.range(start, end), message, code, pointer, { severity }),
    });
  }

  /** Every string inside a value, as pointers (document order). */
  stringPointers(value: unknown, pointer: string, out: string[] = []): string[] {
    if (typeof value === 'string') out.push(pointer);
    else if (Array.isArray(value)) value.forEach((v, i) => this.stringPointers(v, `${pointer}/${i}`, out));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) this.stringPointers(v, pointer + toPointer([k]), out);
    return out;
  }

  /**
   * Names defined by `as` / `output_as`, in order: duplicates and reserved names are problems;
   * a use of a name in the same or an earlier entry is one too.
   */
  namesInOrder(entries: Array<{ name?: unknown; namePointer: string; uses: Array<{ pointer: string; kind: TemplateSite['kind'] }>; label: string }>, key: string, noun: string): void {
    const defined = new Map<string, { index: number; line: number; label: string }>();
    entries.forEach((e, index) => {
      if (typeof e.name !== 'string' || !SNAKE.test(e.name)) return;
      const range = this.loc.valueRange(e.namePointer);
      if (RESERVED.has(e.name)) {
        this.add(range, `\`${key}: ${e.name}\` would hide the template name \`${e.name}\`; choose another name`, 'alias-reserved', e.namePointer, { data: { found: e.name, expected: key } });
        return;
      }
      const first = defined.get(e.name);
      if (first) {
        this.add(range, `\`${e.name}\` is already defined by \`${key}\` on ${first.label} (line ${first.line}); choose another name`, 'alias-duplicate', e.namePointer, { data: { found: e.name, expected: key, line: first.line, index: first.index + 1 } });
        return;
      }
      defined.set(e.name, { index, line: range.line, label: e.label });
    });
    entries.forEach((e, index) => {
      for (const use of e.uses) {
        const site = this.templateSite(use.pointer, use.kind);
        if (!site) continue;
        for (const n of templateNames(site.text, use.kind)) {
          const d = defined.get(n.name);
          if (!d || d.index < index) continue;
          const message = d.index === index
            ? `\`${n.name}\` is this ${noun}'s own \`${key}\`; its result exists only after it ran, so use it in a later ${noun}`
            : `\`${n.name}\` is used before it is defined: \`${key}: ${n.name}\` is on ${d.label} (line ${d.line}); move this ${noun} after that one`;
          this.add(site.range(n.start, n.end), message, 'alias-before-definition', use.pointer, { data: { found: n.name, expected: key, reason: d.index === index ? 'own' : 'later', line: d.line, index: d.index + 1 } });
        }
      }
    });
  }

  runTemplates(pointers: Array<{ pointer: string; kind: TemplateSite['kind'] }>, check: CheckTemplate | undefined): void {
    if (!check) return;
    const sites = pointers.flatMap(({ pointer, kind }) => this.templateSite(pointer, kind) ?? []);
    // In file order, whatever order the keys were visited in.
    sites.sort((a, b) => a.start.line - b.start.line || a.start.column - b.start.column);
    for (const site of sites) {
      // "Found the end of the template" is placed after the last character, which is past the
      // value (often on the next line): such a problem is shown on the template's last word, or,
      // for a `when:` condition, on the whole condition, which is what does not parse.
      const text = site.text;
      let last = text.length;
      while (last > 0 && BLANKS.has(text[last - 1])) last--;
      let first = 0;
      while (first < last && BLANKS.has(text[first])) first++;
      const placed: TemplateSite = {
        ...site,
        problem: (start: number, end: number, message: string, code: string, severity: 'error' | 'warning' = 'error') => {
          const isWhen = site.kind === 'expression' && code === 'template-syntax';
          if (start >= last && last > 0) {
            if (isWhen) [start, end] = [first, last];
            else {
              let wordStart = last;
              while (wordStart > first && !BLANKS.has(text[wordStart - 1])) wordStart--;
              [start, end] = [wordStart, last];
            }
          }
          end = Math.min(Math.max(end, start + 1), Math.max(last, start + 1));
          const p = isWhen
            ? site.problem(start, end, `this \`when:\` condition does not parse: ${message}`, 'when-syntax', severity)
            : site.problem(start, end, message, code, severity);
          // The engine's own words, for a message in another language.
          if (isWhen || code === 'template-syntax') p.data = { ...p.data, detail: message };
          return p;
        },
      };
      this.guard('template', site.path, () => check(text, site.start.line, site.start.column, placed));
    }
  }

  /** Variables the templates read that their place does not provide (see templateVariables.ts). */
  checkVariables(uses: ReadonlyArray<{ pointer: string; kind: TemplateSite['kind']; scope: TemplateScope }>): void {
    for (const use of uses) {
      const site = this.templateSite(use.pointer, use.kind);
      if (!site) continue;
      this.guard('template variables', use.pointer, () =>
        unknownVariables(site.text, use.kind, use.scope).map((v) => problem(this.file, site.range(v.start, v.end), v.message, v.code, use.pointer, { severity: v.severity, data: v.data })));
    }
  }

  result(): ManifestProblem[] {
    // The same message at the same range once. Keyed by the range, messages compared only there:
    // a message naming many skills (keyword-overlap) is not copied into a key for each problem.
    const seen = new Map<string, string[]>();
    return sortProblems(this.problems).filter((p) => {
      const k = `${p.line}:${p.column}:${p.endLine}:${p.endColumn}`;
      const here = seen.get(k);
      if (!here) seen.set(k, [p.message]);
      else if (here.includes(p.message)) return false;
      else here.push(p.message);
      return true;
    });
  }
}
