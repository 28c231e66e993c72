// Drives the real workbench in Chromium: open a transcript, run "Interview Lens: Diagnose
// Interview" from the command palette, read the report inside its webview, click a CodeLens.
// Started by test/vscode/run.mjs, which passes the code-server URL in IL_E2E_URL.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { startMockAnthropic } from '../support/mockAnthropicServer';
import { mockJudgeReply } from '../support/mockJudge';
import { THEMES, Workbench, historyFile, openFile, pickRow, runCommand, screenshot, setSetting, switchTheme, webviewDocument } from './support/workbench';

const CJK = /[\u3400-\u9fff]/;

/** The judge prompt of a Messages API request: system blocks and message text, as the mock judge reads it. */
function anthropicPromptText(body: { system?: string | Array<{ text?: string }>; messages?: Array<{ content: string | Array<{ type: string; text?: string }> }> }): string {
  const system = typeof body.system === 'string' ? [body.system] : (body.system ?? []).map((b) => b.text ?? '');
  const messages = (body.messages ?? []).flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => b.text ?? '')));
  return [...system, ...messages].join('\n');
}

/**
 * The report's own words: its text without what was said (question headings, quoted sentences,
 * the answers, the speakers' labels in quotes) and without the transcript's file name.
 */
async function reportWords(frame: FrameLocator): Promise<string> {
  return frame.locator('main.report').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('section.question header h3, q, details.answer').forEach((e) => e.remove());
    return (copy.textContent ?? '').replace(/“[^”]*”/g, ' ');
  });
}

/** Sets interviewLens.reportLanguage in the Settings editor, as a user would, and closes it. */
async function setReportLanguage(page: Page, value: 'ui' | 'transcript'): Promise<void> {
  await runCommand(page, 'Preferences: Open Settings (UI)');
  const editor = page.locator('.settings-editor');
  await editor.waitFor();
  // The search box is a small editor; click it before typing.
  await editor.locator('.settings-header .monaco-editor').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('@id:interviewLens.reportLanguage');
  const item = editor.locator('.setting-item-contents', { hasText: /Report Language/ }).first();
  await item.waitFor({ timeout: 15_000 });
  await screenshot(page, 'settings-report-language.png');
  // The settings editor's select box follows the 'change' event of its <select>, as when a user picks an option.
  await item.locator('select').selectOption(value);
  await page.waitForTimeout(1000);
  await runCommand(page, 'View: Close Editor');
}

