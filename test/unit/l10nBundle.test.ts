import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { l10nMessages, tsFiles } from './support/l10nCalls';

describe('every user-visible message of the extension has a Chinese entry', () => {
  it('each vscode.l10n.t literal of src/extension is in l10n/bundle.l10n.zh-cn.json, with the same placeholders', () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    const missing: string[] = [];
    const placeholders = (s: string) => [...new Set(s.match(/\{\d+\}/g) ?? [])].sort().join(' ');
    for (const file of tsFiles(path.join(ROOT, 'src', 'extension'))) {
      for (const m of l10nMessages(fs.readFileSync(file, 'utf8'))) {
        const zh = bundle[m];
        if (zh === undefined) missing.push(`${path.relative(ROOT, file)}: no zh entry for '${m}'`);
        else if (placeholders(zh) !== placeholders(m)) missing.push(`${path.relative(ROOT, file)}: the zh entry of '${m}' has placeholders ${placeholders(zh) || 'none'}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
