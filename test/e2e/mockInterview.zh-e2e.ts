// The mock interview in a Chinese UI (issue 28): run against the second code-server that
// test/vscode/run.mjs starts with --locale zh-cn and the stub language pack, so the extension's
// zh-cn bundles are used (VS Code's own UI stays English). The panel, its questions and its
// feedback read in Chinese; screenshot test-results/mock-interview-zh.png.
import { strict as assert } from 'node:assert';
import type { Frame, Page } from 'playwright-core';
import { Workbench, pickRow, runExtensionCommand, screenshot } from './support/workbench';

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

const CJK = /[\u4e00-\u9fff]/;

describe('The mock interview in a Chinese UI, end to end in Chromium', function () {
  this.timeout(300_000);
  const workbench = new Workbench('mock-zh-failure');
  let page: Page;

  before(async () => {
    page = await workbench.open({ viewport: { width: 1600, height: 1000 } });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    await workbench.close();
  });

  it('starts from the palette in Chinese, asks a Chinese question, and gives its feedback in Chinese', async () => {
    // The command's title comes from package.nls.zh-cn.json; a fresh window lists it once the extension host has scanned it.
    await runExtensionCommand(page, 'Interview Lens: 开始模拟面试');
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: '模拟面试（1/3）：维度' }).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: '模拟面试（2/3）：难度' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: '模拟面试（3/3）：题数' }).waitFor();
    await input.fill('3 道题');
    await pickRow(page, '3 道题').waitFor();
    await page.keyboard.press('Enter');

    const frame = await webviewFrame(page, 'body.mock [data-testid="question"]');
    assert.equal(await frame.textContent('[data-testid="progress"]'), '第 1 题，共 3 题');
    const question = (await frame.textContent('[data-testid="question"]')) ?? '';
    assert.match(question, CJK, `the question is not in Chinese: ${question}`);
    assert.match((await frame.textContent('#submit')) ?? '', /提交回答/);
    assert.match((await frame.textContent('#end')) ?? '', /结束面试/);
    await frame.waitForFunction(() => document.activeElement?.id === 'answer');
    await page.keyboard.type('我会先说明思路，再结合上一个项目举一个具体的例子。', { delay: 2 });
    await page.keyboard.press('Control+Enter');
    await frame.waitForSelector('[data-testid="feedback-score"]', { timeout: 90_000 });
    assert.match((await frame.textContent('[data-testid="feedback-score"]')) ?? '', /^\d+\/100$/);
    const shown = await frame.evaluate(() => document.body.innerText);
    assert.match(shown, /你上一题的回答/, 'the feedback heading is not in Chinese');
    assert.doesNotMatch(shown, /Your last answer|Submit answer|End interview|Question \d+ of \d+/, 'English left in the panel');
    await screenshot(page, 'mock-interview-zh.png');
  });
});
