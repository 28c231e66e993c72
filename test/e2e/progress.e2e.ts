// Progress and pictures in the real workbench, in Chromium (issue 17): a timed transcript's
// delivery pictures and the trend charts of the report panel, screenshotted in the dark, light
// and high-contrast themes, with checks that every line and label is drawn in a colour that
// differs from the page (a variable missing in one theme would draw it invisible); the History
// view in the Interview Lens container. Started by test/vscode/run.mjs.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';

const URL = process.env.IL_E2E_URL;
const OUT = process.env.IL_E2E_RESULTS ?? path.resolve('test-results');
const CHROMIUM_ARGS: string[] = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'vscode', 'chromium-args.json'), 'utf8'));

/** The themes of the screenshots: the picker's label, the workbench's class, the file-name tag. */
const THEMES = [
  { label: 'Dark Modern', cls: 'vs-dark', tag: 'dark' },
  { label: 'Light Modern', cls: 'vs', tag: 'light' },
  { label: 'Dark High Contrast', cls: 'hc-black', tag: 'high-contrast' },
] as const;

function exactRow(page: Page, label: string) {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: exact }) }).first();
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await exactRow(page, title).click();
}

async function openFile(page: Page, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    try {
      await row.waitFor({ timeout: 10_000 });
    } catch (err) {
      await page.keyboard.press('Escape');
      if (attempt >= 5) throw err;
      continue;
    }
    await row.click();
    break;
  }
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor();
}

async function setTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await page.locator('.quick-input-widget input').fill(theme.label);
  await exactRow(page, theme.label).click();
  await page.locator(`.monaco-workbench.${theme.cls}`).waitFor({ timeout: 15_000 });
  // The webview receives the new theme's variables a moment after the workbench repaints.
  await page.waitForTimeout(1500);
}

function reportFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
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
  let browser: Browser;
  let page: Page;
  let passed = 0;
  let failed = 0;

  before(async function () {
    assert.ok(URL, 'IL_E2E_URL is not set: run this suite through "npm run test:vscode"');
    fs.mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(URL);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 60_000 });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'passed') passed++;
    else {
      failed++;
      await page?.screenshot({ path: path.join(OUT, `e2e-progress-failure-${failed}.png`) }).catch(() => undefined);
    }
  });

  after(async () => {
    // The suites before this one wrote their counts first: add ours.
    const file = process.env.IL_E2E_JSON;
    if (file) {
      const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as { passed: number; failed: number } : { passed: 0, failed: 0 };
      fs.writeFileSync(file, JSON.stringify({ passed: before.passed + passed, failed: before.failed + failed }));
    }
    // The next suite expects the default dark theme.
    if (page) await setTheme(page, THEMES[0]).catch(() => undefined);
    await browser?.close();
  });

  it('a timed transcript diagnosed after another: the delivery pictures and the Progress section in the report panel', async () => {
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'llm-engineer-en.md');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    await reportFrame(page).locator('main.report [data-testid="question-count"]', { hasText: /^4$/ }).waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'rag-interview-en.srt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = reportFrame(page);
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

  for (const theme of THEMES) {
    it(`draws every chart line, mark and label visibly in ${theme.label}, screenshotted`, async () => {
      await setTheme(page, theme);
      const frame = reportFrame(page);
      assert.deepEqual(await invisibleMarks(frame), [], `invisible chart marks in ${theme.label}`);
      if (theme.cls === 'hc-black') {
        const width = await frame.locator('svg#progress-dimensions .chart-line').first().evaluate((e) => getComputedStyle(e).strokeWidth);
        assert.equal(width, '3px', 'lines are thicker in high contrast');
      }
      const charts = frame.locator('[data-testid="delivery-charts"]');
      await charts.scrollIntoViewIfNeeded();
      await charts.screenshot({ path: path.join(OUT, `delivery-charts-${theme.tag}.png`) });
      const progress = frame.locator('[data-testid="progress"]');
      await progress.scrollIntoViewIfNeeded();
      await progress.screenshot({ path: path.join(OUT, `progress-charts-${theme.tag}.png`) });
      await page.screenshot({ path: path.join(OUT, `report-progress-${theme.tag}.png`) });
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
    await pane.screenshot({ path: path.join(OUT, 'history-view.png') });
    // Open from the view brings the report back in the panel.
    await runCommand(page, 'View: Close All Editors');
    await row.click();
    await reportFrame(page).locator('main.report [data-testid="overall-score"]').waitFor({ timeout: 30_000 });
    assert.match((await page.locator('.tab.active').textContent()) ?? '', /rag-interview-en\.srt/);
  });
});
