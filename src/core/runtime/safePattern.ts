/**
 * Whether a regular expression from an untrusted file (a skill's output_schema `pattern`) can be
 * run on model output without risking catastrophic backtracking. JavaScript's engine backtracks,
 * and ajv compiles `pattern` into it, so a nested quantifier such as `^(a+)+$` takes exponential
 * time on a 30-character string. This is a conservative syntactic test: a quantified group that
 * itself contains a quantifier or an alternation, and backreferences, are refused; simple
 * patterns (anchors, classes, single quantifiers, fixed groups) pass.
 */

/** Why the pattern is refused, or undefined when it is safe to run. */
export function unsafePatternReason(pattern: string): string | undefined {
  if (pattern.length > 1000) return 'it is longer than 1,000 characters';
  // For each open group: whether it holds a quantifier or an alternation.
  const stack: Array<{ risky: boolean; start: number }> = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9k]/.test(next)) return 'it uses a backreference';
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c === '(') {
      stack.push({ risky: false, start: i });
      continue;
    }
    const quantifier = c === '*' || c === '+' || c === '?' || (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)));
    if (c === '|' && stack.length) stack[stack.length - 1].risky = true;
    if (c === ')') {
      const group = stack.pop();
      const after = pattern[i + 1] ?? '';
      const repeated = after === '*' || after === '+' || (after === '{' && /^\{\d+,\d*\}/.test(pattern.slice(i + 1)));
      if (group?.risky && repeated && !separatedGroup(pattern.slice(group.start + 1, i))) return 'a repeated group contains another repetition or an alternation (like (a+)+ or (a|ab)*), which can take exponential time';
      if (group?.risky && stack.length) stack[stack.length - 1].risky = true;
      continue;
    }
    if (quantifier && stack.length) stack[stack.length - 1].risky = true;
  }
  return undefined;
}

/** Every `pattern` (and patternProperties key) in a JSON Schema with its JSON pointer. */
export function schemaPatterns(schema: unknown, pointer = ''): Array<{ pattern: string; pointer: string }> {
  const out: Array<{ pattern: string; pointer: string }> = [];
  const visit = (node: unknown, at: string, depth: number) => {
    if (depth > 64 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((n, i) => visit(n, `${at}/${i}`, depth + 1));
      return;
    }
    const o = node as Record<string, unknown>;
    if (typeof o.pattern === 'string') out.push({ pattern: o.pattern, pointer: `${at}/pattern` });
    if (o.patternProperties && typeof o.patternProperties === 'object') {
      for (const k of Object.keys(o.patternProperties)) out.push({ pattern: k, pointer: `${at}/patternProperties/${k.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'enum' && k !== 'const' && k !== 'examples' && k !== 'default') visit(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
  };
  visit(schema, pointer, 0);
  return out;
}

/** The atoms of a group body: an escape, a class, or one character, each with whether a quantifier follows. */
function atomsOf(body: string): Array<{ atom: string; quantified: boolean }> | undefined {
  const atoms: Array<{ atom: string; quantified: boolean }> = [];
  let i = body.startsWith('?:') ? 2 : 0;
  while (i < body.length) {
    let atom: string;
    if (body[i] === '\\') {
      atom = body.slice(i, i + 2);
      i += 2;
    } else if (body[i] === '[') {
      const end = body.indexOf(']', i + 2);
      if (end < 0) return undefined;
      atom = body.slice(i, end + 1);
      i = end + 1;
    } else if (body[i] === '(' || body[i] === '|') {
      return undefined; // nested groups and alternations: not provably separated
    } else {
      atom = body[i];
      i++;
    }
    let quantified = false;
    while (i < body.length && (body[i] === '*' || body[i] === '+' || body[i] === '?' || body[i] === '{')) {
      quantified = true;
      if (body[i] === '{') {
        const end = body.indexOf('}', i);
        if (end < 0) return undefined;
        i = end + 1;
      } else i++;
    }
    atoms.push({ atom, quantified });
  }
  return atoms;
}

/**
 * A repeated group that starts with a character none of its repetitions can match ("-" in
 * (-[a-z]+)*) cannot split one stretch of text two ways, so it runs in linear time.
 */
function separatedGroup(body: string): boolean {
  const atoms = atomsOf(body);
  if (!atoms || atoms.length === 0 || atoms[0].quantified) return false;
  const first = atoms[0].atom;
  let char: string | undefined;
  if (first.length === 1 && first !== '.') char = first;
  else if (first.length === 2 && first[0] === '\\' && !/[a-zA-Z0-9]/.test(first[1])) char = first[1];
  if (char === undefined) return false;
  return atoms.filter((a) => a.quantified).every((a) => atomMatches(a.atom, char!) === false);
}

/** Whether one atom (a character, ".", an escape, or a class) matches `c`; undefined when unsure. */
function atomMatches(atom: string, c: string): boolean | undefined {
  if (atom === '.') return c !== '\n';
  if (atom.length === 1) return atom === c;
  if (atom[0] === '\\') return escapeMatches(atom[1], c);
  if (atom[0] !== '[') return undefined;
  let i = 1;
  const negated = atom[1] === '^';
  if (negated) i++;
  let hit = false;
  while (i < atom.length - 1) {
    let lo = atom[i];
    if (lo === '\\') {
      const m = escapeMatches(atom[i + 1], c);
      if (m === undefined) return undefined;
      hit ||= m;
      i += 2;
      continue;
    }
    if (atom[i + 1] === '-' && i + 2 < atom.length - 1) {
      const hi = atom[i + 2];
      hit ||= c >= lo && c <= hi;
      i += 3;
      continue;
    }
    hit ||= lo === c;
    i++;
  }
  return negated ? !hit : hit;
}

function escapeMatches(e: string, c: string): boolean | undefined {
  const digit = c >= '0' && c <= '9';
  const word = digit || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
  const space = c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
  switch (e) {
    case 'd': return digit;
    case 'D': return !digit;
    case 'w': return word;
    case 'W': return !word;
    case 's': return space;
    case 'S': return !space;
    default: return /[a-zA-Z0-9]/.test(e) ? undefined : e === c;
  }
}
