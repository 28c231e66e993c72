// The Testing view in Chromium (issue 16): the built-in skills' cassettes and a workspace
// recording appear under "Interview Lens Replays", Run All replays them, and the edited recording
// fails while the built-in ones pass. Screenshot: test-results/testing-view-replays.png.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, Workbench, fromRunner, openTestingView, runCommand, screenshot } from './support/workbench';

describe('Replays in the Testing view, end to end in Chromium', function () {
  this.timeout(180_000);
  const workbench = new Workbench('e2e-replays-failure');
  let page: Page;
  let recording: string;

  before(async () => {
    // A workspace recording whose expected title was edited: it must fail.
    const lines = fs.readFileSync(path.join(ROOT, 'skills', 'capture_note', 'tests', 'note-offline.jsonl'), 'utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"name":"run_skill"'));
    const call = JSON.parse(lines[at]);
    call.response.data.output.title = 'A title nobody recorded';
    lines[at] = JSON.stringify(call);
    recording = path.join(fromRunner('IL_E2E_WORKSPACE'), '.interview-lens', 'recordings', 'edited-e2e.jsonl');
    fs.mkdirSync(path.dirname(recording), { recursive: true });
    fs.writeFileSync(recording, `${lines.join('\n')}\n`);
    page = await workbench.open({ viewport: { width: 1600, height: 1000 } });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    if (recording) fs.rmSync(recording, { force: true });
    await workbench.close();
  });

  it('lists the cassettes under Interview Lens Replays; Run All passes the built-in ones and fails the edited recording', async () => {
    // The Testing view appears in the activity bar once a test controller is registered (at activation).
    const tree = await openTestingView(page, 90_000);
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
    await screenshot(page, 'testing-view-replays.png');
  });
});
