/**
 * `url_patterns` in skill.yaml are wildcards, not regular expressions: `*` matches any run of
 * characters, `?` any one character, everything else matches itself (case-insensitive). A pattern from a cloned skill is
 * untrusted, so it is matched by a loop with bounded work, never compiled into a RegExp.
 */

/** Whether `text` matches `pattern` (`*` = any run, including none). */
export function wildcardMatch(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const t = text.toLowerCase();
  let pi = 0;
  let ti = 0;
  let star = -1;
  let resume = 0;
  // The classic greedy matcher with one backtrack point: O(|p| * |t|) at worst, no recursion.
  while (ti < t.length) {
    if (pi < p.length && p[pi] !== '*' && (p[pi] === '?' || p[pi] === t[ti])) {
      pi++;
      ti++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      resume = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
