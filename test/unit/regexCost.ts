/**
 * A model of a backtracking regular-expression engine that counts its steps, for tests that
 * prove patterns run in linear time without timing anything. V8's Irregexp works the same way:
 * it tries each start position, goes depth first, greedy quantifiers take as much as they can
 * and give back one character at a time, alternatives are tried in order, lookarounds are
 * atomic. So the number of steps here grows like V8's work does: a pattern that takes n^2
 * steps here backtracks n^2 times there. The model covers the syntax our patterns use (no
 * backreferences, no `u` or `s` flag, lookbehind of a fixed width) and throws on anything else;
 * `meterRegexSteps` also checks that it finds the same match as V8 on every call.
 */

type CharTest = (c: number) => boolean;

type Node =
  | { type: 'char'; test: CharTest; reps: string[] }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  | { type: 'look'; body: Node; behind: boolean; negate: boolean; width: number }
  | { type: 'repeat'; body: Node; min: number; max: number; greedy: boolean };

export class UnsupportedPattern extends Error {}
export class StepBudgetExceeded extends Error {}

const LINE_TERMINATORS = [10, 13, 0x2028, 0x2029];
const SPACE_RANGES: Array<[number, number]> = [[9, 13], [32, 32], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]];
const DIGIT_RANGES: Array<[number, number]> = [[48, 57]];
const WORD_RANGES: Array<[number, number]> = [[48, 57], [65, 90], [95, 95], [97, 122]];
const inRanges = (ranges: Array<[number, number]>, c: number) => ranges.some(([lo, hi]) => c >= lo && c <= hi);
const isWord = (c: number) => inRanges(WORD_RANGES, c);
const isLineTerminator = (c: number) => LINE_TERMINATORS.includes(c);

/** Characters tried as members of a set (for attack strings): the first of each range, and space / newline. */
const CANDIDATES = ' \n\ta0A?.,:-"\'<>[]{}()#*_/\\|x!';

function setNode(ranges: Array<[number, number]>, escapes: CharTest[], negate: boolean, ignoreCase: boolean): Node {
  const raw: CharTest = (c) => inRanges(ranges, c) || escapes.some((e) => e(c));
  const folded: CharTest = ignoreCase ? (c) => raw(c) || raw(fold(c, 'lower')) || raw(fold(c, 'upper')) : raw;
  const test: CharTest = negate ? (c) => !folded(c) : folded;
  const reps: string[] = [];
  const add = (ch: string) => { if (!reps.includes(ch) && test(ch.charCodeAt(0))) reps.push(ch); };
  if (!negate) for (const [lo] of ranges.slice(0, 3)) add(String.fromCharCode(lo));
  add(' ');
  add('\n');
  for (const ch of CANDIDATES) if (reps.length < 3) add(ch);
  if (reps.length === 0) for (let c = 0x4e00; c < 0x4e10 && reps.length === 0; c++) add(String.fromCharCode(c));
  return { type: 'char', test, reps };
}

function fold(c: number, to: 'lower' | 'upper'): number {
  const s = String.fromCharCode(c);
  const f = to === 'lower' ? s.toLowerCase() : s.toUpperCase();
  return f.length === 1 ? f.charCodeAt(0) : c;
}

