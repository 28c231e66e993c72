// The dry-run panel's view model and HTML (issue 16), built outside VS Code from real traces: the
// route, each model reply with its problems and repairs, the planned actions with the records'
// fields before → after, the buttons and why they are off, escaping of whatever a model wrote,
// the theme-only stylesheet, and the words in English and Chinese (read from panelStrings.ts and
// the zh-cn bundle, as VS Code would give them).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSkillFolders, validateChainManifest, type LoadedSkill } from '../../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { traceSkillRun } from '../../src/core/skills/run/traceSkillRun';
import { traceChainRun } from '../../src/core/skills/run/traceChainRun';
import { applySkillTrace } from '../../src/core/skills/run/applyTrace';
import type { RunTrace } from '../../src/core/skills/run/runTrace';
import { RecordsStore } from '../../src/core/records/recordsStore';
import { MemoryLogger } from '../../src/core/runtime/logger';
import { buildDryRunView, fill, PANEL_STRING_KEYS, type PanelState, type PanelStrings, type PanelStringKey } from '../../src/extension/dryRun/panelModel';
import { DRY_RUN_CSS, renderDryRunBody } from '../../src/extension/dryRun/panelHtml';
import { FakeLlm } from '../support/fakeLlm';
import { ROOT, tempDir } from './helpers';

const NOW = () => new Date('2026-12-01T09:00:00Z');
const POSTING = 'Acme Robotics is hiring a Senior Agent Engineer in Berlin. Requirements: TypeScript, evals. Apply by 2026-12-20.';
const EXTRACTED = { company: 'Acme Robotics', title: 'Senior Agent Engineer', location: 'Berlin', deadline: '2026-12-20', skills: ['typescript', 'evals'] };

/** The panel's words as VS Code gives them: the English templates of panelStrings.ts, or their zh-cn translations. */
function strings(lang: 'en' | 'zh'): PanelStrings {
  const source = fs.readFileSync(path.join(ROOT, 'src', 'extension', 'dryRun', 'panelStrings.ts'), 'utf8');
  const bundle = JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
  const text = {} as Record<PanelStringKey, string>;
  for (const m of source.matchAll(/^\s+(\w+): vscode\.l10n\.t\('((?:[^'\\]|\\.)*)'\),$/gm)) {
    const english = m[2].replace(/\\'/g, "'");
    text[m[1] as PanelStringKey] = lang === 'en' ? english : bundle[english];
  }
  for (const k of PANEL_STRING_KEYS) assert.ok(text[k], `panelStrings.ts has no ${lang} string for ${k}`);
  assert.deepEqual(Object.keys(text).sort(), [...PANEL_STRING_KEYS].sort(), 'panelStrings.ts and PANEL_STRING_KEYS list the same keys');
  return { text, kind: (k) => k, title: (row) => String(row?.name ?? row?.title ?? '') };
}

const idle = (trace: RunTrace, over: Partial<PanelState> = {}): PanelState => ({ trace, notices: [], applied: false, record: { allowed: true }, canRerun: true, ...over });

