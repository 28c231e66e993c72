// Progress and pictures in the real workbench, in Chromium (issue 17): a timed transcript's
// delivery pictures and the trend charts of the report panel, screenshotted in the dark, light
// and high-contrast themes, with checks that every line and label is drawn in a colour that
// differs from the page (a variable missing in one theme would draw it invisible); the History
// view in the Interview Lens container. Started by test/vscode/run.mjs.
import { strict as assert } from 'node:assert';
import type { FrameLocator, Page } from 'playwright-core';
import { THEMES, Workbench, openFile, runCommand, screenshot, setSetting, switchTheme, webviewDocument, type Theme } from './support/workbench';

/** The themes of the screenshots, the default dark one first. */
const THEMES_SHOWN = [THEMES.dark, THEMES.light, THEMES.highContrast];

async function setTheme(page: Page, theme: Theme): Promise<void> {
  await switchTheme(page, theme);
  // The webview receives the new theme's variables a moment after the workbench repaints.
  await page.waitForTimeout(1500);
}

/**
 * For every drawn element of the charts: its stroke or fill, the page background, and whether
 * they differ. A line whose colour variable is missing in a theme is drawn in the background's
 * colour or not at all; that is what this catches.
 */
async function invisibleMarks(frame: FrameLocator): Promise<string[]> {
  return frame.locator('main.report').evaluate((main) => {
    const bg = getComputedStyle(document.body).backgroundColor;
    const out: string[] = [];
    const kinds: Array<[string, 'stroke' | 'fill']> = [
      ['.chart-line', 'stroke'], ['.chart-marker', 'fill'], ['.chart-filler', 'stroke'], ['.chart-bar', 'fill'], ['.chart-axis', 'stroke'],
      ['.chart-limit', 'stroke'], ['.chart-band-edge', 'stroke'], ['.chart text', 'fill'], ['.chart-current', 'stroke'],
    ];
    for (const [sel, prop] of kinds) {
      for (const el of Array.from(main.querySelectorAll(sel))) {
        const s = getComputedStyle(el);
        const colour = prop === 'stroke' ? s.stroke : s.fill;
        const hidden = colour === 'none' && !(sel === '.chart-marker' && s.stroke !== 'none');
        const width = prop === 'stroke' ? parseFloat(s.strokeWidth) : 1;
        if (hidden || colour === bg || colour === 'rgba(0, 0, 0, 0)' || !(width > 0) || s.visibility === 'hidden' || s.opacity === '0') {
          out.push(`${sel} ${prop}=${colour} width=${s.strokeWidth} on ${bg}`);
        }
      }
    }
    return out;
  });
}

describe('Progress and pictures, end to end in Chromium', function () {
  this.timeout(240_000);
  const workbench = new Workbench('e2e-progress-failure');
  let page: Page;

  before(async function () {
    page = await workbench.open({ viewport: { width: 1600, height: 1000 } });
    // These reports are the offline engine's, whatever an earlier suite left the engine set to.
    await setSetting(page, 'interviewLens.engine', 'offline');
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    // The next suite expects the default dark theme.
    if (page) await setTheme(page, THEMES.dark).catch(() => undefined);
    await workbench.close();
  });

  it('a timed transcript diagnosed after another: the delivery pictures and the Progress section in the report panel', async () => {
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'llm-engineer-en.md');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    await webviewDocument(page).locator('main.report [data-testid="question-count"]', { hasText: /^4$/ }).waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'rag-interview-en.srt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="delivery-charts"]').waitFor({ timeout: 60_000 });
    for (const id of ['chart-pace', 'chart-fillers', 'chart-pauses']) {
      const svg = frame.locator(`svg#${id}`);
      assert.equal(await svg.getAttribute('role'), 'img');
      const [title, desc] = (await svg.getAttribute('aria-labelledby'))!.split(' ');
      assert.ok(((await frame.locator(`[id="${title}"]`).textContent()) ?? '').length > 5, `${id} has no title`);
      assert.ok(((await frame.locator(`[id="${desc}"]`).textContent()) ?? '').length > 20, `${id} has no description`);
    }
    assert.equal(await frame.locator('svg#chart-fillers .chart-filler').count(), 8, 'a mark per filler of the sample');
    assert.equal(await frame.locator('svg#chart-pauses rect.chart-bar > title').count(), 8, 'latency and longest pause for each of 4 questions (the legend\'s swatches have no tooltip)');
    const progress = frame.locator('[data-testid="progress"]');
    await progress.waitFor();
    assert.ok(Number(await progress.getAttribute('data-sessions')) >= 2);
    assert.ok(await frame.locator('svg#progress-dimensions .chart-line').count() >= 4, 'the overall score and the dimensions each have a line');
    await frame.locator('[data-testid="export-report"]').waitFor();
    // The numbers behind a chart open from the keyboard.
    await frame.locator('[data-testid="chart-pace-numbers"] summary').focus();
    await page.keyboard.press('Enter');
    assert.equal(await frame.locator('[data-testid="chart-pace-numbers"]').getAttribute('open'), '');
    await page.keyboard.press('Enter');
  });

  for (const theme of THEMES_SHOWN) {
    it(`draws every chart line, mark and label visibly in ${theme.label}, screenshotted`, async () => {
      await setTheme(page, theme);
      const frame = webviewDocument(page);
      assert.deepEqual(await invisibleMarks(frame), [], `invisible chart marks in ${theme.label}`);
      if (theme === THEMES.highContrast) {
        const width = await frame.locator('svg#progress-dimensions .chart-line').first().evaluate((e) => getComputedStyle(e).strokeWidth);
        assert.equal(width, '3px', 'lines are thicker in high contrast');
      }
      const charts = frame.locator('[data-testid="delivery-charts"]');
      await charts.scrollIntoViewIfNeeded();
      await screenshot(charts, `delivery-charts-${theme.tag}.png`);
      const progress = frame.locator('[data-testid="progress"]');
      await progress.scrollIntoViewIfNeeded();
      await screenshot(progress, `progress-charts-${theme.tag}.png`);
      await screenshot(page, `report-progress-${theme.tag}.png`);
    });
  }

  it('the History view lists the sessions by month in the Interview Lens container', async () => {
    await page.locator('.activitybar .action-item a[aria-label^="Interview Lens"]').first().click();
    const header = page.locator('.pane-header', { hasText: /^History/ }).first();
    await header.waitFor({ timeout: 15_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const pane = page.locator('.pane', { has: header }).first();
    const row = pane.locator('.monaco-list-row', { hasText: 'rag-interview-en.srt' }).first();
    await row.waitFor({ timeout: 15_000 });
    assert.match((await row.textContent()) ?? '', /rag-interview-en\.srt\s*\d+\/100 · /);
    await page.mouse.move(1200, 800);
    await screenshot(pane, 'history-view.png');
    // Open from the view brings the report back in the panel.
    await runCommand(page, 'View: Close All Editors');
    await row.click();
    await webviewDocument(page).locator('main.report [data-testid="overall-score"]').waitFor({ timeout: 30_000 });
    assert.match((await page.locator('.tab.active').textContent()) ?? '', /rag-interview-en\.srt/);
  });
});