/** Parses a JavaScript pattern (non-unicode mode) into the nodes above. */
export function parsePattern(source: string, flags: string): Node {
  if (flags.includes('u') || flags.includes('v') || flags.includes('s')) throw new UnsupportedPattern(`flag in /${source}/${flags}`);
  const ignoreCase = flags.includes('i');
  let i = 0;
  const peek = () => source[i];
  const fail = (what: string): never => { throw new UnsupportedPattern(`${what} at ${i} in /${source}/`); };

  const hex = (n: number) => {
    const h = source.slice(i, i + n);
    if (!/^[0-9a-fA-F]+$/.test(h) || h.length !== n) fail('bad escape');
    i += n;
    return parseInt(h, 16);
  };
  /** An escape after `\` (i points past it): a code point, or a set test. */
  const escape = (inClass: boolean): number | { ranges: Array<[number, number]>; negate: boolean } | 'b' | 'B' => {
    const c = source[i++];
    switch (c) {
      case 'd': return { ranges: DIGIT_RANGES, negate: false };
      case 'D': return { ranges: DIGIT_RANGES, negate: true };
      case 's': return { ranges: SPACE_RANGES, negate: false };
      case 'S': return { ranges: SPACE_RANGES, negate: true };
      case 'w': return { ranges: WORD_RANGES, negate: false };
      case 'W': return { ranges: WORD_RANGES, negate: true };
      case 'b': return inClass ? 8 : 'b';
      case 'B': return inClass ? fail('\\B in a class') : 'B';
      case 'n': return 10;
      case 'r': return 13;
      case 't': return 9;
      case 'f': return 12;
      case 'v': return 11;
      case '0': return 0;
      case 'u': return hex(4);
      case 'x': return hex(2);
      case 'c': return source.charCodeAt(i++) % 32;
      default:
        if (c === undefined) return fail('trailing backslash');
        if (/[1-9]/.test(c)) return fail('backreference');
        if (c === 'p' || c === 'P' || c === 'k') return fail('\\p or \\k');
        return c.charCodeAt(0);
    }
  };

  const parseClass = (): Node => {
    // i points past '['
    let negate = false;
    if (peek() === '^') { negate = true; i++; }
    const ranges: Array<[number, number]> = [];
    const escapes: CharTest[] = [];
    const atom = (): number | CharTest => {
      if (peek() === '\\') {
        i++;
        const e = escape(true);
        if (typeof e === 'number') return e;
        if (typeof e === 'string') return fail('assertion in class');
        return e.negate ? (c: number) => !inRanges(e.ranges, c) : (c: number) => inRanges(e.ranges, c);
      }
      return source.charCodeAt(i++);
    };
    while (i < source.length && peek() !== ']') {
      const a = atom();
      if (peek() === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
        i++;
        const b = atom();
        if (typeof a !== 'number' || typeof b !== 'number') {
          for (const x of [a, b]) typeof x === 'number' ? ranges.push([x, x]) : escapes.push(x);
          ranges.push([45, 45]);
        } else ranges.push([a, b]);
      } else if (typeof a === 'number') ranges.push([a, a]);
      else escapes.push(a);
    }
    if (peek() !== ']') fail('unclosed class');
    i++;
    return setNode(ranges, escapes, negate, ignoreCase);
  };

  const parseAtom = (): Node => {
    const c = source[i++];
    switch (c) {
      case '(': {
        let look: { behind: boolean; negate: boolean } | undefined;
        if (source.startsWith('?:', i)) i += 2;
        else if (source.startsWith('?=', i) || source.startsWith('?!', i)) { look = { behind: false, negate: source[i + 1] === '!' }; i += 2; }
        else if (source.startsWith('?<=', i) || source.startsWith('?<!', i)) { look = { behind: true, negate: source[i + 2] === '!' }; i += 3; }
        else if (source.startsWith('?<', i)) { const end = source.indexOf('>', i); if (end === -1) fail('group name'); i = end + 1; }
        else if (peek() === '?') fail('group kind');
        const body = parseAlt();
        if (source[i++] !== ')') fail('unclosed group');
        if (!look) return body;
        const width = look.behind ? widthOf(body) : 0;
        if (look.behind && width < 0) fail('lookbehind of varying width');
        return { type: 'look', body, behind: look.behind, negate: look.negate, width };
      }
      case '[': return parseClass();
      case '.': return { type: 'char', test: (x) => !isLineTerminator(x), reps: ['a', ' ', '0'] };
      case '^': return { type: 'assert', kind: '^' };
      case '$': return { type: 'assert', kind: '$' };
      case '\\': {
        const e = escape(false);
        if (e === 'b' || e === 'B') return { type: 'assert', kind: e };
        if (typeof e === 'number') return setNode([[e, e]], [], false, ignoreCase);
        return setNode(e.negate ? [] : e.ranges, e.negate ? [(x) => !inRanges(e.ranges, x)] : [], false, ignoreCase);
      }
      case '*': case '+': case '?': return fail('nothing to repeat');
      default: {
        const code = c.charCodeAt(0);
        return setNode([[code, code]], [], false, ignoreCase);
      }
    }
  };

  const quantifier = (): { min: number; max: number } | undefined => {
    const c = peek();
    if (c === '*') { i++; return { min: 0, max: Infinity }; }
    if (c === '+') { i++; return { min: 1, max: Infinity }; }
    if (c === '?') { i++; return { min: 0, max: 1 }; }
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return undefined;
      i += m[0].length;
      const min = Number(m[1]);
      return { min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
    }
    return undefined;
  };

  const parseSeq = (): Node => {
    const items: Node[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      let atom = parseAtom();
      for (;;) {
        const q = quantifier();
        if (!q) break;
        let greedy = true;
        if (peek() === '?') { greedy = false; i++; }
        if (atom.type === 'assert' || atom.type === 'look') fail('quantified assertion');
        atom = { type: 'repeat', body: atom, min: q.min, max: q.max, greedy };
      }
      items.push(atom);
    }
    return items.length === 1 ? items[0] : { type: 'seq', items };
  };

  const parseAlt = (): Node => {
    const options = [parseSeq()];
    while (peek() === '|') {
      i++;
      options.push(parseSeq());
    }
    return options.length === 1 ? options[0] : { type: 'alt', options };
  };

  const root = parseAlt();
  if (i !== source.length) fail('unbalanced )');
  return root;
}

