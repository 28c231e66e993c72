import * as path from 'node:path';

/**
 * Whether `child` is `root` or inside it, compared as paths (resolve links first where they
 * matter). One home for the check: file tools, `attach` and skill-folder reads all use it.
 */
export function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
