// The loader's check of a skill script's `execute`: it must be exported, async, and take two
// parameters (ctx, inp). Done on the source's tokens (sucrase's parser, already the scripts'
// compiler), so it runs none of the workspace's code and works in an untrusted workspace too: a
// broken script is marked invalid, with the reason, before anyone trusts it. The worker checks
// the function itself again when the script runs (scriptWorker.ts), for what tokens cannot tell.

import * as path from 'node:path';
// The parser sucrase's transform uses (its types sit apart from the code); tokens only, no code evaluated.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse } = require('sucrase/dist/parser') as typeof import('sucrase/dist/types/parser');
import { FILE_START, problem } from './problems';
import type { ManifestProblem } from './problems';
import { readInsideSync } from '../../runtime/safeRead';

/** Largest script read for the check (a bigger one is not a hand-written skill script). */
const MAX_SCRIPT_BYTES = 1024 * 1024;

/** A token as the check reads it: its text, whether it is TypeScript type syntax, and its block depth. */
interface Tok {
  text: string;
  isType: boolean;
  depth: number;
}

/** Why a script's execute does not fit: a stable reason (for the Chinese message and the tests) and the English message. */
export interface SignatureProblem {
  reason: 'parse' | 'not-exported' | 'not-function' | 'generator' | 'not-async' | 'params';
  message: string;
  /** How many parameters it takes (reason params). */
  params?: number;
}

/** Why the source's `execute` does not fit the contract, or undefined when it does. */
export function executeSignatureProblem(source: string, scriptFile: string): SignatureProblem | undefined {
  let toks: Tok[];
  try {
    const file = parse(source, scriptFile.endsWith('x'), scriptFile.endsWith('.ts') || scriptFile.endsWith('.tsx'), false);
    toks = file.tokens.map((t) => ({ text: source.slice(t.start, t.end), isType: t.isType, depth: t.scopeDepth }));
  } catch (err) {
    return { reason: 'parse', message: `${scriptFile} does not parse: ${(err as Error).message}` };
  }
  // Only the code's own tokens: a type annotation's commas and parentheses are not parameters.
  const code = toks.filter((t) => !t.isType);
  const at = findExecute(code);
  if (!at) return { reason: 'not-exported', message: `${scriptFile} must export \`async function execute(ctx, inp)\`; it exports no execute` };
  const fn = functionAt(code, at.start);
  if (!fn) return { reason: 'not-function', message: `${scriptFile}: \`execute\` must be a function (\`export async function execute(ctx, inp)\`)` };
  if (fn.generator) return { reason: 'generator', message: `${scriptFile}: \`execute\` must be an async function, not a generator` };
  if (!fn.async) return { reason: 'not-async', message: `${scriptFile}: \`execute\` must be async (\`export async function execute(ctx, inp)\`): the runtime awaits what it returns` };
  if (fn.params !== 2) return { reason: 'params', params: fn.params, message: `${scriptFile}: \`execute\` takes ${fn.params} parameter${fn.params === 1 ? '' : 's'}; it must take two, (ctx, inp): the skill's context and its input` };
  return undefined;
}

/** Where the exported execute's value starts: `export async function execute`, `export const execute = …`, `export { execute }`, `exports.execute = …`. */
function findExecute(code: Tok[]): { start: number } | undefined {
  const top = (i: number) => code[i] && code[i].depth === 0;
  const locals = new Map<string, number>();
  let exportedAs: string | undefined;
  for (let i = 0; i < code.length; i++) {
    if (!top(i)) continue;
    const t = code[i].text;
    // function NAME / async function NAME at the top level
    if (t === 'function' && code[i + 1]?.text !== '(' ) {
      const name = code[i + 1]?.text === '*' ? code[i + 2]?.text : code[i + 1]?.text;
      const start = code[i - 1]?.text === 'async' ? i - 1 : i;
      if (name) locals.set(name, start);
    }
    // const|let|var NAME = …
    if ((t === 'const' || t === 'let' || t === 'var') && code[i + 2]?.text === '=') locals.set(code[i + 1].text, i + 3);
    // export { a, b as execute }
    if (t === 'export' && code[i + 1]?.text === '{') {
      for (let j = i + 2; j < code.length && code[j].text !== '}'; j++) {
        if (code[j].text === 'execute' && code[j - 1]?.text === 'as') exportedAs = code[j - 2].text;
        else if (code[j].text === 'execute' && code[j + 1]?.text !== 'as') exportedAs = 'execute';
      }
    }
    // exports.execute = … / module.exports.execute = …
    if (t === 'exports' && code[i + 1]?.text === '.' && code[i + 2]?.text === 'execute' && code[i + 3]?.text === '=') return { start: i + 4 };
  }
  for (let i = 0; i < code.length; i++) {
    if (!top(i) || code[i].text !== 'export') continue;
    const next = code[i + 1]?.text;
    // [async] function [*] execute
    let j = i + 1;
    if (code[j]?.text === 'async') j++;
    if (code[j]?.text === 'function') {
      j++;
      if (code[j]?.text === '*') j++;
      if (code[j]?.text === 'execute') return { start: i + 1 };
    }
    if ((next === 'const' || next === 'let' || next === 'var') && code[i + 2]?.text === 'execute' && code[i + 3]?.text === '=') return resolveName(code, i + 4, locals);
  }
  if (exportedAs && locals.has(exportedAs)) return resolveName(code, locals.get(exportedAs)!, locals);
  return undefined;
}