/** The fixed width of what a node matches, or -1 when it varies. */
function widthOf(n: Node): number {
  switch (n.type) {
    case 'char': return 1;
    case 'assert': case 'look': return 0;
    case 'seq': {
      let w = 0;
      for (const it of n.items) { const x = widthOf(it); if (x < 0) return -1; w += x; }
      return w;
    }
    case 'alt': {
      const ws = n.options.map(widthOf);
      return ws.every((w) => w === ws[0]) ? ws[0] : -1;
    }
    case 'repeat': {
      const w = widthOf(n.body);
      return n.min === n.max && w >= 0 ? w * n.min : -1;
    }
  }
}

interface Compiled { root: Node; anchored: boolean; multiline: boolean; sticky: boolean }
const cache = new Map<string, Compiled>();

function compile(source: string, flags: string): Compiled {
  const key = `${flags}/${source}`;
  let c = cache.get(key);
  if (!c) {
    const root = parsePattern(source, flags);
    const first = (n: Node): boolean => n.type === 'assert' ? n.kind === '^' : n.type === 'seq' ? n.items.length > 0 && first(n.items[0]) : n.type === 'alt' ? n.options.every(first) : false;
    c = { root, anchored: !flags.includes('m') && first(root), multiline: flags.includes('m'), sticky: flags.includes('y') };
    cache.set(key, c);
  }
  return c;
}