describe('the dry-run panel (view model and HTML)', function () {
  this.timeout(60_000);
  let dir: string;
  let store: RecordsStore;
  let skills: LoadedSkill[];
  const signal = new AbortController().signal;
  const logger = new MemoryLogger();
  before(async () => {
    const loaded = await loadSkillFolders([path.join(ROOT, 'skills')], { builtInDirs: [path.join(ROOT, 'skills')], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema });
    skills = loaded.skills;
  });
  beforeEach(async () => {
    dir = tempDir('il-panel-');
    store = await RecordsStore.open(path.join(dir, 'records.sqlite'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const job = (reply: (n: number) => unknown) => traceSkillRun({
    skills, explicit: 'extract_job', input: { text: POSTING, source: 'posting.txt' },
    deps: { records: store, llm: new FakeLlm((_r, n) => JSON.stringify(reply(n))), signal, now: NOW, dryRun: true, trusted: false, logger },
  });

  it('shows the route, the prompts, the invalid reply with its problem, the repair, and the planned actions with their new records', async () => {
    const { trace } = await job((n) => (n === 0 ? { company: 42, title: 'x' } : EXTRACTED));
    const view = buildDryRunView(idle(trace), strings('en'));
    assert.equal(view.heading, 'Dry run of extract_job v1');
    assert.deepEqual(view.meta, ['Engine: anthropic · fake-model-1', `Input: posting.txt (${POSTING.length} characters)`, 'Clock: 2026-12-01T09:00:00.000Z']);
    assert.deepEqual(view.status, { tone: 'info', text: '4 actions planned; nothing is written until you press Apply.' });
    const run = view.runs[0];
    assert.deepEqual(run.route?.slice(0, 3), [{ label: 'Skill', value: 'extract_job' }, { label: 'How', value: 'named' }, { label: 'Why', value: 'named by the caller' }]);
    assert.equal(run.calls.length, 1);
    const call = run.calls[0];
    assert.equal(call.heading, 'Model call: chunk 1 of 1');
    assert.match(call.prompts[1].text, /^Today is 2026-12-01\.\nPOSTING:\nAcme Robotics/);
    assert.deepEqual(call.attempts.map((a) => [a.label, a.verdict, a.tone]), [['Model output', 'invalid', 'error'], ['Repair 1', 'valid', 'ok']]);
    assert.deepEqual(call.attempts[0].problems, ['/company must be string']);
    assert.match(call.attempts[0].meta, /^fake-model-1 · tokens in\/out 100\/50 · \$0\.0010 · \d/);
    assert.equal(run.validation?.text, 'The output is valid against output_schema.');
    assert.deepEqual(run.actions.map((a) => [a.index, a.opLabel, a.primitive]), [[1, 'new', 'upsert_company'], [2, 'new', 'upsert_position'], [3, 'update', 'add_tags'], [4, 'new', 'create_reminder']]);
    const reminder = run.actions[3];
    assert.deepEqual(reminder.params.find((p) => p.label === 'due_at'), { label: 'due_at', value: '2026-12-17' }, 'the parameters are fully rendered');
    assert.deepEqual(reminder.writes[0].changes.find((c) => c.field === 'title'), { field: 'title', before: '—', after: 'Apply to Senior Agent Engineer at Acme Robotics (deadline 2026-12-20)' });
    assert.ok(run.actions[2].writes.length > 1, 'add_tags also writes its tags, shown beside the position');
    const apply = view.buttons.find((b) => b.id === 'apply')!;
    assert.deepEqual([apply.enabled, apply.primary, apply.hint], [true, true, 'writes these 4 actions in one transaction']);
    assert.deepEqual(view.buttons.map((b) => b.id), ['apply', 'record', 'copy', 'again', 'change']);
    assert.ok(run.totals.some((f) => f.label === 'Input tokens' && f.value === '200'));
  });

  it('an update shows each field before → after and an unchanged record what it matched', async () => {
    const first = await job(() => EXTRACTED);
    await applySkillTrace(first.trace, store, { reviewed: 'automation' });
    const { trace } = await job(() => ({ ...EXTRACTED, salary: '€90k' }));
    const run = buildDryRunView(idle(trace), strings('en')).runs[0];
    const company = run.actions[0];
    assert.equal(company.opLabel, 'unchanged');
    assert.match(company.matched!, /^matches the existing company created \d{4}-\d{2}-\d{2}$/);
    const position = run.actions[1];
    assert.equal(position.opLabel, 'update');
    assert.deepEqual(position.writes[0].changes.find((c) => c.field === 'salary'), { field: 'salary', before: '—', after: '€90k' });
    const body = renderDryRunBody(buildDryRunView(idle(trace), strings('en')));
    assert.match(body, /<li class="action" data-testid="action-2" data-op="update">/);
    assert.match(body, /<td>salary<\/td><td class="before">—<\/td><td>€90k<\/td>/);
  });

  it('counts only the actions that would change something, in the singular for one, and says when nothing would be written', async () => {
    const first = await job(() => EXTRACTED);
    await applySkillTrace(first.trace, store, { reviewed: 'automation' });
    // The same posting again, with a salary: the company and the reminder are there, unchanged; the position and its tags change.
    const again = await job(() => ({ ...EXTRACTED, salary: '€90k' }));
    const changing = again.trace.kind === 'skill' ? again.trace.planned.filter((p) => p.op !== 'unchanged').length : -1;
    assert.ok(changing >= 1 && changing < 4, `${changing} of 4 change`);
    const view = buildDryRunView(idle(again.trace), strings('en'));
    const one = changing === 1;
    assert.equal(view.status?.text, one ? '1 action planned; nothing is written until you press Apply.' : `${changing} actions planned; nothing is written until you press Apply.`);
    assert.equal(view.buttons.find((b) => b.id === 'apply')!.hint, one ? 'writes this action in one transaction' : `writes these ${changing} actions in one transaction`);
    // Everything already there: nothing to write, in both languages.
    const same = await job(() => EXTRACTED);
    const nothing = buildDryRunView(idle(same.trace), strings('en'));
    assert.equal(nothing.status?.text, 'Every record is already there, unchanged: Apply only records the run.');
    assert.equal(nothing.buttons.find((b) => b.id === 'apply')!.hint, 'nothing to write: every record is already there, unchanged; Apply only records the run');
    assert.match(buildDryRunView(idle(same.trace), strings('zh')).buttons.find((b) => b.id === 'apply')!.hint!, /^没有要写入的内容/);
  });

  it('a run restored after a window reload is shown as it was, with Apply and Record off until Dry Run Again', async () => {
    const { trace } = await job(() => EXTRACTED);
    const view = buildDryRunView(idle(trace, { restored: true }), strings('en'));
    assert.equal(view.runs[0].actions.length, 4, 'the plan is shown');
    const b = Object.fromEntries(view.buttons.map((x) => [x.id, [x.enabled, x.hint]]));
    assert.deepEqual(b.apply, [false, 'off: restored after a reload; press Dry Run Again for a fresh plan']);
    assert.deepEqual(b.record, [false, 'off: restored after a reload; press Dry Run Again to record this run']);
    assert.deepEqual(b.again, [true, undefined]);
    const zh = buildDryRunView(idle(trace, { restored: true }), strings('zh'));
    assert.match(zh.buttons.find((x) => x.id === 'apply')!.hint!, /^已关闭：这是重新加载后恢复的内容/);
  });

  it('one planned action reads in the singular', async () => {
    const note = await traceSkillRun({
      skills, explicit: 'capture_note', input: { text: 'Remember to ask Dana about the on-call rota.', source: 'note.txt' },
      deps: { records: store, llm: new FakeLlm(() => JSON.stringify({ title: 'Ask Dana about on-call', tags: [] })), signal, now: NOW, dryRun: true, trusted: false, logger },
    });
    const view = buildDryRunView(idle(note.trace), strings('en'));
    const planned = note.trace.kind === 'skill' ? note.trace.planned.length : 0;
    assert.equal(planned, 1, view.runs[0].validation?.text);
    assert.equal(view.status?.text, '1 action planned; nothing is written until you press Apply.');
    assert.equal(view.buttons.find((b) => b.id === 'apply')!.hint, 'writes this action in one transaction');
    assert.equal(buildDryRunView(idle(note.trace), strings('zh')).status?.text, '已计划 1 个操作；在你点击“应用”之前不会写入任何内容。');
  });

  it('an output that stays invalid: Apply and Record are off and say why; the validation says where it failed', async () => {
    const { trace } = await job(() => ({ title: 'no company' }));
    const view = buildDryRunView(idle(trace), strings('en'));
    assert.equal(view.status?.tone, 'error');
    assert.equal(view.runs[0].validation?.text, 'The output is not valid against output_schema: chunk 1, after 2 repairs. Nothing was planned.');
    assert.deepEqual(view.runs[0].calls[0].attempts.map((a) => a.label), ['Model output', 'Repair 1', 'Repair 2']);
    const off = Object.fromEntries(view.buttons.map((b) => [b.id, [b.enabled, b.hint]]));
    assert.deepEqual(off.apply, [false, 'off: nothing was planned']);
    assert.deepEqual(off.record, [false, 'off: the output stayed invalid']);
    const body = renderDryRunBody(view);
    assert.match(body, /<vscode-button data-action="apply" data-testid="button-apply" appearance="secondary" disabled>Apply<\/vscode-button>/);
    assert.match(body, /<li data-testid="hint-apply">Apply: off: nothing was planned<\/li>/);
  });

  it('Restricted Mode turns Record as Test off with the reason; an applied plan turns Apply off; a run in progress offers only Cancel', async () => {
    const { trace } = await job(() => EXTRACTED);
    const s = strings('en');
    const untrusted = buildDryRunView(idle(trace, { record: { allowed: false, reason: 'trust' } }), s);
    assert.deepEqual(untrusted.buttons.find((b) => b.id === 'record')!.hint, 'off in Restricted Mode: it writes into the workspace; trust the workspace first');
    const applied = buildDryRunView(idle(trace, { applied: true }), s);
    assert.equal(applied.buttons.find((b) => b.id === 'apply')!.enabled, false);
    assert.equal(applied.status?.text, 'Applied: the plan is written.');
    const running = buildDryRunView({ notices: [], applied: false, record: { allowed: true }, canRerun: true, running: 'extract_job' }, s);
    assert.deepEqual(running.buttons.map((b) => b.id), ['cancel']);
    assert.equal(running.running, 'Dry run in progress: extract_job');
    assert.match(renderDryRunBody(running), /<vscode-progress-ring><\/vscode-progress-ring>/);
  });

  it('escapes whatever a model or an input says, and a chain shows each step with its own plan', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { trace } = await job((n) => (n === 0 ? `${evil}` : { ...EXTRACTED, company: `Acme "${evil}"` }));
    const body = renderDryRunBody(buildDryRunView(idle(trace), strings('en')));
    assert.ok(!/<script|<img/i.test(body), 'markup from the model reached the page');
    assert.ok(body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));

    const yaml = 'name: job_then_note\nsteps:\n  - skill: extract_job\n    output_as: job\n  - skill: capture_note\n    when: job.output.salary is defined\n';
    const v = validateChainManifest(yaml, path.join(dir, 'job_then_note.chain.yaml'), { knownSkillNames: skills.map((s) => s.name) });
    const chain = { name: 'job_then_note', dir, file: path.join(dir, 'job_then_note.chain.yaml'), manifest: v.manifest!, valid: true, problems: [], builtIn: false };
    const chained = await traceChainRun({ chain, skills, input: { text: POSTING }, deps: { records: store, llm: new FakeLlm(() => JSON.stringify(EXTRACTED)), signal, now: NOW, dryRun: true, trusted: false, logger } });
    const view = buildDryRunView(idle(chained.trace), strings('en'));
    assert.equal(view.heading, 'Dry run of chain job_then_note');
    assert.deepEqual(view.runs.map((r) => r.heading), ['Step 1: extract_job — planned', 'Step 2: capture_note — skipped (its when is false)']);
    assert.equal(view.runs[0].actions.length, 4);
    assert.equal(view.runs[0].route, undefined, 'a chain\'s step is not routed');
    assert.equal(view.status?.text, '1 step planned with 4 actions to write; nothing is written until you press Apply.');
    assert.equal(view.buttons.find((b) => b.id === 'apply')!.hint, 'writes each step\'s actions in its own transaction, in order');
    assert.equal(view.buttons.find((b) => b.id === 'record')!.enabled, false);
  });

  it('reads in Chinese with the zh-cn bundle', async () => {
    const { trace } = await job(() => EXTRACTED);
    const view = buildDryRunView(idle(trace), strings('zh'));
    assert.equal(view.heading, 'extract_job v1 的试运行');
    assert.equal(view.status?.text, '已计划 4 个操作；在你点击“应用”之前不会写入任何内容。');
    assert.deepEqual(view.runs[0].actions.map((a) => a.opLabel), ['新建', '新建', '更新', '新建']);
    assert.equal(fill('{1} {0} {2}', 'a', 'b'), 'b a {2}');
  });

  it('colours come only from --vscode-* theme variables (light, dark and high contrast)', () => {
    const colourProps = /(?:^|[;{\s])((?:background|color|border(?:-left|-top|-bottom)?(?:-color)?|outline))\s*:\s*([^;}]+)/g;
    let n = 0;
    for (const m of DRY_RUN_CSS.matchAll(colourProps)) {
      n++;
      const value = m[2].replace(/var\(--vscode-[\w-]+(?:,\s*(?:var\(--vscode-[\w-]+(?:,\s*(?:transparent|var\(--vscode-[\w-]+\)))?\)|transparent))?\)/g, '');
      assert.doesNotMatch(value, /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(|\b(white|black|red|green|blue|gray|grey|yellow|orange)\b/i, `${m[1]}: ${m[2]}`);
    }
    assert.ok(n > 20, `only ${n} colour properties found`);
  });
});