/** A value that is another top-level name (`export const execute = run`) is followed to its definition, once. */
function resolveName(code: Tok[], start: number, locals: Map<string, number>): { start: number } {
  const t = code[start];
  const end = code[start + 1]?.text;
  if (t && locals.has(t.text) && (end === ';' || end === undefined || code[start + 1].depth === 0 && end !== '=>' && end !== '(')) return { start: locals.get(t.text)! };
  return { start };
}

/** The function that starts at `i` (a declaration, a function expression or an arrow), or undefined. */
function functionAt(code: Tok[], i: number): { async: boolean; generator: boolean; params: number } | undefined {
  let async = false;
  if (code[i]?.text === 'async') {
    async = true;
    i++;
  }
  if (code[i]?.text === 'function') {
    i++;
    let generator = false;
    if (code[i]?.text === '*') {
      generator = true;
      i++;
    }
    if (code[i]?.text !== '(') i++; // its name
    const params = paramsAt(code, i);
    return params ? { async, generator, params: params.count } : undefined;
  }
  if (code[i]?.text === '(') {
    const params = paramsAt(code, i);
    if (!params || code[params.end + 1]?.text !== '=>') return undefined;
    return { async, generator: false, params: params.count };
  }
  // x => …
  if (code[i] && isIdentifier(code[i].text) && code[i + 1]?.text === '=>') return { async, generator: false, params: 1 };
  return undefined;
}

/** A plain identifier (a lone arrow parameter): letters, digits, _ and $, not starting with a digit. */
function isIdentifier(text: string): boolean {
  if (!text || (text[0] >= '0' && text[0] <= '9')) return false;
  for (const ch of text) if (!(ch === '_' || ch === '$' || (ch >= '0' && ch <= '9') || ch.toLowerCase() !== ch.toUpperCase() || (ch >= 'a' && ch <= 'z'))) return false;
  return true;
}

const OPENERS = new Set(['(', '[', '{', '${']);
const CLOSERS = new Set([')', ']', '}']);

/** The parameters in the parentheses opening at `i`: how many, and the index of the closing one. */
function paramsAt(code: Tok[], i: number): { count: number; end: number } | undefined {
  if (code[i]?.text !== '(') return undefined;
  let nesting = 0;
  let commas = 0;
  let any = false;
  let lastWasComma = false;
  for (let j = i; j < code.length; j++) {
    const t = code[j].text;
    if (OPENERS.has(t)) nesting++;
    else if (CLOSERS.has(t)) nesting--;
    if (nesting === 0) {
      // `this: T` in TypeScript declares the receiver's type, not a parameter; sucrase marks it as a type.
      const count = any ? commas + 1 - (lastWasComma ? 1 : 0) : 0;
      return { count, end: j };
    }
    if (j === i) continue;
    if (nesting === 1 && t === ',') {
      commas++;
      lastWasComma = true;
    } else {
      any = true;
      lastWasComma = false;
    }
  }
  return undefined;
}

/**
 * Marks a loaded skill invalid when its script's execute does not fit the contract (the loader's
 * hook: loadSkills.ts calls it for every skill with a script). Reads the script's text only.
 */
export function checkSkillScript(skill: { script?: string; valid: boolean; manifest?: unknown; problems: ManifestProblem[] }): void {
  if (!skill.script) return;
  const scriptFile = path.basename(skill.script);
  let source: string;
  try {
    // Inside the skill's folder, a regular file, under the cap (a link to /dev/zero is refused, not read).
    source = readInsideSync(path.dirname(skill.script), skill.script, { maxBytes: MAX_SCRIPT_BYTES, shown: scriptFile });
  } catch {
    return; // a missing or refused script is reported where it is loaded (script-missing, the run's own read)
  }
  const why = executeSignatureProblem(source, scriptFile);
  if (!why) return;
  skill.valid = false;
  delete skill.manifest;
  skill.problems.push(problem(skill.script, FILE_START, why.message, 'script-signature', '', { data: { found: scriptFile, reason: why.reason, ...(why.params !== undefined ? { limit: why.params } : {}), ...(why.reason === 'parse' ? { detail: why.message.slice(scriptFile.length + ' does not parse: '.length) } : {}) } }));
}
