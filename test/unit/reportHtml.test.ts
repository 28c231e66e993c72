import { strict as assert } from 'node:assert';
import { createCore } from '../../src/core/services';
import { renderReportBody, renderStandaloneHtml } from '../../src/core/diagnosis/report/html';
import { renderTextSummary } from '../../src/core/diagnosis/report/text';
import { renderEntryBody } from '../../src/core/diagnosis/report/entryHtml';
import { KNOWLEDGE_DIR } from './helpers';

describe('report renderers', () => {
  let core: ReturnType<typeof createCore>;
  before(() => { core = createCore({ knowledgeDir: KNOWLEDGE_DIR }); });
  const hostile = 'Interviewer: <img src=x onerror=alert(1)> How do you make an API idempotent?\nCandidate: "quoted" & <script>alert(2)</script> idempotency key\n';

  it('escapes transcript text everywhere', async () => {
    const { raw } = await core.diagnose({ text: hostile, source: '<b>evil</b>.txt' });
    for (const html of [renderStandaloneHtml(raw), renderReportBody(raw, { toolkit: true })]) {
      assert.ok(!html.includes('<img src=x'), 'unescaped img');
      assert.ok(!html.includes('<script>alert'), 'unescaped script');
      assert.ok(!html.includes('<b>evil'), 'unescaped source name');
      assert.ok(html.includes('&lt;img src=x'));
    }
  });

  it('renders the anchors the editor and tests rely on, in either report language', async () => {
    const { raw } = await core.diagnose({ text: hostile });
    const en = renderReportBody(raw, { toolkit: true });
    assert.match(en, /id="q-1"/);
    assert.match(en, /data-testid="question-count">1</);
    assert.match(en, /<vscode-button[^>]+data-index="1"/);
    const zh = (await core.diagnose({ text: hostile, reportLanguage: 'zh' })).raw;
    assert.match(renderReportBody(zh, { toolkit: false }), /面试诊断报告/);
    assert.match(renderTextSummary(raw), /Overall score: \d+\/100 · Questions: 1/);
  });

  it('renders delivery overall and per question for timed transcripts, escaping speaker names', async () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:03.000\n<v <img src=y onerror=alert(3)>>How do you design a cache? Walk me through it.\n\n'
      + '00:04.000 --> 00:12.000\n<v Bo>Um, we put Redis in front of the database and, uh, expire keys after a minute.\n';
    const { raw } = await core.diagnose({ text: vtt, source: 'talk.vtt' });
    const zh = (await core.diagnose({ text: vtt, source: 'talk.vtt', reportLanguage: 'zh' })).raw;
    assert.ok(raw.delivery);
    for (const html of [renderStandaloneHtml(raw), renderReportBody(zh, { toolkit: true })]) {
      assert.match(html, /data-testid="delivery-score">\d+\/100</);
      assert.match(html, /data-testid="answer-delivery"/);
      assert.match(html, /data-testid="delivery-fillers"/);
      assert.ok(!html.includes('<img src=y'), 'speaker names are escaped');
    }
    assert.match(renderReportBody(zh, { toolkit: false }), /“Bo”被判为候选人/);
    assert.match(renderTextSummary(raw), /Delivery: \d+\/100/);
    const untimed = (await core.diagnose({ text: hostile })).raw;
    assert.match(renderReportBody(untimed, { toolkit: false }), /data-testid="delivery-none"/);
  });

  it('renders a knowledge entry with both answers side by side, escaped, and follow-ups linked to entries', () => {
    const entry = core.knowledgeBase.get('zh-agent-definition')!;
    const hostile = { ...entry, expertAnswer: '<script>alert(1)</script>专家', aliases: ['<b>x</b>'] };
    const html = renderEntryBody(hostile, 'zh', core.knowledgeBase);
    assert.match(html, /data-testid="entry-expert"/);
    assert.match(html, /data-testid="entry-novice"/);
    assert.ok(!html.includes('<script>') && !html.includes('<b>x</b>'));
    assert.match(html, /维度: Agent 基础/);
    assert.match(html, /data-entry="zh-agent-components"/, 'a follow-up that names an entry links to it');
  });

  it('shows each key point with the sentence that states it, the confidence, and a dash for what was not assessed', async () => {
    const text = 'Interviewer: How do you make an API idempotent?\nCandidate: The client sends an idempotency key with every request, and the server stores that key under a unique constraint before it charges, so a retry hits the constraint and gets the first response back.\n\nInterviewer: How would you run the on-call rotation for a five-person team?\nCandidate: A weekly rotation with a secondary.\n';
    const { raw } = await core.diagnose({ text });
    const html = renderReportBody(raw, { toolkit: false });
    assert.match(html, /<li class="kp stated" data-status="stated">.*<q>The client sends an idempotency key/s);
    assert.match(html, /data-testid="question-confidence" data-level="(?:high|medium|low)"/);
    // The second question has no reference: completeness and accuracy show a dash, not a number.
    const second = html.slice(html.indexOf('id="q-2"'));
    assert.match(second, /title="not assessed"[^>]*>—</);
    assert.match(second, /No reference in the knowledge base/);
    assert.equal(raw.perQuestion[1].dimensions.completeness, null);
    assert.match(renderTextSummary(raw), /Completeness \d+ · Depth \d+/);
  });
});
