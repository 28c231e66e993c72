// The dry-run panel in the real workbench, in Chromium (issue 16): "Interview Lens: Dry Run
// Skill…" on the extract_job sample posting with Claude behind the local mock Anthropic server,
// the planned actions in the panel, Apply pressed with the keyboard, the new company and
// position in the Job Search view; a cassette opened from the Testing view's context menu; and
// screenshots in the dark, light and high-contrast themes (test-results/dry-run-panel-*.png).
// Started by test/vscode/run.mjs.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropicServer';
import { skillModelResponder } from '../support/mockSkillModel';
import { ROOT, THEMES, Workbench, fromRunner, openFile, openTestingView, pickRow, runCommand, screenshot, setSetting, switchTheme, webviewDocument } from './support/workbench';

const KEY = 'sk-ant-e2e-dryrun-0123456789abcdefghij';

describe('The dry-run panel, end to end in Chromium', function () {
  this.timeout(240_000);
  const workbench = new Workbench('e2e-dry-run-failure');
  let page: Page;
  let workspace = '';
  let mock: MockAnthropic;
  const token = Date.now().toString(36);
  const company = `Northwind E2E ${token}`;
  const inputName = `job-posting-${token}.txt`;
  const consoleErrors: string[] = [];

  before(async () => {
    workspace = fromRunner('IL_E2E_WORKSPACE');
    // The extract_job sample posting, under a company name of this run (to find its records).
    const sample = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'skill-inputs', 'job-posting-en.txt'), 'utf8');
    fs.writeFileSync(path.join(workspace, inputName), sample.replace('Company: Northwind AI', `Company: ${company}`));
    mock = await startMockAnthropic({ apiKey: KEY, responder: skillModelResponder });
    page = await workbench.open({
      viewport: { width: 1600, height: 1000 },
      // Errors inside the webview (a script that failed, a CSP refusal) are printed with a failure.
      beforeLoad: (p) => p.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      }),
    });
  });

  afterEach(async function () {
    if (!(await workbench.count(this.currentTest)) && consoleErrors.length) console.log(`console errors in the workbench:\n${consoleErrors.slice(-20).join('\n')}`);
  });

  after(async () => {
    if (page) {
      await switchTheme(page, THEMES.dark).catch(() => undefined);
      await setSetting(page, 'interviewLens.engine', 'offline').catch(() => undefined);
      await setSetting(page, 'interviewLens.anthropic.baseUrl', '', 'Remote').catch(() => undefined);
    }
    if (workspace) fs.rmSync(path.join(workspace, inputName), { force: true });
    await mock?.close();
    await workbench.close();
  });

  it('dry-runs extract_job on the sample posting with Claude (mock server): the planned actions show; Apply by keyboard writes them; Job Search lists the company and position', async () => {
    await runCommand(page, 'View: Close All Editors');
    await setSetting(page, 'interviewLens.engine', 'anthropic');
    await setSetting(page, 'interviewLens.anthropic.baseUrl', mock.url, 'Remote');
    // The key is typed as a user would, into the password box of Set Anthropic API Key.
    await runCommand(page, 'Interview Lens: Set Anthropic API Key');
    const keyBox = page.locator('.quick-input-widget input');
    await keyBox.waitFor({ state: 'visible' });
    await keyBox.fill(KEY);
    await page.keyboard.press('Enter');
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'Anthropic API key saved.' }).waitFor({ timeout: 15_000 });

    await openFile(page, inputName);
    await runCommand(page, 'Interview Lens: Dry Run Skill…');
    await pickRow(page, 'extract_job').click();
    await pickRow(page, new RegExp(`The whole of ${inputName.replace(/\./g, '\\.')}$`)).click();

    const frame = webviewDocument(page);
    const actions = frame.locator('[data-testid="run-actions"] > li');
    await actions.first().waitFor({ timeout: 90_000 });
    assert.equal(await actions.count(), 4);
    assert.deepEqual(await actions.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.op)), ['create', 'create', 'update', 'create']);
    assert.match((await frame.locator('[data-testid="heading"]').textContent()) ?? '', /^Dry run of extract_job v1$/);
    assert.match((await frame.locator('[data-testid="meta"]').textContent()) ?? '', /Engine: anthropic · claude-sonnet-5-5/);
    assert.match((await frame.locator('[data-testid="run-route"]').textContent()) ?? '', /extract_job/);
    assert.match((await frame.locator('[data-testid="run-step-0-attempt-0"]').textContent()) ?? '', new RegExp(`"company":"${company}"`));
    assert.match((await frame.locator('[data-testid="action-1"]').textContent()) ?? '', new RegExp(company));
    assert.match((await frame.locator('[data-testid="action-4"]').textContent()) ?? '', /due_at\s*2026-12-17/);
    assert.ok(mock.requests.some((r) => JSON.stringify(r.body ?? {}).includes(company)), 'the posting did not reach the mock model');
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.mouse.move(1500, 980);
    await screenshot(page, 'dry-run-panel-dark.png');
    await frame.locator('[data-testid="action-2"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'dry-run-panel-dark-actions.png');
    await frame.locator('body').evaluate(() => window.scrollTo(0, 0));

    // Keyboard only: Ctrl+2 focuses the panel's editor group, Tab reaches Apply, Enter presses it.
    const active = () => frame.locator(':root').evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.dataset.action || el.id || el.tagName) : '';
    });
    await page.keyboard.press('Control+2');
    for (let i = 0; i < 8 && (await active()) !== 'apply'; i++) await page.keyboard.press('Tab');
    assert.equal(await active(), 'apply', 'Tab did not reach Apply');
    const before = mock.requests.length;
    await page.keyboard.press('Enter');
    const notice = frame.locator('[data-testid="notice-0"]');
    await notice.waitFor({ timeout: 30_000 });
    assert.match((await notice.textContent()) ?? '', /extract_job: 3 new and 1 updated records\./);
    assert.equal(mock.requests.length, before, 'Apply asked the model again');
    assert.equal(await frame.locator('[data-testid="button-apply"][disabled]').count(), 1, 'Apply is still on after the plan was written');

    // The notice's first button has the focus: Enter opens Job Search.
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    const jobSearch = page.locator('.pane-body .monaco-list-row');
    const companies = jobSearch.filter({ hasText: /^Companies/ }).first();
    await companies.waitFor({ timeout: 30_000 });
    const row = jobSearch.filter({ hasText: company }).first();
    if (!(await row.isVisible())) await companies.click();
    await row.waitFor({ timeout: 15_000 });
    // The twistie opens the company (a click on its label would open the record in the editor).
    if (!(await jobSearch.filter({ hasText: 'Senior LLM Application Engineer' }).first().isVisible())) await row.locator('.monaco-tl-twistie').click();
    await jobSearch.filter({ hasText: 'Senior LLM Application Engineer' }).first().waitFor({ timeout: 15_000 });
    await page.mouse.move(1500, 980);
    await screenshot(page, 'dry-run-panel-applied-job-search.png');
  });

  it('reads in the light and the high-contrast themes', async () => {
    await page.locator('.tab', { hasText: /^Dry run of extract_job v1/ }).first().click();
    for (const theme of [THEMES.light, THEMES.highContrast]) {
      await switchTheme(page, theme);
      const frame = webviewDocument(page);
      await frame.locator('[data-testid="run-actions"]').waitFor({ timeout: 15_000 });
      // The webview follows the theme: its body takes the editor's background from the theme's variables.
      const colours = await frame.locator('body').evaluate((b) => ({ bg: getComputedStyle(b).backgroundColor, fg: getComputedStyle(b).color }));
      assert.notEqual(colours.bg, colours.fg);
      await page.mouse.move(1500, 980);
      await screenshot(page, `dry-run-panel-${theme.tag}.png`);
      await frame.locator('[data-testid="action-2"]').scrollIntoViewIfNeeded();
      await screenshot(page, `dry-run-panel-${theme.tag}-actions.png`);
      await frame.locator('body').evaluate(() => window.scrollTo(0, 0));
    }
    await switchTheme(page, THEMES.dark);
  });

  it('opens a cassette from the Testing view\'s context menu as its recorded run', async () => {
    const tree = await openTestingView(page, 60_000);
    const row = tree.locator('.monaco-list-row', { hasText: 'posting-en.jsonl' }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor();
    // A click on a workbench menu item does not always register in Chromium; hover it, then Enter runs it.
    await menu.locator('.action-label', { hasText: /^Open in Dry-Run Panel$/ }).hover();
    await page.keyboard.press('Enter');
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="meta"]', { hasText: /Recorded run: skills\/extract_job\/tests\/posting-en\.jsonl, \d{4}-\d\d-\d\d/ }).waitFor({ timeout: 60_000 });
    assert.match((await frame.locator('[data-testid="run-step-0-attempt-0"]').textContent()) ?? '', /Recorded model output[\s\S]*"company":"Northwind AI"/);
    assert.equal(await frame.locator('[data-testid="run-actions"] > li').count(), 4);
    await page.mouse.move(1500, 980);
    await screenshot(page, 'dry-run-panel-cassette.png');
  });

  it('comes back after a window reload with the run it showed; Apply waits for a fresh run, Dry Run Again makes one', async () => {
    // Through the workbench, so it saves its state first, as a desktop reload does (issue 28: the panel was lost).
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="meta"]', { hasText: /Recorded run: skills\/extract_job\/tests\/posting-en\.jsonl/ }).waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('[data-testid="run-actions"] > li').count(), 4);
    assert.match((await frame.locator('[data-testid="notice-0"]').textContent()) ?? '', /Restored after a window reload/);
    assert.equal(await frame.locator('[data-testid="button-apply"][disabled]').count(), 1, 'Apply is on for a plan restored from before the reload');
    assert.match((await frame.locator('[data-testid="hint-apply"]').textContent()) ?? '', /restored after a reload/);
    await page.mouse.move(1500, 980);
    await screenshot(page, 'dry-run-panel-after-reload.png');
    await frame.locator('[data-testid="button-again"]').click();
    await frame.locator('[data-testid="button-apply"]:not([disabled])').waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('[data-testid="notice-0"]').count(), 0, 'the restored notice outlived the fresh run');
  });
});
