// The interview coach in Chromium (issue 17): a mock interview started from the command palette
// and answered with the keyboard only (quick picks, the answer box, Ctrl+Enter, Tab to Skip), the
// panel brought back by a window reload in the middle, the report at the end; then "Compare with
// the expert" from a question's CodeLens. Each view is screenshotted in the dark, light and
// high-contrast themes (test-results/coach-*.png).
import { strict as assert } from 'node:assert';
import type { Frame, Page } from 'playwright-core';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { THEMES, Workbench, historyFile, openFile, pickRow, runCommand, runExtensionCommand, screenshot, switchTheme, type Theme } from './support/workbench';

/** The themes every coach view is checked in, ending on the default, dark. */
const THEMES_SHOWN = [THEMES.light, THEMES.highContrast, THEMES.dark];

/** The webview document whose body matches `selector` (VS Code nests it two iframes deep). */
async function webviewFrame(page: Page, selector: string, ms = 60_000): Promise<Frame> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    for (const f of page.frames()) {
      if (await f.$(selector).catch(() => null)) return f;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no webview with ${selector} within ${ms} ms`);
}

/** Switches the colour theme through its picker and waits until the webview follows it. */
async function useTheme(page: Page, theme: Theme, selector: string): Promise<Frame> {
  await switchTheme(page, theme);
  const frame = await webviewFrame(page, `body.${theme.webviewClass}${selector}`, 20_000);
  // Readable in every theme: text and background colours differ.
  const colours = await frame.evaluate(() => ({ fg: getComputedStyle(document.body).color, bg: getComputedStyle(document.body).backgroundColor }));
  assert.notEqual(colours.fg, colours.bg, `${theme.label}: text colour equals the background`);
  return frame;
}

/** Types into the focused element as a user would (the toolkit's text area keeps its own textarea). */
async function typeAnswer(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 2 });
}

describe('The interview coach, end to end in Chromium', function () {
  this.timeout(300_000);
  const workbench = new Workbench('coach-failure');
  let page: Page;

  before(async () => {
    page = await workbench.open({ viewport: { width: 1920, height: 1080 } });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    // The next suite opens this workbench again: leave it with no editors and the default theme.
    if (page) await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    await workbench.close();
  });

  it('a mock interview answered with the keyboard only, in the dark, light and high-contrast themes; a reload keeps its place', async () => {
    // A fresh window lists the extension's commands once the extension host has scanned it: ask again until then.
    await runExtensionCommand(page, 'Interview Lens: Start Mock Interview');
    // Dimensions: none chosen means all; Enter accepts. Difficulty: the default. Count: 3.
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Mock interview (1/3)' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'coach-mock-pick-dimensions.png');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Mock interview (2/3)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Mock interview (3/3)' }).waitFor();
    await input.fill('3 questions');
    await pickRow(page, '3 questions').waitFor();
    await page.keyboard.press('Enter');

    let frame = await webviewFrame(page, 'body.mock [data-testid="question"]');
    assert.equal(await frame.textContent('[data-testid="progress"]'), 'Question 1 of 3');
    // The count shows once, in the header (the question's card said it again, issue 28).
    assert.equal(await frame.evaluate(() => document.body.innerText.split('Question 1 of 3').length - 1), 1, 'the question count shows twice');
    // The answer box has the focus: type and submit with Ctrl+Enter.
    await frame.waitForFunction(() => document.activeElement?.id === 'answer');
    const first = (await frame.textContent('[data-testid="question"]')) ?? '';
    await typeAnswer(page, 'I would explain it step by step and give a concrete example from my last project.');
    await page.keyboard.press('Control+Enter');
    await frame.waitForSelector('[data-testid="feedback-score"]', { timeout: 60_000 });
    assert.match((await frame.textContent('[data-testid="feedback-score"]')) ?? '', /^\d+\/100$/);
    // A weak answer misses key points: what was missing is listed, and a follow-up probes it.
    await frame.waitForSelector('[data-testid="feedback-missing"]');
    assert.equal(await frame.textContent('[data-testid="question-kind"]'), 'Follow-up');
    assert.notEqual(await frame.textContent('[data-testid="question"]'), first);
    await frame.waitForFunction(() => document.activeElement?.id === 'answer');

    for (const theme of THEMES_SHOWN) {
      frame = await useTheme(page, theme, '.mock');
      await frame.waitForSelector('[data-testid="feedback-score"]');
      await screenshot(page, `coach-mock-${theme.tag}.png`);
    }

    // A reload in the middle: the panel comes back at the same follow-up (from the store).
    const followUp = await frame.textContent('[data-testid="question"]');
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    frame = await webviewFrame(page, 'body.mock [data-testid="question"]', 90_000);
    assert.equal(await frame.textContent('[data-testid="question"]'), followUp);
    await frame.waitForSelector('[data-testid="feedback-score"]');
    await screenshot(page, 'coach-mock-after-reload.png');

    // Skip the follow-up with the keyboard: Tab from the answer box to Skip, then Enter.
    await frame.click('#answer');
    await frame.waitForFunction(() => document.activeElement?.id === 'answer');
    const tabsToSkip = await frame.evaluate(() => (document.getElementById('record') ? 3 : 2));
    for (let i = 0; i < tabsToSkip; i++) await page.keyboard.press('Tab');
    assert.equal(await frame.evaluate(() => document.activeElement?.id), 'skip', 'Tab reaches Skip');
    await page.keyboard.press('Enter');
    await frame.waitForFunction(() => document.querySelector('[data-testid="progress"]')?.textContent === 'Question 2 of 3');
    // End asks first and keeps the typed answer (issue 28): cancelled, the interview goes on with the draft in the box.
    await frame.waitForFunction(() => document.activeElement?.id === 'answer' && document.body.dataset.busy === '', undefined, { timeout: 60_000 });
    await typeAnswer(page, 'A draft not sent yet.');
    await frame.click('#end');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    assert.match((await dialog.textContent()) ?? '', /End the interview\? Your typed answer is submitted first/);
    await screenshot(page, 'coach-mock-end-confirm.png');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    assert.equal(await frame.evaluate(() => document.body.dataset.status), 'active', 'a cancelled End ended the interview');
    assert.equal(await frame.evaluate(() => (document.getElementById('answer') as unknown as { value: string }).value), 'A draft not sent yet.');
    await frame.evaluate(() => { (document.getElementById('answer') as unknown as { value: string }).value = ''; });
    await frame.click('#answer');
    // The other two questions: type, Ctrl+Enter (a follow-up may come after each).
    for (let step = 0; step < 6; step++) {
      const status = await frame.evaluate(() => document.body.dataset.status);
      if (status !== 'active') break;
      await frame.waitForFunction(() => document.activeElement?.id === 'answer' && document.body.dataset.busy === '', undefined, { timeout: 60_000 });
      const asked = await frame.evaluate(() => document.querySelector('[data-testid="question"]')?.textContent ?? '');
      await typeAnswer(page, 'We measured it on a fixed evaluation set, chose the simpler design, and checked the trade-off in production with monitoring.');
      await page.keyboard.press('Control+Enter');
      // Done when the next question is on show, or the interview is over and diagnosed.
      await frame.waitForFunction((q) => document.body.dataset.busy === ''
        && (document.body.dataset.status !== 'active' || document.querySelector('[data-testid="question"]')?.textContent !== q), asked, { timeout: 90_000 });
    }
    await frame.waitForSelector('[data-testid="over"] #open-report', { timeout: 90_000 });
    assert.equal(await frame.evaluate(() => document.activeElement?.id), 'open-report', 'focus goes to Open report');
    // The report of the mock interview opened beside it, and it is in the history.
    const report = await webviewFrame(page, 'main.report [data-testid="overall-score"]');
    assert.ok(Number(await report.textContent('[data-testid="question-count"]')) >= 2);
    await page.waitForTimeout(500);
    await screenshot(page, 'coach-mock-finished.png');
    const userData = process.env.IL_E2E_USER_DATA;
    if (userData) {
      const store = await HistoryStore.open(historyFile());
      try {
        assert.ok(store.list('default', 50).some((r) => /^Mock interview /.test(r.source)), 'the mock interview is not in the history');
      } finally {
        store.close();
      }
    }
  });

  it('compares a diagnosed question with the expert from its CodeLens, in the three themes', async () => {
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'llm-engineer-en.md');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Compare with the expert' });
    await lens.nth(1).waitFor({ timeout: 60_000 });
    await lens.nth(1).click();
    let frame = await webviewFrame(page, 'body.compare [data-testid="compare-question"]');
    assert.match((await frame.textContent('[data-testid="compare-question"]')) ?? '', /idempotent/);
    const statuses = await frame.$$eval('[data-testid="point"]', (li) => li.map((l) => l.getAttribute('data-status')));
    assert.ok(statuses.includes('stated'), statuses.join(','));
    // A ticked point quotes the answer's sentence, and that sentence is marked in the answer.
    assert.ok((await frame.$$('[data-testid="point-sentence"]')).length > 0);
    assert.ok((await frame.$$('[data-testid="candidate-answer"] .sentence.covers')).length > 0);
    assert.ok((await frame.textContent('[data-testid="expert-answer"]'))!.length > 40);
    // Offline: the rewrite is explained, not offered.
    assert.ok(await frame.$('[data-testid="rewrite-unavailable"]'));
    // Keyboard: Tab reaches "Open entry" (the page's first control), and Enter opens the knowledge-base entry.
    await frame.click('h1');
    let reached = '';
    for (let i = 0; i < 4 && reached !== 'open-entry'; i++) {
      await page.keyboard.press('Tab');
      reached = await frame.evaluate(() => document.activeElement?.id ?? '');
    }
    assert.equal(reached, 'open-entry', 'Tab does not reach Open entry');
    for (const theme of THEMES_SHOWN) {
      frame = await useTheme(page, theme, '.compare');
      await screenshot(page, `coach-compare-${theme.tag}.png`);
    }
    await frame.focus('#open-entry');
    await page.keyboard.press('Enter');
    await page.locator('.tab', { hasText: /idempotent/i }).first().waitFor({ timeout: 15_000 });
  });
});
