// The Testing view in Chromium (issue 16): the built-in skills' cassettes and a workspace
// recording appear under "Interview Lens Replays", Run All replays them, and the edited recording
// fails while the built-in ones pass. Screenshot: test-results/testing-view-replays.png.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const URL = process.env.IL_E2E_URL;
const OUT = process.env.IL_E2E_RESULTS ?? path.resolve('test-results');
const WORKSPACE = process.env.IL_E2E_WORKSPACE;
const CHROMIUM_ARGS: string[] = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'vscode', 'chromium-args.json'), 'utf8'));
const ROOT = path.resolve(__dirname, '..', '..');

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: exact }) }).first().click();
}

describe('Replays in the Testing view, end to end in Chromium', function () {
  this.timeout(180_000);
  let browser: Browser;
  let page: Page;
  let recording: string;

  before(async () => {
    assert.ok(URL && WORKSPACE, 'IL_E2E_URL / IL_E2E_WORKSPACE are not set: run this suite through "npm run test:vscode"');
    fs.mkdirSync(OUT, { recursive: true });
    // A workspace recording whose expected title was edited: it must fail.
    const lines = fs.readFileSync(path.join(ROOT, 'skills', 'capture_note', 'tests', 'note-offline.jsonl'), 'utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"name":"run_skill"'));
    const call = JSON.parse(lines[at]);
    call.response.data.output.title = 'A title nobody recorded';
    lines[at] = JSON.stringify(call);
    recording = path.join(WORKSPACE!, '.interview-lens', 'recordings', 'edited-e2e.jsonl');
    fs.mkdirSync(path.dirname(recording), { recursive: true });
    fs.writeFileSync(recording, `${lines.join('\n')}\n`);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(URL!);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 60_000 });
  });

  after(async () => {
    fs.rmSync(recording, { force: true });
    await browser?.close();
  });

  it('lists the cassettes under Interview Lens Replays; Run All passes the built-in ones and fails the edited recording', async () => {
    // The Testing view appears in the activity bar once a test controller is registered (at activation).
    const testing = page.locator('.activitybar .action-item a[aria-label^="Testing"]').first();
    await testing.waitFor({ timeout: 90_000 });
    await testing.click();
    const tree = page.locator('.test-explorer .monaco-list');
    await tree.waitFor({ timeout: 30_000 });
    const row = (name: string) => tree.locator('.monaco-list-row', { hasText: name }).first();
    for (const name of ['posting-en.jsonl', 'note-offline.jsonl', 'long-chat-topics.jsonl', 'edited-e2e.jsonl']) {
      await row(name).waitFor({ timeout: 30_000 });
    }
    await runCommand(page, 'Test: Run All Tests');
    // Each row's icon says its state once the run reported it.
    await row('edited-e2e.jsonl').locator('.codicon-testing-failed-icon').waitFor({ timeout: 60_000 });
    await row('posting-en.jsonl').locator('.codicon-testing-passed-icon').waitFor({ timeout: 60_000 });
    await row('note-offline.jsonl').locator('.codicon-testing-passed-icon').waitFor({ timeout: 60_000 });
    // Open the failing cassette's calls.
    await row('edited-e2e.jsonl').click();
    await page.keyboard.press('ArrowRight');
    await tree.locator('.monaco-list-row', { hasText: '· tool run_skill' }).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(OUT, 'testing-view-replays.png') });
  });
});
