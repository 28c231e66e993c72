/**
 * Whether a regular expression from an untrusted file (a skill's output_schema `pattern`) or a
 * model reply can be run on model output. Every such pattern is matched by the linear-time engine
 * of linearRegExp.ts (ajv is given it as its regExp engine), so nesting or repeating quantifiers
 * costs nothing more; what is refused is what that engine cannot run in linear time
 * (backreferences, lookarounds), a pattern too long, or one that is not valid.
 */
import { linearPatternProblem } from './linearRegExp';

/** Why the pattern is refused, or undefined when it can run. */
export function unsafePatternReason(pattern: string): string | undefined {
  return linearPatternProblem(pattern);
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