/** One exec from `lastIndex`: the match (start, end) or null, and the steps it took. */
export function simulateExec(re: { source: string; flags: string }, input: string, lastIndex: number, budget = Infinity): { match: [number, number] | null; steps: number } {
  const { root, anchored, multiline, sticky } = compile(re.source, re.flags);
  const len = input.length;
  let steps = 0;
  const tick = () => { if (++steps > budget) throw new StepBudgetExceeded(`more than ${budget} steps for /${re.source}/${re.flags}`); };
  const wordAt = (p: number) => p >= 0 && p < len && isWord(input.charCodeAt(p));
  const m = (n: Node, pos: number, k: (p: number) => boolean): boolean => {
    tick();
    switch (n.type) {
      case 'char': return pos < len && n.test(input.charCodeAt(pos)) && k(pos + 1);
      case 'seq': {
        const go = (idx: number, p: number): boolean => (idx === n.items.length ? k(p) : m(n.items[idx], p, (q) => go(idx + 1, q)));
        return go(0, pos);
      }
      case 'alt':
        for (const o of n.options) if (m(o, pos, k)) return true;
        return false;
      case 'assert': {
        let ok: boolean;
        if (n.kind === '^') ok = pos === 0 || (multiline && isLineTerminator(input.charCodeAt(pos - 1)));
        else if (n.kind === '$') ok = pos === len || (multiline && isLineTerminator(input.charCodeAt(pos)));
        else ok = (wordAt(pos - 1) !== wordAt(pos)) === (n.kind === 'b');
        return ok && k(pos);
      }
      case 'look': {
        const found = n.behind
          ? pos - n.width >= 0 && m(n.body, pos - n.width, (q) => q === pos)
          : m(n.body, pos, () => true);
        return found !== n.negate && k(pos);
      }
      case 'repeat': {
        const body = n.body;
        if (body.type === 'char') {
          // A loop over one character gives back one character at a time, as Irregexp's does.
          let run = 0;
          if (n.greedy) {
            while (run < n.max && pos + run < len && body.test(input.charCodeAt(pos + run))) { tick(); run++; }
            for (let r = run; r >= n.min; r--) { tick(); if (k(pos + r)) return true; }
            return false;
          }
          for (let r = 0; r <= n.max; r++) {
            tick();
            if (r >= n.min && k(pos + r)) return true;
            if (!(pos + r < len && body.test(input.charCodeAt(pos + r)))) return false;
          }
          return false;
        }
        const rep = (count: number, p: number): boolean => {
          tick();
          const more = () => count < n.max && m(body, p, (q) => (q === p && count >= n.min ? false : rep(count + 1, q)));
          if (n.greedy) return more() || (count >= n.min && k(p));
          return (count >= n.min && k(p)) || more();
        };
        return rep(0, pos);
      }
    }
  };
  // A pattern that starts with ^ (not multiline) or is sticky is tried at one position only, as in V8.
  const lastStart = sticky || anchored ? lastIndex : len;
  for (let s = lastIndex; s <= lastStart; s++) {
    tick();
    let end = -1;
    if (m(root, s, (p) => { end = p; return true; })) return { match: [s, end], steps };
  }
  return { match: null, steps };
}

/** Steps for finding every match left to right (what `replace(/…/g)`, `matchAll` and a `split` do; a bound for `test`). */
export function simulateAll(re: { source: string; flags: string }, input: string, budget = Infinity): number {
  let steps = 0;
  let from = 0;
  while (from <= input.length) {
    const r = simulateExec(re, input, from, budget - steps);
    steps += r.steps;
    if (!r.match) break;
    from = r.match[1] > r.match[0] ? r.match[1] : r.match[1] + 1;
  }
  return steps;
}

type Attack = { name: string; make: (size: number) => string };

/** Shortest strings a node matches (a few variants), for building attack strings. */
function samples(n: Node, nonEmpty = false): string[] {
  switch (n.type) {
    case 'char': return n.reps.slice(0, 3);
    case 'assert': case 'look': return [''];
    case 'seq': {
      let out = [''];
      for (const it of n.items) {
        const s = samples(it);
        out = out.flatMap((a) => s.slice(0, out.length > 2 ? 1 : 3).map((b) => a + b)).slice(0, 4);
      }
      if (nonEmpty && out.every((s) => s === '')) {
        for (const it of n.items) { const s = samples(it, true).filter(Boolean); if (s.length) return s; }
      }
      return out;
    }
    case 'alt': return n.options.flatMap((o) => samples(o, nonEmpty).slice(0, 2)).slice(0, 6);
    case 'repeat': {
      const body = samples(n.body, true);
      const times = Math.max(n.min, nonEmpty ? 1 : 0);
      return body.map((b) => b.repeat(Math.min(times, 5)));
    }
  }
}

/**
 * Attack strings for a pattern: for every loop, what leads up to it followed by many copies of
 * what it matches, then an ending that may make the match fail; and long runs of each
 * character the pattern names. This is how super-linear backtracking is triggered.
 */
