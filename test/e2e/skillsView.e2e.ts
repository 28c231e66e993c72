// The Skills view in the real workbench, in Chromium (issue 15): the status bar item opens it,
// workspace skills appear as their files are written, a broken save shows the reason while the
// last good version keeps running, and the context menu offers Run, Dry Run, Open and Toggle
// Enabled. Screenshots in the dark, light and high-contrast themes. Started by test/vscode/run.mjs.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { THEMES, Workbench, fromRunner, screenshot, switchTheme } from './support/workbench';

const skillYaml = (name: string, version: number | string) => `name: ${name}
version: ${version}
description: >-
  Keeps the selected text as a note with a short summary. Use it for meeting notes. Not for job
  postings, which have their own skill.
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [summary]
  properties:
    summary: { type: string, description: Two sentences about the text. }
offline:
  summary: "{{ input.text | truncate(100) }}"
actions:
  - create_note:
      title: "{{ out.summary }}"
      body_md: "{{ input.text }}"
match:
  inputs: [text]
`;

describe('The Skills view, end to end in Chromium', function () {
  this.timeout(180_000);
  const workbench = new Workbench('e2e-skills-failure');
  let page: Page;
  const skillsDir = () => path.join(fromRunner('IL_E2E_WORKSPACE'), 'skills');
  let hadSkillsDir = false;

  /** The Skills view's row of `name`. */
  const row = (name: string) => page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) }).first();

  before(async function () {
    hadSkillsDir = fs.existsSync(skillsDir());
    for (const n of ['e2e_notes', 'e2e_broken']) fs.rmSync(path.join(skillsDir(), n), { recursive: true, force: true });
    page = await workbench.open({ viewport: { width: 1400, height: 900 }, explorer: false });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    fs.rmSync(hadSkillsDir ? path.join(skillsDir(), 'e2e_notes') : skillsDir(), { recursive: true, force: true });
    fs.rmSync(path.join(skillsDir(), 'e2e_broken'), { recursive: true, force: true });
    await workbench.close();
  });

  it('the status bar item counts the skills and opens the Skills view', async () => {
    const item = page.locator('.statusbar-item', { hasText: /\d+ skills/ }).first();
    await item.waitFor({ timeout: 60_000 });
    assert.match((await item.textContent()) ?? '', /^\s*\d+ skills/);
    await item.click();
    await page.locator('.pane-header', { hasText: /^Skills/i }).first().waitFor({ timeout: 15_000 });
    await row('capture_note').waitFor({ timeout: 15_000 });
  });

  it('a workspace skill appears when its file is written, and a broken save shows why while v1 keeps running', async () => {
    fs.mkdirSync(path.join(skillsDir(), 'e2e_notes'), { recursive: true });
    fs.writeFileSync(path.join(skillsDir(), 'e2e_notes', 'skill.yaml'), skillYaml('e2e_notes', 1));
    await row('e2e_notes').waitFor({ timeout: 15_000 });
    assert.equal((await row('e2e_notes').locator('.label-description').textContent())?.trim(), 'v1');

    fs.writeFileSync(path.join(skillsDir(), 'e2e_notes', 'skill.yaml'), skillYaml('e2e_notes', 'two'));
    fs.mkdirSync(path.join(skillsDir(), 'e2e_broken'), { recursive: true });
    fs.writeFileSync(path.join(skillsDir(), 'e2e_broken', 'skill.yaml'), 'name: e2e_broken\nversion: 1\n');
    const description = row('e2e_notes').locator('.label-description', { hasText: /running v1 \(last good\)/ });
    await description.waitFor({ timeout: 15_000 });
    assert.match((await description.textContent()) ?? '', /invalid: .*version.*\(line 2\)/);
    await row('e2e_broken').locator('.label-description', { hasText: /^invalid: / }).waitFor({ timeout: 15_000 });
    await page.locator('.statusbar-item', { hasText: /\d+ skills · 2 invalid/ }).waitFor({ timeout: 15_000 });
    // Hovering away keeps the rows unobstructed for the picture.
    await page.mouse.move(900, 600);
    await screenshot(page, 'skills-view-dark.png');
    await screenshot(page.locator('.sidebar'), 'skills-view-sidebar.png');
  });

  it('the context menu of a skill offers Run, Dry Run, Open and Toggle Enabled', async () => {
    await row('e2e_notes').click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor();
    const labels = (await menu.locator('.action-label').allTextContents()).map((t) => t.trim()).filter(Boolean);
    for (const l of ['Run', 'Dry Run', 'Open', 'Toggle Enabled']) assert.ok(labels.includes(l), `no ${l} in: ${labels.join(', ')}`);
    await page.keyboard.press('Escape');
  });

  it('reads in the light and high-contrast themes too', async () => {
    // Ending on the default dark theme, as the next suite expects it.
    for (const theme of [THEMES.light, THEMES.highContrast, THEMES.dark]) {
      await switchTheme(page, theme);
      if (theme === THEMES.dark) continue;
      await row('e2e_notes').waitFor();
      await row('e2e_broken').locator('.label-description', { hasText: /^invalid: / }).waitFor();
      await page.mouse.move(900, 600);
      await screenshot(page, `skills-view-${theme.tag}.png`);
    }
  });
});