describe('Diagnose Interview, end to end in Chromium', function () {
  this.timeout(180_000);
  const workbench = new Workbench('e2e-failure');
  let page: Page;

  before(async function () {
    page = await workbench.open({ viewport: { width: 1600, height: 1000 } });
  });

  afterEach(async function () {
    await workbench.count(this.currentTest);
  });

  after(async () => {
    await workbench.close();
  });

  it('offers Diagnose Interview in the Explorer context menu of a fresh window, before any command ran', async () => {
    // The extension is not active yet: a menu that depended on a context key set in activate() was missing here.
    const menu = page.locator('.context-view .monaco-menu');
    /** Right-clicks a file and returns the labels of its context menu (left open). */
    const menuOf = async (name: string): Promise<string[]> => {
      // A file's hover tooltip can cover the next row: move away first.
      await page.mouse.move(900, 600);
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().click({ button: 'right', force: true });
      await menu.waitFor();
      return (await menu.locator('.action-label').allTextContents()).map((t) => t.trim());
    };
    try {
      // Contributions arrive when the extension host has scanned the extensions, a moment after the
      // workbench shows: ask again until then (a missing item stays missing and fails below).
      let labels: string[] = [];
      for (let i = 0; i < 20; i++) {
        labels = await menuOf('backend-interview-zh.txt');
        if (labels.includes('Diagnose Interview')) break;
        await page.keyboard.press('Escape');
        await page.waitForTimeout(1000);
      }
      await screenshot(page, 'explorer-context-menu.png');
      assert.ok(labels.includes('Diagnose Interview'), `no Diagnose Interview in: ${labels.join(', ')}`);
      await page.keyboard.press('Escape');
      const audio = await menuOf('interview.wav');
      assert.ok(audio.includes('Diagnose Audio Recording'), `no Diagnose Audio Recording in: ${audio.join(', ')}`);
      assert.ok(!audio.includes('Diagnose Interview'), 'Diagnose Interview offered on a recording');
    } finally {
      await page.keyboard.press('Escape');
    }
  });

  it('shows the report webview with the overall score and question count', async () => {
    await openFile(page, 'backend-interview-zh.txt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = webviewDocument(page);
    const overall = frame.locator('[data-testid="overall-score"]');
    await overall.waitFor({ timeout: 60_000 });
    const score = Number((await overall.textContent())?.trim());
    assert.ok(score > 0 && score <= 100, `overall score ${score}`);
    assert.equal((await frame.locator('[data-testid="question-count"]').textContent())?.trim(), '6');
    assert.equal(await frame.locator('section.question').count(), 6);
    // Every question shows how sure its score is, and key points the answer states quote the sentence.
    assert.equal(await frame.locator('section.question [data-testid="question-confidence"]').count(), 6);
    const stated = frame.locator('section.question li.kp[data-status="stated"] q');
    assert.ok(await stated.count() > 0, 'no key point shown as stated with its sentence');
    assert.ok(((await stated.first().textContent()) ?? '').trim().length > 5);
    await screenshot(page, 'workbench-after-diagnose.png');
  });

  it('item 7: an English UI shows the Chinese transcript\'s report all in English, quotes as spoken', async () => {
    const frame = webviewDocument(page);
    assert.equal(await frame.locator('main.report').getAttribute('lang'), 'en');
    const words = (await reportWords(frame)).replace(/backend-interview-zh\.txt/g, '');
    const chinese = words.match(/\S*[\u3400-\u9fff]\S*/g) ?? [];
    assert.deepEqual(chinese, [], `Chinese in the English report: ${chinese.slice(0, 8).join(' ')}`);
    assert.doesNotMatch(words, /：|；|（/, 'Chinese punctuation in the English report');
    // Headings, plan, key points and the expert reference are English; the question and the quoted answer stay Chinese.
    await frame.locator('h2', { hasText: 'Improvement plan' }).waitFor();
    assert.match((await frame.locator('#q-3 header h3').textContent()) ?? '', CJK);
    await frame.locator('#q-3 details:not(.answer) summary', { hasText: 'Expert reference' }).click();
    assert.doesNotMatch((await frame.locator('#q-3 details[open] blockquote').first().textContent()) ?? '', CJK);
    await frame.locator('#q-3').scrollIntoViewIfNeeded();
    await screenshot(page, 'report-english-ui-chinese-transcript.png');
  });

  it('item 6: each "Why these scores" group adds up to the score it explains', async () => {
    const frame = webviewDocument(page);
    await frame.locator('#q-4 details:has(ul.why) > summary').click();
    const groups = frame.locator('#q-4 li[data-testid="why-total"]');
    await groups.first().waitFor();
    let checked = 0;
    for (let i = 0; i < await groups.count(); i++) {
      const g = groups.nth(i);
      const total = await g.getAttribute('data-total');
      if (!total) continue;
      const deltas = (await g.locator('.delta').allTextContents()).map((d) => Number(d.trim()));
      assert.equal(deltas.reduce((a, b) => a + b, 0), Number(total), `${await g.getAttribute('data-dimension')}: ${deltas.join(' ')} ≠ ${total}`);
      checked++;
    }
    assert.equal(checked, 5, 'four dimensions and the score');
    assert.equal(await frame.locator('#q-4 li[data-testid="why-total"][data-dimension="score"]').getAttribute('data-total'),
      (await frame.locator('#q-4 [data-testid="question-score"]').textContent())?.replace('/100', '').trim());
    await frame.locator('#q-4 ul.why').scrollIntoViewIfNeeded();
    await screenshot(page.locator('iframe.webview.ready'), 'report-why-these-scores.png');
  });

  it('item 8: a local date, speakers with their evidence, one step per wrong claim, points written as in the lens', async () => {
    const frame = webviewDocument(page);
    const time = frame.locator('main.report > p.muted time');
    assert.match((await time.getAttribute('datetime')) ?? '', /^\d{4}-\d\d-\d\dT/);
    assert.doesNotMatch((await time.textContent()) ?? '', /T\d\d:|Z$/, 'a raw ISO timestamp');
    assert.match((await frame.locator('[data-testid="speakers"]').textContent()) ?? '', /“面试官” and “候选人” are named by their labels/);
    const plan = await frame.locator('h3:has-text("Immediate") + ul li').allTextContents();
    assert.equal(new Set(plan).size, plan.length, plan.join('\n'));
    assert.ok(!plan.includes('none'));
    // The lens and the report write a missing point the same way (the toolkit tag upper-cased it).
    const lens = (await page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q3 · / }).textContent()) ?? '';
    const point = /missing: (.+?)(?: · |$)/.exec(lens)?.[1];
    assert.ok(point, lens);
    const shown = (await frame.locator('#q-3 li.kp b').allInnerTexts()).map((t) => t.trim());
    assert.ok(shown.includes(point), `"${point}" is written ${JSON.stringify(shown)} in the report`);
    for (const t of await frame.locator('.tag').all()) assert.equal(await t.evaluate((e) => getComputedStyle(e).textTransform), 'none');
  });

  it('puts a score CodeLens above every question', async () => {
    const lenses = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q\d+ · \d+\/100/ });
    await lenses.first().waitFor({ timeout: 30_000 });
    const titles = await lenses.allTextContents();
    assert.equal(titles.length, 6, titles.join(' | '));
    assert.match(titles[2], /^Q3 · \d+\/100 · /);
  });

  it('scrolls the report to a question when its CodeLens is clicked', async () => {
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q5 · / });
    await lens.click();
    const frame = webviewDocument(page);
    await frame.locator('body[data-revealed="5"]').waitFor({ timeout: 15_000 });
    await frame.locator('#q-5.highlight').waitFor();
    // The question must now be in view, and the page must have scrolled to get it there.
    const view = await frame.locator('#q-5').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, height: window.innerHeight, scrollY: window.scrollY };
    });
    assert.ok(view.scrollY > 0, `the report did not scroll (scrollY ${view.scrollY})`);
    assert.ok(view.top >= -1 && view.top < view.height - 40, `Q5 top at ${view.top}px of ${view.height}px`);
    await screenshot(page, 'workbench-after-codelens-click.png');
    await screenshot(page.locator('iframe.webview.ready'), 'report-webview.png');
  });

  it('"Show in editor" in the report selects the question line in the transcript', async () => {
    const frame = webviewDocument(page);
    await frame.locator('vscode-button.goto[data-index="2"]').click();
    // The cursor line's number is marked active whether or not the editor has focus yet.
    await page.locator('.monaco-editor .line-numbers.active-line-number', { hasText: /^5$/ }).waitFor({ timeout: 15_000 });
    await page.locator('.monaco-editor .selected-text').first().waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: '那你介绍一下 RAG 的流程' }).waitFor();
  });

  it('follows the colour theme: light and high contrast', async () => {
    const frame = webviewDocument(page);
    for (const theme of [THEMES.light, THEMES.highContrast, THEMES.dark]) {
      await switchTheme(page, theme);
      await frame.locator(`body.${theme.webviewClass}`).waitFor({ timeout: 20_000 });
      // Text must stay readable: the colours the webview computes for a score and its background differ.
      const colours = await frame.locator('[data-testid="overall-score"]').evaluate((el) => ({
        fg: getComputedStyle(el).color, bg: getComputedStyle(document.body).backgroundColor,
      }));
      assert.notEqual(colours.fg, colours.bg, `${theme.label}: score colour equals the background`);
      await screenshot(page, `report-${theme.tag}.png`);
    }
  });

  it('diagnoses an SRT export: lenses on the question cues and a delivery section in the report', async () => {
    await openFile(page, 'rag-interview-en.srt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="question-count"]', { hasText: /^4$/ }).waitFor({ timeout: 60_000 });
    const delivery = Number((await frame.locator('[data-testid="delivery-score"]').textContent())?.replace('/100', '').trim());
    assert.ok(delivery > 0 && delivery <= 100, `delivery score ${delivery}`);
    for (const row of ['delivery-pace', 'delivery-fillers', 'delivery-pauses', 'delivery-latency', 'delivery-talk-ratio']) {
      assert.equal(await frame.locator(`[data-testid="delivery"] [data-testid="${row}"]`).count(), 1, row);
    }
    assert.equal(await frame.locator('section.question [data-testid="answer-delivery"]').count(), 4);
    const lenses = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q\d+ · \d+\/100/ });
    await lenses.first().waitFor({ timeout: 30_000 });
    assert.equal(await lenses.count(), 4);
    await frame.locator('[data-testid="delivery"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'workbench-srt-delivery.png');
    // The fillers by word add up to the count the chart states (issue 28: 5 of 8 words, no "others").
    const words = frame.locator('[data-testid="chart-fillers-words"]');
    await words.locator('summary').click();
    const counts = await words.locator('tbody td').allTextContents();
    const said = Number(/(\d+) fillers?/.exec((await frame.locator('#chart-fillers-desc').textContent()) ?? '')?.[1]);
    assert.equal(counts.reduce((n, c) => n + Number(c), 0), said, `the by-word table adds up to ${said}`);
    await words.scrollIntoViewIfNeeded();
    await screenshot(page, 'report-filler-table.png');
  });

  it('brings back the report panel and the score lenses after the window reloads', async () => {
    // The SRT report is on show beside its transcript; a reload used to leave an empty editor group.
    // Reload through the workbench (not the browser) so it saves its state first, as a desktop reload does.
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="question-count"]', { hasText: /^4$/ }).waitFor({ timeout: 60_000 });
    await page.locator('.tab', { hasText: 'rag-interview-en.srt' }).first().click();
    const lenses = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q\d+ · \d+\/100/ });
    await lenses.first().waitFor({ timeout: 30_000 });
    assert.match((await lenses.first().textContent()) ?? '', /^Q1 · /);
    await screenshot(page, 'workbench-after-reload.png');
    // The editor draws only what is in view: the last question's lens is there at the end of the file.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q4 · \d+\/100/ }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+Home');
  });

  it('Cancel stops a 250-question run of long answers at once, saves nothing and says so', async () => {
    const workspace = process.env.IL_E2E_WORKSPACE;
    const userData = process.env.IL_E2E_USER_DATA;
    assert.ok(workspace && userData, 'IL_E2E_WORKSPACE / IL_E2E_USER_DATA not set: run through "npm run test:vscode"');
    const one = fs.readFileSync(path.join(workspace, 'backend-interview-zh.txt'), 'utf8').trim();
    const questions = (one.match(/^面试官：.*[？?]\s*$/gm) ?? []).length;
    // Long enough that no machine finishes it before the Cancel click: 250 questions took about
    // 2 s once the judge got faster (issue 29), close to the time the test takes to see the toast,
    // screenshot it and click. More questions are refused (at most 300 a run), so each answer is
    // said eight times over: about 6 times the judge's work.
    const longAnswers = one.replace(/^(候选人：)(.*)$/gm, (_line, who: string, said: string) => who + said.repeat(8));
    fs.writeFileSync(path.join(workspace, 'long-interview.txt'), Array.from({ length: Math.ceil(250 / questions) }, () => longAnswers).join('\n\n'));
    await openFile(page, 'long-interview.txt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'diagnosing long-interview.txt' });
    await toast.waitFor({ timeout: 30_000 });
    // Progress speaks from the start, before the first question is counted.
    await toast.locator('.notification-list-item-message', { hasText: /splitting|questions|loading/ }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'diagnose-progress.png');
    await toast.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'Diagnosis cancelled. Nothing was saved.' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'diagnose-cancelled.png');
    await page.waitForTimeout(3000);
    assert.equal(await page.locator('.tab', { hasText: 'Interview report: long-interview.txt' }).count(), 0, 'the cancelled run opened its report');
    const store = await HistoryStore.open(historyFile());
    assert.deepEqual(store.list('default', 1000).filter((r) => r.source === 'long-interview.txt'), [], 'the cancelled run was saved to history');
    store.close();
  });

  it('item 5: a question without a reference says so and what it was judged on, never "Missing: none"', async () => {
    const workspace = process.env.IL_E2E_WORKSPACE!;
    fs.writeFileSync(path.join(workspace, 'on-call.txt'), 'Interviewer: How would you run the on-call rotation for a five-person team?\nCandidate: A weekly rotation with a secondary, and we hand over every Monday with a short written summary of open incidents.\n');
    await openFile(page, 'on-call.txt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = webviewDocument(page);
    const note = frame.locator('#q-1 [data-testid="no-reference"]');
    await note.waitFor({ timeout: 60_000 });
    assert.match((await note.textContent()) ?? '', /No reference answer matched this question[\s\S]*judged on its explanations \(depth, 55%\), concrete claims \(practicality, 30%\) and relevance \(15%\)/);
    assert.doesNotMatch((await frame.locator('#q-1').textContent()) ?? '', /Missing:\s*none/);
    await screenshot(page, 'report-no-reference.png');
  });

  it('item 8 / issue 28: a re-run is compared with its earlier run, not with the interview in between; another is compared when picked', async () => {
    await openFile(page, 'backend-interview-zh.txt');
    await runCommand(page, 'Interview Lens: Diagnose Interview');
    const frame = webviewDocument(page);
    const compared = frame.locator('[data-testid="compared-with"]');
    await compared.waitFor({ timeout: 60_000 });
    // The earlier run of this transcript, by its date and time; not the on-call question diagnosed in between.
    assert.match((await compared.textContent()) ?? '', /^Compared with the run of .+ of this interview \(\d+ questions\)\.$/);
    assert.equal(await frame.locator('[data-testid="rerun"], [data-testid="not-compared"]').count(), 0, '"not compared" and then a comparison');
    assert.equal(await frame.locator('[data-testid="compare-relation"]').getAttribute('data-relation'), 'same-topics');
    // The report's button picks another report: the on-call question, a different interview.
    await frame.locator('[data-testid="compare-with-other"]').click();
    await pickRow(page, 'on-call.txt').click({ timeout: 30_000 });
    await frame.locator('[data-testid="compared-with"][data-basis="picked"]').waitFor({ timeout: 30_000 });
    assert.match((await frame.locator('[data-testid="compared-with"]').textContent()) ?? '', /^Compared with on-call\.txt, the run of .+ you picked \(1 question\)\.$/);
    assert.match((await frame.locator('[data-testid="compare-relation"]').textContent()) ?? '', /different interview: no knowledge topic in common/);
    assert.equal(await frame.locator('[data-testid="overall-delta"]').count(), 0, 'an unrelated interview shown as progress');
    await frame.locator('[data-testid="compared"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'report-compared-rerun.png');
  });

  it('item 7: interviewLens.reportLanguage = transcript writes the Chinese transcript\'s report and lenses in Chinese', async () => {
    await setReportLanguage(page, 'transcript');
    try {
      await openFile(page, 'backend-interview-zh.txt');
      await runCommand(page, 'Interview Lens: Diagnose Interview');
      const frame = webviewDocument(page);
      await frame.locator('main.report[lang="zh-CN"] h1', { hasText: '面试诊断报告' }).waitFor({ timeout: 60_000 });
      const words = (await reportWords(frame)).replace(/backend-interview-zh\.txt/g, '');
      const english = words.match(/\b(the|and|your|answer|question|missing|points?|min|max)\b/gi) ?? [];
      assert.deepEqual(english, [], `English words in the Chinese report: ${english.join(' ')}`);
      await page.locator('.monaco-editor .codelens-decoration a', { hasText: /缺少：/ }).first().waitFor({ timeout: 30_000 });
      const lenses = await page.locator('.monaco-editor .codelens-decoration a', { hasText: /^Q\d+ · \d+\/100/ }).allTextContents();
      assert.ok(lenses.every((t) => !/missing:/.test(t)), lenses.join(' | '));
      await screenshot(page, 'report-transcript-language-chinese.png');
    } finally {
      await setReportLanguage(page, 'ui');
    }
  });

  it('searches the knowledge base from the palette and shows an entry with both answers side by side', async () => {
    await runCommand(page, 'Interview Lens: Search Knowledge Base');
    await pickRow(page, 'RAG and retrieval').click();
    const input = page.locator('.quick-input-widget input');
    await input.fill('hybrid retrieval BM25');
    const first = page.locator('.quick-input-list .monaco-list-row').first();
    await first.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const frame = webviewDocument(page);
    await frame.locator('[data-testid="entry-expert"]').waitFor({ timeout: 30_000 });
    await frame.locator('[data-testid="entry-novice"]').waitFor();
    const question = (await frame.locator('[data-testid="entry-question"]').textContent()) ?? '';
    assert.match(question, /retriev|BM25|RAG/i, question);
    assert.match((await frame.locator('main').textContent()) ?? '', /Dimension: RAG and retrieval/, 'the dimension filter held');
    await screenshot(page, 'knowledge-entry.png');
  });
  it('Claude through the Anthropic API: without a key one error offers "Set API Key"; the key typed there is used, with cache breakpoints; Cancel aborts the requests in flight', async () => {
    const userData = process.env.IL_E2E_USER_DATA;
    assert.ok(userData, 'IL_E2E_USER_DATA not set: run through "npm run test:vscode"');
    const key = 'sk-ant-e2e-0123456789abcdefghijklmnop';
    const mock = await startMockAnthropic({
      apiKey: key,
      minCacheTokens: 256,
      responder: (body) => ({ content: [{ type: 'text', text: mockJudgeReply(anthropicPromptText(body)) ?? 'not a judge prompt' }] }),
    });
    const toasts = page.locator('.notifications-toasts .notification-toast');
    try {
      // The engine is the user's choice (a window setting); the base URL is machine-scoped (code-server's remote settings).
      await runCommand(page, 'View: Close All Editors');
      await setSetting(page, 'interviewLens.engine', 'anthropic');
      await setSetting(page, 'interviewLens.anthropic.baseUrl', mock.url, 'Remote');
      await openFile(page, 'llm-engineer-en.md');
      await runCommand(page, 'Interview Lens: Diagnose Interview');
      const noKey = toasts.filter({ hasText: 'No Anthropic API key is set' });
      await noKey.waitFor({ timeout: 30_000 });
      assert.equal(await noKey.count(), 1, 'more than one notification for one missing key');
      const said = (await noKey.locator('.notification-list-item-message').textContent()) ?? '';
      assert.match(said, /^Cannot diagnose llm-engineer-en\.md: No Anthropic API key is set: run "Interview Lens: Set Anthropic API Key"/);
      assert.doesNotMatch(said, /\bat [\w.<>]+ \(|Error:|\.ts:\d+/, 'a stack trace in the notification');
      await screenshot(page, 'engine-no-key.png');
      assert.equal(mock.requests.length, 0, 'a request went out without a key');
      await noKey.locator('.monaco-button', { hasText: 'Set API Key' }).click();
      // The key is typed into a hidden (password) input, as a user would.
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      assert.equal(await input.getAttribute('type'), 'password', 'the key is typed in the clear');
      await input.fill(key);
      await page.keyboard.press('Enter');
      await toasts.filter({ hasText: 'Anthropic API key saved.' }).waitFor({ timeout: 15_000 });

      await openFile(page, 'llm-engineer-en.md');
      await runCommand(page, 'Interview Lens: Diagnose Interview');
      const frame = webviewDocument(page);
      await frame.locator('[data-testid="question-count"]', { hasText: /^4$/ }).waitFor({ timeout: 90_000 });
      await screenshot(page, 'report-anthropic-engine.png');
      const judged = mock.requests.filter((r) => r.body?.messages);
      assert.ok(judged.length >= 4, `${judged.length} requests reached the mock`);
      // The SDK sends the key as x-api-key or as a bearer token, depending on its version.
      assert.ok(judged.every((r) => r.headers['x-api-key'] === key || r.headers.authorization === `Bearer ${key}`), `a request without the stored key: ${JSON.stringify(judged.map((r) => Object.keys(r.headers)))}`);
      assert.ok(judged.every((r) => r.body.model === 'claude-sonnet-5-5'), judged.map((r) => r.body.model).join(', '));
      assert.ok(judged.some((r) => Array.isArray(r.body.system) && r.body.system.some((b: { cache_control?: unknown }) => b.cache_control)), 'no cache_control block in the system prompt');
      // The report names the engine and the model, and says what the run used.
      const store = await HistoryStore.open(historyFile());
      try {
        const row = store.list('default', 1000).find((r) => r.source === 'llm-engineer-en.md');
        const report = row && store.get(row.id);
        assert.ok(report, 'the run was not saved');
        assert.equal(report.engine, 'anthropic');
        assert.equal(report.model, 'claude-sonnet-5-5');
        assert.ok(report.usage && report.usage.calls >= 4, JSON.stringify(report.usage));
        assert.ok(report.perQuestion.some((q) => q.scoredBy?.engine === 'anthropic'), JSON.stringify(report.perQuestion.map((q) => q.scoredBy)));
      } finally {
        store.close();
      }
      // Cancel aborts the model requests in flight: the server sees each client go, and nothing is saved.
      mock.script({ kind: 'hang' }, 6);
      const before = mock.requests.length;
      await openFile(page, 'backend-interview-zh.txt');
      await runCommand(page, 'Interview Lens: Diagnose Interview');
      const progress = toasts.filter({ hasText: 'diagnosing backend-interview-zh.txt' });
      await progress.waitFor({ timeout: 30_000 });
      for (let i = 0; i < 100 && mock.requests.length < before + 6; i++) await page.waitForTimeout(100);
      const hanging = mock.requests.slice(before);
      assert.equal(hanging.length, 6, 'the six questions were not all in flight at once');
      await progress.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await toasts.filter({ hasText: 'Diagnosis cancelled. Nothing was saved.' }).waitFor({ timeout: 15_000 });
      for (let i = 0; i < 50 && !hanging.every((r) => r.closedEarly); i++) await page.waitForTimeout(100);
      assert.ok(hanging.every((r) => r.closedEarly), `${hanging.filter((r) => !r.closedEarly).length} model requests still open after Cancel`);
      const after = await HistoryStore.open(historyFile());
      try {
        const last = after.list('default', 1000).find((r) => r.source === 'backend-interview-zh.txt');
        assert.notEqual(last && after.get(last.id)?.engine, 'anthropic', 'the cancelled run was saved');
      } finally {
        after.close();
      }
      // The usage line is in the log; the key is nowhere in it.
      const logs: string[] = [];
      const walk = (dir: string): void => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else if (e.name === 'Interview Lens.log' || p.includes('interview-lens.interview-lens')) logs.push(fs.readFileSync(p, 'utf8'));
        }
      };
      walk(path.join(userData, 'logs'));
      const log = logs.join('\n');
      assert.match(log, /usage: anthropic claude-sonnet-5-5: \d+ calls, .* cache read share [\d.]+%, cost /);
      assert.ok(!log.includes(key), 'the API key reached the log');
    } finally {
      await setSetting(page, 'interviewLens.engine', 'offline').catch(() => undefined);
      await setSetting(page, 'interviewLens.anthropic.baseUrl', '', 'Remote').catch(() => undefined);
      await mock.close();
    }
  });

  it('Ask shows its answer as rendered Markdown in a themed panel without scripts', async () => {
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Interview Lens: Ask');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('What is prompt caching?');
    await page.keyboard.press('Enter');
    const frame = webviewDocument(page);
    await frame.locator('main.answer').waitFor({ timeout: 60_000 });
    assert.match((await frame.locator('header .meta').textContent()) ?? '', /Skill: explain-concept.*Engine: offline/);
    // Markdown came out as HTML: the bold question and the list of key points.
    assert.ok(await frame.locator('main.answer strong').count() > 0, 'no bold text: the Markdown was not rendered');
    assert.ok(await frame.locator('main.answer li').count() > 0, 'no list items: the Markdown was not rendered');
    const csp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src/, 'the Ask panel allows scripts');
    await screenshot(page, 'ask-panel.png');
  });
});