export function attacksFor(re: RegExp): Attack[] {
  const root = compile(re.source, re.flags).root;
  const attacks = new Map<string, Attack>();
  const endings = ['', '\u0001', '\n'];
  const pump = (prefix: string, unit: string) => {
    if (unit === '') return;
    for (const end of endings) {
      const name = JSON.stringify(prefix) + ` + ${JSON.stringify(unit)}×n + ` + JSON.stringify(end);
      if (!attacks.has(name)) attacks.set(name, { name, make: (size) => prefix + unit.repeat(Math.ceil(size / unit.length)) + end });
    }
  };
  const visit = (n: Node, prefixes: string[]) => {
    switch (n.type) {
      case 'seq': {
        let pre = prefixes;
        for (const it of n.items) {
          visit(it, pre);
          const s = samples(it);
          pre = pre.flatMap((p) => s.slice(0, 2).map((x) => p + x)).slice(0, 3);
        }
        break;
      }
      case 'alt': for (const o of n.options) visit(o, prefixes); break;
      case 'look': visit(n.body, prefixes); break;
      case 'repeat':
        if (n.max > 4) {
          for (const p of prefixes.slice(0, 2)) {
            for (const u of samples(n.body, true).slice(0, 2)) {
              pump(p, u);
              // The whole way into the loop, again and again ("<b<b<b…"): every copy is a new start.
              if (p !== '') pump('', p + u);
            }
          }
        }
        visit(n.body, prefixes);
        break;
      default: break;
    }
  };
  visit(root, ['']);
  const chars = new Set<string>();
  const collect = (n: Node) => {
    if (n.type === 'char') n.reps.forEach((c) => chars.add(c));
    else if (n.type === 'seq') n.items.forEach(collect);
    else if (n.type === 'alt') n.options.forEach(collect);
    else if (n.type === 'look' || n.type === 'repeat') collect(n.body);
  };
  collect(root);
  for (const c of chars) pump('', c);
  return [...attacks.values()];
}

/**
 * Steps of a pattern on an attack at size n and 8n. Linear when the 8n run takes at most ten
 * times the steps of the n run (8 plus slack for constant costs); a quadratic pattern takes 64
 * times, and is cut off at the budget so a cubic one does not run for hours.
 */
export function scaling(re: RegExp, attack: Attack, n = 64): { small: number; large: number | null } {
  let small = Infinity;
  try {
    // At size n a linear pattern takes a few thousand steps; an exponential one is stopped here.
    small = simulateAll(re, attack.make(n), 2_000_000);
    return { small, large: simulateAll(re, attack.make(8 * n), 10 * small + 500) };
  } catch (err) {
    if (err instanceof StepBudgetExceeded) return { small, large: null };
    throw err;
  }
}

/**
 * Runs `fn` with every RegExp exec (and so test, match, matchAll, replace, split, which call it)
 * counted by the model above; the model's match is checked against V8's. Throws
 * StepBudgetExceeded past `budget` steps.
 */
export function meterRegexSteps<T>(fn: () => T, budget = Infinity): { result: T; steps: number; execs: number } {
  const original = RegExp.prototype.exec;
  let steps = 0;
  let execs = 0;
  let inside = false;
  RegExp.prototype.exec = function exec(this: RegExp, str: string) {
    if (inside) return original.call(this, str);
    const input = String(str);
    const start = this.global || this.sticky ? this.lastIndex : 0;
    const result = original.call(this, input);
    inside = true;
    try {
      execs++;
      if (start <= input.length) {
        const sim = simulateExec(this, input, start, budget - steps);
        steps += sim.steps;
        const v8 = result ? [result.index, result.index + result[0].length] : null;
        if (JSON.stringify(sim.match) !== JSON.stringify(v8)) {
          throw new Error(`the model disagrees with V8 on /${this.source}/${this.flags} at ${start}: ${JSON.stringify(sim.match)} vs ${JSON.stringify(v8)}`);
        }
      }
    } finally {
      inside = false;
    }
    return result;
  } as typeof RegExp.prototype.exec;
  try {
    return { result: fn(), steps, execs };
  } finally {
    RegExp.prototype.exec = original;
  }
}
