import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { l10nMessages, tsFiles } from './support/l10nCalls';

// Things counted in the extension's messages. vscode.l10n has no plural rules, so a message with
// a count of one of these needs a sibling for 1 ("1 call" beside "{1} calls").
const NOUNS = ['calls', 'actions', 'reports', 'questions', 'skills', 'steps', 'reminders', 'cassettes', 'records', 'repairs', 'points'];
const COUNTED = new RegExp(`\\{(\\d)\\} ((?:[a-z]+ )?)(${NOUNS.join('|')})\\b`, 'g');

describe('counted messages have a singular form (no "1 calls")', () => {
  it('every message of src/extension that counts one thing has a sibling for a count of 1', () => {
    const missing: string[] = [];
    for (const file of tsFiles(path.join(ROOT, 'src', 'extension'))) {
      const messages = l10nMessages(fs.readFileSync(file, 'utf8'));
      for (const m of messages) {
        const hits = [...m.matchAll(COUNTED)];
        // A message with two counts ("{0} skills and {1} chains", "{1} of {2} tool calls") is a
        // summary line with one form; the rule is for messages that count one thing.
        if (hits.length !== 1 || [...m.matchAll(/\{\d\} [a-z]/g)].length > 1) continue;
        const h = hits[0];
        const singular = h[3].slice(0, -1);
        const prefix = m.slice(0, h.index);
        // "1 call" beside "{0} calls"; "Reminder due" beside "{0} reminders due"; "writes this action" beside "writes these {0} actions".
        const forms = [`${prefix}1 ${h[2]}${singular}`, `${prefix.replace(/these $/, 'this ')}${h[2]}${singular}`];
        const ok = messages.some((x) => x !== m && (forms.some((f) => x.includes(f)) || x.toLowerCase().startsWith(`${prefix}${h[2]}${singular}`.toLowerCase())));
        if (!ok) missing.push(`${path.relative(ROOT, file)}: '${m}' has no form for 1 ${h[2]}${singular}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
