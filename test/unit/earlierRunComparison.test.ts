import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCore } from '../../src/core/services';
import { HistoryStore } from '../../src/core/diagnosis/history/historyStore';
import { latestEarlierRun } from '../../src/core/diagnosis/history/earlierRun';
import { SkillStepError } from '../../src/core/builtin/codeSkills/diagnoseTranscript';
import { renderTextSummary } from '../../src/core/diagnosis/report/text';
import { renderReportBody } from '../../src/core/diagnosis/report/html';
import { KNOWLEDGE_DIR, SAMPLES, tempDir } from './helpers';

const read = (name: string) => fs.readFileSync(path.join(SAMPLES, name), 'utf8');

/** Issue 28, item 3: a report is compared only with an earlier run of the same interview, unless the user picks another. */
describe('the comparison with an earlier run of the same interview', function () {
  this.timeout(60_000);
  let dir: string;
  let store: HistoryStore;

  beforeEach(async () => {
    dir = tempDir('il-cmp-');
    store = await HistoryStore.open(path.join(dir, 'history.sqlite'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('none: the first run of an interview is not compared, and says so with no number (zh and en)', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const en = (await core.diagnose({ text: read('llm-engineer-en.md'), source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md' })).raw;
    assert.equal(en.comparedToLast, null);
    assert.equal(en.rerunOf ?? null, null);
    assert.match(renderTextSummary(en), /\nNot compared: this interview was not diagnosed before\.\n/);
    const html = renderReportBody(en, { toolkit: false });
    assert.match(html, /data-testid="not-compared">Not compared: this interview was not diagnosed before\.</);
    assert.doesNotMatch(html, /data-testid="overall-delta"|data-testid="compare-dimension"/);
    const zh = (await core.diagnose({ text: read('backend-interview-zh.txt'), source: 'backend-interview-zh.txt', reportLanguage: 'zh' })).raw;
    assert.equal(zh.comparedToLast, null, 'another interview diagnosed just before is not compared with');
    assert.match(renderTextSummary(zh), /未对比：这场面试之前没有诊断过。/);
  });

  it('different identity: another interview diagnosed last is not compared with', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    await core.diagnose({ text: read('llm-engineer-en.md'), source: 'llm-engineer-en.md' });
    const rag = (await core.diagnose({ text: read('rag-interview-en.srt'), source: 'rag-interview-en.srt' })).raw;
    assert.equal(rag.comparedToLast, null);
    assert.equal(latestEarlierRun(store, 'default', { rows: rag.perQuestion.map((q) => ({ ...q, answer: `${q.answer} (changed)` })) }), null);
  });

  it('same identity: a re-run (in zh too) is compared with the latest earlier run of that text, not with the interview diagnosed last', async () => {
    let now = Date.parse('2026-12-02T14:05:00Z');
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store, clock: () => (now += 60_000) });
    const text = read('llm-engineer-en.md');
    await core.diagnose({ text, source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md' });
    const second = (await core.diagnose({ text, source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md' })).raw;
    await core.diagnose({ text: read('rag-interview-en.srt'), source: 'rag-interview-en.srt' });
    const zh = (await core.diagnose({ text, source: 'llm-engineer-en.md', sourceKey: 'file:///w/llm-engineer-en.md', reportLanguage: 'zh' })).raw;
    assert.equal(zh.comparedToLast?.previousId, second.id, 'the latest earlier run of the same text');
    assert.equal(zh.comparedToLast?.basis, 'earlier-run');
    assert.equal(zh.rerunOf?.id, second.id, 'progress counts it as a re-run');
    assert.equal(zh.comparedToLast?.relation, 'same-topics');
    const when = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(second.createdAt));
    const html = renderReportBody(zh, { toolkit: true });
    assert.ok(html.includes(`data-testid="compared-with" data-basis="earlier-run" data-previous-id="${second.id}">对比对象：这场面试 ${when} 的那次诊断（4 道题）。</p>`), html.slice(html.indexOf('compared-with') - 40, html.indexOf('compared-with') + 200));
    assert.doesNotMatch(html, /不作对比|未对比/, 'no "not compared" before a comparison');
    assert.match(html, /data-action="compareWith"/, 'the webview offers to pick another report');
    const en = (await core.diagnose({ text, source: 'llm-engineer-en.md', persist: false })).raw;
    assert.match(renderTextSummary(en), /Compared with an earlier run: Compared with the run of .+ of this interview \(4 questions\)\./);
  });

  it('same identity, edited: most question-and-answer pairs the same is the same interview', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const text = read('llm-engineer-en.md');
    const first = (await core.diagnose({ text, source: 'a.md' })).raw;
    const edited = latestEarlierRun(store, 'default', { rows: first.perQuestion.map((q, i) => (i === 0 ? { ...q, answer: 'Rewritten.' } : q)) });
    assert.equal(edited?.id, first.id);
    assert.equal(latestEarlierRun(store, 'someone-else', { rows: first.perQuestion }), null, 'only the same user\'s reports');
  });

  it('picked: compareWith names another report; an unknown id is an input error', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store });
    const llm = (await core.diagnose({ text: read('llm-engineer-en.md'), source: 'llm-engineer-en.md' })).raw;
    const rag = (await core.diagnose({ text: read('rag-interview-en.srt'), source: 'rag-interview-en.srt', compareWith: llm.id })).raw;
    assert.equal(rag.comparedToLast?.previousId, llm.id);
    assert.equal(rag.comparedToLast?.basis, 'picked');
    assert.match(renderTextSummary(rag), /Compared with llm-engineer-en\.md, the run of .+ you picked \(4 questions\)\./);
    await assert.rejects(core.diagnose({ text: read('rag-interview-en.srt'), compareWith: 'no-such-id' }),
      (e: Error) => e instanceof SkillStepError && e.error.code === 'input_error' && /no report "no-such-id" in the history/.test(e.error.message));
  });
});
