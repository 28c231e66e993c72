// The workbench harness every end-to-end suite uses: Chromium opened on the code-server that
// test/vscode/run.mjs started, commands run from the palette, files opened with Quick Open,
// settings and colour themes changed as a user would, named screenshots, and each suite's
// passed and failed tests added to the run's total. The steps of a suite stay in the suite.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type FrameLocator, type Locator, type Page } from 'playwright-core';

/** Where screenshots go (IL_E2E_RESULTS, set by run.mjs; test-results otherwise). */
export const OUT = process.env.IL_E2E_RESULTS ?? path.resolve('test-results');
/** The repository. */
export const ROOT = path.resolve(__dirname, '..', '..', '..');
const CHROMIUM_ARGS: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'vscode', 'chromium-args.json'), 'utf8'));

/** What run.mjs tells the suites: the code-server URL, the workspace folder it opened, the user data folder. */
type RunnerVariable = 'IL_E2E_URL' | 'IL_E2E_WORKSPACE' | 'IL_E2E_USER_DATA';

/** A variable run.mjs sets; fails with how to run the suite when it is not set. */
export function fromRunner(name: RunnerVariable): string {
  const value = process.env[name];
  assert.ok(value, `${name} is not set: run this suite through "npm run test:vscode"`);
  return value;
}

/** The history file the extension writes in the e2e user data folder. */
export function historyFile(): string {
  return path.join(fromRunner('IL_E2E_USER_DATA'), 'User', 'globalStorage', 'interview-lens.interview-lens', 'history.sqlite');
}

/** Counts for IL_E2E_JSON: every suite adds its own to what the suites before it wrote. */
interface Counts { passed: number; failed: number }

/**
 * One suite's browser on the workbench: open() in before(), count() in afterEach(), close() in
 * after() once the suite's own clean-up that needs the page is done. The hooks stay in the suite
 * so its own before and after steps keep their order around them.
 */
export class Workbench {
  private browser: Browser | undefined;
  private current: Page | undefined;
  private readonly counts: Counts = { passed: 0, failed: 0 };

  /** `failureShot` names the screenshot of a failed test: `<failureShot>-<n>.png`. */
  constructor(private readonly failureShot: string) {}

  /**
   * Launches Chromium, opens the workbench and waits for it (and the Explorer, unless told not
   * to). `beforeLoad` sees the page before it loads, for listeners that must not miss anything.
   */
  async open(options: { viewport: { width: number; height: number }; explorer?: boolean; beforeLoad?: (page: Page) => void }): Promise<Page> {
    const url = fromRunner('IL_E2E_URL');
    fs.mkdirSync(OUT, { recursive: true });
    this.browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await this.browser.newPage({ viewport: options.viewport });
    this.current = page;
    options.beforeLoad?.(page);
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    if (options.explorer !== false) await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 60_000 });
    return page;
  }

  /** Counts the test that just ran; a failed one leaves a screenshot. Returns whether it passed. */
  async count(test: Mocha.Test | undefined): Promise<boolean> {
    if (test?.state === 'passed') {
      this.counts.passed++;
      return true;
    }
    this.counts.failed++;
    await this.current?.screenshot({ path: path.join(OUT, `${this.failureShot}-${this.counts.failed}.png`) }).catch(() => undefined);
    return false;
  }

  /** Adds this suite's counts to the run's total in IL_E2E_JSON and closes the browser. */
  async close(): Promise<void> {
    const file = process.env.IL_E2E_JSON;
    if (file) {
      const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Counts) : { passed: 0, failed: 0 };
      fs.writeFileSync(file, JSON.stringify({ passed: before.passed + this.counts.passed, failed: before.failed + this.counts.failed }));
    }
    await this.browser?.close();
  }
}

/** The quick-pick row whose label is exactly `label` (fuzzy matching lists look-alikes too), or matches it. */
export function pickRow(page: Page, label: string | RegExp): Locator {
  const exact = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : label;
  return page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: exact }) }).first();
}

/** Runs a command from the palette (F1) by its exact title; `timeout` bounds the wait for its row. */
export async function runCommand(page: Page, title: string, timeout = 30_000): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // F1 is sometimes swallowed by the control that has focus (seen once after typing into the
  // Settings editor), and the palette can close again before it is typed into (seen on a loaded
  // machine, as the Settings editor took the focus back): then click the title bar's plain text,
  // which does nothing, and open it again. A bounded retry of opening the palette, not of a check.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 5_000 });
      await input.fill(`>${title}`, { timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
      const bar = await page.locator('.part.titlebar').boundingBox().catch(() => null);
      if (bar) await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
    }
  }
  await pickRow(page, title).click({ timeout });
}

/**
 * Runs one of the extension's commands in a fresh window: the palette lists them only once the
 * extension host has scanned the extension, so ask again (a few times) until the row is there.
 */
