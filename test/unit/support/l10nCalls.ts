import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every TypeScript file under `dir`, recursively. */
export function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The message literals of the `vscode.l10n.t('…')` calls in `source`, unescaped as the bundle keys them. */
export function l10nMessages(source: string): string[] {
  return [...source.matchAll(/vscode\.l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)));
}
