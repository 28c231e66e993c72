// The skill editor's part of `npm run bench` (issue 15): how long completion takes in a 300-line
// skill.yaml at the places people type most (a new action, a template field, a top-level key, a
// filter), and one as-you-type check of the same file (what the debounced diagnostics run),
// against parsing its YAML alone. Medians of 50 runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { validateSkillManifest } from '../src/core/skills/manifest';
import { completionsAt } from '../src/core/skills/editor';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/run/manifestChecks';
import { median, msText, timeSync } from './benchTiming';

const ROOT = path.resolve(__dirname, '..');
const ms = (x: number) => msText(x, 2);
const time = (fn: () => unknown, runs = 50) => timeSync(fn, runs);

/** extract_job with enough more actions to be 300 lines long. */
function bigSkill(): string {
  let text = fs.readFileSync(path.join(ROOT, 'skills', 'extract_job', 'skill.yaml'), 'utf8');
  for (let i = 0; text.split('\n').length < 300; i++) {
    text += `  - create_note:\n      title: "Note ${i} on {{ out.title }}"\n      body: "{{ input.text | truncate(200) }}"\n      about: "{{ position.ref }}"\n    as: note_${i}\n`;
  }
  return text;
}

const text = bigSkill();
const lines = text.split('\n').length;
const places: Array<[string, string, string]> = [
  ['a new action item at the end', text + '  - ', ''],
  ['"{{ out." in the last action', text + '  - create_note:\n      body: "{{ out.', '"'],
  ['a filter after "|" in the last action', text + '  - create_note:\n      body: "{{ out.title | ', '"'],
  ['a top-level key after the last line', text + 'tim', ''],
];
console.log(`\nSkill editor (a ${lines}-line skill.yaml)`);
const all: number[] = [];
for (const [label, before, after] of places) {
  const doc = before + after;
  let n = 0;
  const t = time(() => {
    n = completionsAt(doc, before.length, 'skill').length;
  });
  all.push(t);
  console.log(`  completion at ${label}: median ${ms(t)} (${n} items)`);
}
const parseOnly = time(() => parseDocument(text));
const check = time(() => validateSkillManifest(text, '/bench/extract_job/skill.yaml', { folderName: 'extract_job', checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema }), 20);
console.log(`  completion, median over the places: ${ms(median(all))}; parsing the file's YAML alone (baseline) ${ms(parseOnly)} -> ratio ${(median(all) / parseOnly).toFixed(1)}x`);
console.log(`  one as-you-type check (YAML, schema, templates, action parameters): median ${ms(check)} -> ratio ${(check / parseOnly).toFixed(1)}x the parse`);