export async function runExtensionCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runCommand(page, title, 10_000);
      return;
    } catch (err) {
      await page.keyboard.press('Escape');
      if (attempt >= 4) throw err;
    }
  }
}

/**
 * Opens a workspace file through Quick Open (Ctrl+P) and waits for its tab: `file` is its name, or
 * its path relative to the workspace when several files share a name (each skill's skill.yaml),
 * in which case the row and the breadcrumbs must show its folder too.
 */
export async function openFile(page: Page, file: string): Promise<void> {
  const name = path.posix.basename(file);
  const folder = file.includes('/') ? path.posix.basename(path.posix.dirname(file)) : undefined;
  // A file the test just wrote reaches Quick Open's index when the file watcher reports it: ask
  // again (a few times) rather than fail on the first, not yet indexed, search.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(file);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: folder ?? name }).first();
    try {
      await row.waitFor({ timeout: 10_000 });
    } catch (err) {
      await page.keyboard.press('Escape');
      if (attempt >= 5) throw err;
      continue;
    }
    // Click the row: Enter can take a stale first row (a recent file) before the list is filtered.
    await row.click();
    break;
  }
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor();
  if (folder) await page.locator('.breadcrumbs-control .monaco-icon-label', { hasText: folder }).first().waitFor();
}

/**
 * Sets a setting in the Settings editor, as a user would, and closes it: an enum through its
 * drop-down (the option whose value or label is one of `value`), text through its input.
 * Machine-scoped settings live on code-server's "Remote" tab (the settings files are not watched
 * for changes made behind the workbench's back, so they are not written directly).
 */
export async function setSetting(page: Page, id: string, value: string | string[], tab: 'User' | 'Remote' = 'User'): Promise<void> {
  await runCommand(page, 'Preferences: Open Settings (UI)');
  const editor = page.locator('.settings-editor');
  await editor.waitFor();
  await editor.locator('.settings-tabs-widget .action-label', { hasText: tab === 'User' ? /^User$/ : /^Remote/ }).click();
  // The search box is a small editor; click it before typing.
  await editor.locator('.settings-header .monaco-editor').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`@id:${id}`);
  // The control of this setting (its aria-label is the id): the list shows other settings until the search applies.
  const control = editor.locator(`select[aria-label="${id}"], input[aria-label="${id}"]`).first();
  await control.waitFor({ timeout: 15_000 });
  if ((await control.evaluate((e) => e.tagName)) === 'SELECT') {
    const wanted = Array.isArray(value) ? value : [value];
    const options = await control.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: (o.textContent ?? '').trim() })));
    const option = options.find((o) => wanted.includes(o.value) || wanted.includes(o.text));
    assert.ok(option, `${id}: none of ${wanted.join(', ')} among ${options.map((o) => o.text).join(', ')}`);
    await control.selectOption(option.value);
  } else {
    await control.fill(Array.isArray(value) ? value[0] : value);
    await page.keyboard.press('Tab');
  }
  await page.waitForTimeout(1000);
  await runCommand(page, 'View: Close Editor');
}

/** A colour theme of the screenshots: its label in the picker, the workbench's and a webview body's class, the file-name tag. */
export interface Theme { label: string; workbenchClass: string; webviewClass: string; tag: string }

/** The three themes every view is checked in: VS Code's "Default Dark Modern", "Default Light Modern" and "Default High Contrast", listed in the picker by these labels. */
export const THEMES = {
  dark: { label: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark', tag: 'dark' },
  light: { label: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light', tag: 'light' },
  highContrast: { label: 'Dark High Contrast', workbenchClass: 'hc-black', webviewClass: 'vscode-high-contrast', tag: 'high-contrast' },
} as const satisfies Record<string, Theme>;

/** Picks `theme` in "Preferences: Color Theme" and waits until the workbench is drawn in it. */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await page.locator('.quick-input-widget input[placeholder*="Color Theme"]').waitFor();
  await page.locator('.quick-input-widget input').fill(theme.label);
  await pickRow(page, theme.label).click();
  await page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ timeout: 15_000 });
}

/** Opens the Testing view from the activity bar (there once a test controller is registered) and returns its tree. */
export async function openTestingView(page: Page, timeout: number): Promise<Locator> {
  const testing = page.locator('.activitybar .action-item a[aria-label^="Testing"]').first();
  await testing.waitFor({ timeout });
  await testing.click();
  const tree = page.locator('.test-explorer .monaco-list');
  await tree.waitFor({ timeout: 30_000 });
  return tree;
}

/** The document of the newest webview on show (VS Code nests it in an iframe inside the webview's iframe). */
export function webviewDocument(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
}

/** Saves a screenshot of the page or of one element as OUT/`name`, for review. */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: path.join(OUT, name) });
}
