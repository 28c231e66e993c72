// The dry-run panel part of `npm run bench` (issue 16): building the panel's view model and its
// HTML for a 50-action plan (every action with its rendered parameters and the record fields it
// writes), against the baseline of rendering the same plan as Run Skill…'s QuickPick items
// (planReview.ts describeAction, one line per action). Both are extension code that imports
// `vscode`; outside VS Code a minimal stand-in gives l10n.t (templates filled as VS Code fills
// them) and the QuickPick separator kind. Medians of 200 runs after a warm-up.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Module from 'node:module';
import { msText, timeSync } from './benchTiming';

// The stand-in for the `vscode` module, installed before the extension files load.
const fakeVscode = {
  l10n: { t: (message: string, ...args: unknown[]) => (args.length ? message.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m)) : message) },
  QuickPickItemKind: { Separator: -1, Default: 0 },
};
const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
(Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load = (request, ...rest) => (request === 'vscode' ? fakeVscode : load(request, ...rest));

/* eslint-disable @typescript-eslint/no-require-imports */
const { loadSkillFolders } = require('../src/core/skills/manifest') as typeof import('../src/core/skills/manifest');
const { checkActionParamsSchema, checkTemplateSyntax } = require('../src/core/skills/run/manifestChecks') as typeof import('../src/core/skills/run/manifestChecks');
const { traceSkillRun } = require('../src/core/skills/run/traceSkillRun') as typeof import('../src/core/skills/run/traceSkillRun');
const { RecordsStore } = require('../src/core/records/recordsStore') as typeof import('../src/core/records/recordsStore');
const { silentLogger } = require('../src/core/runtime/logger') as typeof import('../src/core/runtime/logger');
const { describeAction } = require('../src/extension/skills/planReview') as typeof import('../src/extension/skills/planReview');
const { buildDryRunView } = require('../src/extension/dryRun/panelModel') as typeof import('../src/extension/dryRun/panelModel');
const { renderDryRunBody } = require('../src/extension/dryRun/panelHtml') as typeof import('../src/extension/dryRun/panelHtml');
const { panelStrings } = require('../src/extension/dryRun/panelStrings') as typeof import('../src/extension/dryRun/panelStrings');

const ACTIONS = 50;

/** An offline skill of 50 actions: a reminder and a note per topic, alternating. */
function benchSkill(): string {
  const actions = Array.from({ length: ACTIONS }, (_, i) => (i % 2
    ? `  - create_reminder:\n      title: "Follow up on {{ out.topic }} #${i}"\n      due_at: "{{ now.date() | days_before(${i % 7}) }}"`
    : `  - create_note:\n      title: "{{ out.topic }} #${i}"\n      body: "{{ input.text }}"\n      source: "bench #${i}"`)).join('\n');
  return `name: bench_panel
version: 1
description: A bench skill that plans fifty records from one text, offline, to measure the dry-run panel.
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [topic]
  properties:
    topic: { type: string }
offline:
  topic: "{{ input.text | truncate(40) }}"
actions:
${actions}
match:
  inputs: [text]
`;
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-bench-panel-'));
  try {
    fs.mkdirSync(path.join(dir, 'skills', 'bench_panel'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'skills', 'bench_panel', 'skill.yaml'), benchSkill());
    const loaded = await loadSkillFolders([path.join(dir, 'skills')], { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    const bad = loaded.skills.find((s) => !s.valid);
    if (bad) throw new Error(`bench skill invalid: ${JSON.stringify(bad.problems)}`);
    const store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
    const { trace } = await traceSkillRun({
      skills: loaded.skills, explicit: 'bench_panel', input: { text: 'Prepare the retrieval evaluation for the on-site round, with recall@10 numbers.', source: 'bench.md' },
      deps: { records: store, signal: new AbortController().signal, now: () => new Date('2026-12-01T09:00:00Z'), dryRun: true, trusted: false, logger: silentLogger },
    });
    if (trace.planned.length !== ACTIONS) throw new Error(`bench: ${trace.planned.length} actions planned, expected ${ACTIONS}`);
    const strings = panelStrings();
    const state = { trace, notices: [], applied: false, record: { allowed: true as const }, canRerun: true };
    const runs = 200;
    const quickPick = timeSync(() => trace.planned.map((p) => describeAction(p)), runs, 20);
    const model = timeSync(() => buildDryRunView(state, strings), runs, 20);
    const page = timeSync(() => renderDryRunBody(buildDryRunView(state, strings)), runs, 20);
    const html = renderDryRunBody(buildDryRunView(state, strings));
    console.log(`\nDry-run panel, a ${ACTIONS}-action plan (median of ${runs}):`);
    console.log(`  QuickPick items (describeAction, baseline): ${msText(quickPick, 3)}`);
    console.log(`  panel view model (buildDryRunView):         ${msText(model, 3)}  (${(model / quickPick).toFixed(1)}× the baseline)`);
    console.log(`  view model + HTML (renderDryRunBody):       ${msText(page, 3)}  (${(page / quickPick).toFixed(1)}× the baseline; ${Math.round(html.length / 1024)} KB of HTML)`);
    store.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
