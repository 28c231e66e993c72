// Editing a skill in the real workbench (issue 15), in Chromium: a broken skill.yaml shows its
// problems as squiggles and in the Problems panel, typing a new item in `actions` opens the
// completion list with the action primitives, and fixing and saving the file clears the problems
// and shows the skill as valid in the Skills view (the time from the save to that is printed).
// Screenshots go to test-results/ for review.
// Started by test/vscode/run.mjs after diagnose.e2e.ts, against the same code-server.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { Workbench, fromRunner, openFile, runCommand, screenshot } from './support/workbench';

const SKILL = 'e2e_editor_probe';
/** The skill the fix-and-save test fixes (its own, so the completion test's typing is not in it). */
const FIXED = 'e2e_editor_fixed';
const broken = (name: string) => `name: ${name}
version: 1
description: Keeps the pasted text as a note. Use it for a short note. Not for job postings.
prompt:
  user: |
    Keep this:
    {{ input.text | nosuchfilter }}
output_schema:
  type: object
  properties:
    title: { type: string, description: A one-line title of the note. }
chunking:
  strategy: fixd
match:
  inputs: [text]
actions:
  - create_note:
      title: "{{ out.title }}"
      body_md: "{{ input.text }}"
`;
const BROKEN = broken(SKILL);

describe('Editing a skill.yaml, end to end in Chromium', function () {
  this.timeout(180_000);
  const workbench = new Workbench('e2e-skill-editor-failure');
  let page: Page;
  let dir = '';
  let fixedDir = '';

  before(async function () {
    const workspace = fromRunner('IL_E2E_WORKSPACE');
    dir = path.join(workspace, 'skills', SKILL);
    fixedDir = path.join(workspace, 'skills', FIXED);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.yaml'), BROKEN);
    fs.mkdirSync(fixedDir, { recursive: true });
    fs.writeFileSync(path.join(fixedDir, 'skill.yaml'), broken(FIXED));
    page = await workbench.open({ viewport: { width: 1600, height: 1000 } });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    await workbench.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (fixedDir) fs.rmSync(fixedDir, { recursive: true, force: true });
  });

  it('shows a broken skill.yaml\'s problems as squiggles and in the Problems panel', async () => {
    await openFile(page, `skills/${SKILL}/skill.yaml`);
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const rows = page.locator('.markers-panel .monaco-list-row');
    await rows.filter({ hasText: 'nosuchfilter' }).first().waitFor({ timeout: 15_000 });
    const text = (await rows.allTextContents()).join('\n');
    assert.match(text, /nosuchfilter/, 'the unknown filter is listed');
    assert.match(text, /fixd/, 'the misspelt strategy is listed');
    assert.match(text, /Interview Lens skills/, 'the problems carry our source label');
    // The squiggle sits on the misspelt value: hovering it shows the message.
    await screenshot(page, 'skill-editor-diagnostics.png');
  });

  it('offers the action primitives when a new item is typed in actions', async () => {
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('  - ');
    const suggest = page.locator('.editor-widget.suggest-widget');
    try {
      await suggest.locator('.monaco-list-row', { hasText: 'create_note' }).first().waitFor({ timeout: 5_000 });
    } catch {
      // Typing a space opens the list; if the widget was dismissed by a re-render, ask for it.
      await page.keyboard.press('Control+Space');
      await suggest.locator('.monaco-list-row', { hasText: 'create_note' }).first().waitFor({ timeout: 15_000 });
    }
    const labels = await suggest.locator('.monaco-list-row .label-name').allTextContents();
    assert.ok(labels.some((l) => l.includes('upsert_company')), `no upsert_company in ${labels.join(', ')}`);
    // The details of the selected item show the primitive's documentation.
    await page.keyboard.press('Control+Space');
    await page.waitForTimeout(500);
    await screenshot(page, 'skill-editor-completion.png');
    await page.keyboard.press('Escape');
    await runCommand(page, 'File: Revert File');
  });

  it('fixing the mistakes clears the problems, and after the save the Skills view shows the skill as valid', async () => {
    await openFile(page, `skills/${FIXED}/skill.yaml`);
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    // The Skills view, opened from its status bar item, lists the saved (broken) file as invalid.
    await page.locator('.statusbar-item', { hasText: /\d+ skills/ }).first().click();
    const row = page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${FIXED}$`) }) }).first();
    await row.locator('.label-description', { hasText: /^invalid: / }).waitFor({ timeout: 30_000 });

    // Each mistake found with Find and typed over, as a user would, then saved at once (a browser
    // VS Code would also save by itself a second after typing: files.autoSave is afterDelay there).
    for (const [wrong, right] of [['nosuchfilter', 'trim'], ['fixd', 'fixed']]) {
      await editor.locator('.view-lines').click();
      await page.keyboard.press('Control+F');
      await page.locator('.find-widget.visible').waitFor();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(wrong);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.keyboard.type(right);
    }
    const saved = Date.now();
    await page.keyboard.press('Control+S');
    await row.locator('.label-description', { hasText: /^v1$/ }).waitFor({ timeout: 30_000 });
    // Wall-clock, for the log only: what a user waits from Ctrl+S to the view showing the skill valid.
    console.log(`      save -> Skills view shows ${FIXED} valid: ${Date.now() - saved} ms (file watcher, registry reload, tree refresh, render)`);
    await page.locator('.tab.active[data-resource-name="skill.yaml"]:not(.dirty)').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.editor-instance .squiggly-error').length === 0, undefined, { timeout: 30_000 });

    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await page.locator('.markers-panel').waitFor();
    await page.waitForFunction((skill) => !Array.from(document.querySelectorAll<HTMLElement>('.markers-panel .monaco-list-row')).some((r) => r.textContent?.includes(skill)), FIXED, { timeout: 15_000 });
    await page.mouse.move(1200, 500);
    await screenshot(page, 'skill-editor-fixed.png');
  });
});
