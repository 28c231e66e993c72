/**
 * Regular expressions from skill files and model replies (output_schema `pattern`,
 * `patternProperties`) matched by a linear-time engine instead of JavaScript's backtracking one.
 *
 * A syntactic guard cannot be complete: `^(a+){25}$`, `^(.*a){12}$` or eight `\d*` before an `x`
 * each passed the old one and backtracked for seconds on 30 characters. RE2's automaton (here
 * re2js, a pure-JavaScript port, so nothing native has to be built per platform for the .vsix)
 * takes time proportional to pattern size × text length whatever the pattern is, so no pattern
 * can hang the extension host. Backreferences and lookarounds, which no linear-time engine can
 * run, are refused with a message that says so.
 *
 * JSON Schema patterns are ECMAScript; the few places where RE2's syntax reads differently are
 * rewritten (`\uXXXX`, `\u{X}`, `\s`, `.`), so a pattern means what its author wrote.
 */
import { RE2JS } from 're2js';
import type { RegExpEngine } from 'ajv/dist/types';

/** Name of the engine every untrusted pattern runs in (tests check it is the one used). */
export const LINEAR_ENGINE = 're2js';

/** Longest pattern accepted: the automaton grows with the pattern. */
export const MAX_PATTERN_LENGTH = 1000;

/** ECMAScript's \s, as a class body RE2 reads. */
const JS_SPACE = String.raw`\t\n\x{b}\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`;

/** A compiled pattern: ajv calls `test`, and keys its cache by `toString()`. */
export class LinearPattern {
  readonly engine = LINEAR_ENGINE;
  private readonly re: RE2JS;

  constructor(readonly source: string, readonly flags: string) {
    this.re = RE2JS.compile(toRe2Syntax(source), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  }

  /** Whether the pattern matches somewhere in `text` (as RegExp.prototype.test without `g`). */
  test(text: string): boolean {
    return this.re.matcher(text).find();
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * `pattern` compiled by the linear engine. A pattern it cannot run throws an error worded as
 * V8's ("Invalid regular expression: /P/u: reason"), so callers that report invalid patterns
 * report these the same way.
 */
export function compileLinear(pattern: string, flags = ''): LinearPattern {
  const why = linearPatternProblem(pattern);
  if (why) throw new SyntaxError(`Invalid regular expression: /${pattern}/${flags}: ${why}`);
  return new LinearPattern(pattern, flags);
}

/** Why `pattern` cannot be matched in linear time (too long, a backreference, a lookaround, invalid), or undefined. */
export function linearPatternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `it is longer than ${MAX_PATTERN_LENGTH.toLocaleString('en-US')} characters`;
  const construct = unsupportedConstruct(pattern);
  if (construct) return `${construct} cannot be matched in linear time and is not supported; write the pattern without it`;
  try {
    RE2JS.compile(toRe2Syntax(pattern));
    return undefined;
  } catch (err) {
    return (err as Error).message.replace(/^error parsing regexp: /, '');
  }
}

/** The engine for ajv's `code.regExp` option: every `pattern` and `patternProperties` key of a schema runs in it. */
export const linearRegExpEngine: RegExpEngine = Object.assign((pattern: string, u: string) => compileLinear(pattern, u), { code: 'linearRegExp' });

/** A construct of ECMAScript patterns that RE2 lacks, named for the error, or undefined. */
function unsupportedConstruct(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && ((next >= '1' && next <= '9') || (next === 'k' && pattern[i + 2] === '<'))) return 'a backreference (\\1, \\k<name>)';
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && pattern[i + 1] === '?' && (pattern[i + 2] === '=' || pattern[i + 2] === '!' || (pattern[i + 2] === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!')))) {
      return 'a lookahead or lookbehind ((?=…), (?!…), (?<=…), (?<!…))';
    }
  }
  return undefined;
}

/** An ECMAScript pattern in RE2's syntax, where the two read the same characters differently. */
function toRe2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      const hex4 = pattern.slice(i + 2, i + 6);
      if (next === 'u' && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end > 0) {
          out += `\\x{${pattern.slice(i + 3, end)}}`;
          i = end;
          continue;
        }
      }
      if (next === 'u' && hex4.length === 4 && isHex(hex4)) {
        out += `\\x{${hex4}}`;
        i += 5;
        continue;
      }
      if (next === 's') {
        out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
        i++;
        continue;
      }
      if (next === 'S' && !inClass) {
        out += `[^${JS_SPACE}]`;
        i++;
        continue;
      }
      if (next === '/') {
        out += '/';
        i++;
        continue;
      }
      out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[' && pattern.startsWith('[]', i)) {
      // ECMAScript's empty class matches nothing, "[^]" anything; in RE2 "]" there is a member.
      out += String.raw`[^\x{0}-\x{10FFFF}]`;
      i++;
    } else if (c === '[' && pattern.startsWith('[^]', i)) {
      out += String.raw`[\x{0}-\x{10FFFF}]`;
      i += 2;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A "]" right after "[" or "[^" is a member in RE2 too, but it must not end the class here.
      if (pattern[i + 1] === '^') {
        out += '^';
        i++;
      }
    } else if (c === '.') {
      out += String.raw`[^\n\r\x{2028}\x{2029}]`;
    } else {
      out += c;
    }
  }
  return out;
}

function isHex(s: string): boolean {
  for (const ch of s) if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))) return false;
  return true;
}
