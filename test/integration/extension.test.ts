// Runs inside a real VS Code extension host with the real `vscode` API, against the installed
// .vsix. IL_EXPECT_TRUST says whether the launcher opened the folder trusted or in Restricted Mode.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, workspaceFile } from './support';

const LENS = /^Q(\d+) · (\d+)\/100( · .+)?$/;

async function ourLenses(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return lenses.filter((l) => l.command?.command === 'interviewLens.revealQuestion');
}

const uiZh = vscode.env.language.toLowerCase().startsWith('zh');
const CJK = /[\u3400-\u9fff]/;

async function hoverText(uri: vscode.Uri, pos: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos);
  // Markdown escapes (\. \( …) removed: the text as the user reads it.
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n').replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
}

interface ReportLike {
  summary: { overallScore: number; totalQuestions: number };
  perQuestion: Array<{ index: number; contentScore: number; keyMissing: string[]; startOffset: number; relevance?: { offTopic: boolean }; confidence?: { level: string }; delivery?: { pace: { value: number } } | null; reference?: { id: string } | null }>;
  delivery?: { overall: { score: number; fillers: { count: number } } } | null;
  transcript?: { format: string };
}

describe('Interview Lens in a real VS Code', function () {
  this.timeout(120_000);

  it('activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers every contributed command', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributed: Array<{ command: string }> = ext.packageJSON.contributes.commands;
    const all = await vscode.commands.getCommands(true);
    for (const c of contributed) assert.ok(all.includes(c.command), `${c.command} is not registered`);
    assert.ok(contributed.length >= 3);
  });

  it(`runs with workspace trust = ${process.env.IL_EXPECT_TRUST ?? 'trusted'}`, () => {
    const expectTrusted = (process.env.IL_EXPECT_TRUST ?? 'trusted') === 'trusted';
    assert.equal(vscode.workspace.isTrusted, expectTrusted);
  });

  it('diagnoses a transcript: report, CodeLens scores on every question, report panel', async () => {
    const uri = workspaceFile('backend-interview-zh.txt');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const report = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnose', uri);
    assert.ok(report, 'Diagnose Interview returned no report');
    assert.equal(report.summary.totalQuestions, 6);
    assert.ok(report.summary.overallScore > 0 && report.summary.overallScore <= 100);

    const lenses = await ourLenses(uri);
    assert.equal(lenses.length, 6);
    for (const [i, lens] of lenses.entries()) {
      const q = report.perQuestion[i];
      const m = LENS.exec(lens.command!.title);
      assert.ok(m, `unexpected lens title: ${lens.command!.title}`);
      assert.equal(Number(m[1]), q.index);
      assert.equal(Number(m[2]), q.contentScore);
      // The lens names what matters most: an answer to another question, else the main missing point.
      if (q.relevance?.offTopic) assert.ok(/another question|答非所问/.test(lens.command!.title), lens.command!.title);
      else if (q.keyMissing[0]) assert.ok(lens.command!.title.includes(q.keyMissing[0]));
      // A shaky score says so on the lens.
      if (q.confidence?.level === 'low') assert.ok(/low confidence|可信度低/.test(lens.command!.title), lens.command!.title);
      assert.equal(lens.range.start.line, doc.positionAt(q.startOffset).line);
      assert.ok(doc.lineAt(lens.range.start.line).text.startsWith('面试官'));
    }

    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    assert.ok(
      tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('interviewLens.report')),
      `no report panel among tabs: ${tabs.map((t) => t.label).join(', ')}`,
    );
    assert.equal(await vscode.commands.executeCommand('interviewLens.revealQuestion', uri, 3), true);
    assert.equal(await vscode.commands.executeCommand('interviewLens.showReport'), true);
  });

  it('drops the lenses when the transcript is edited, until the next run', async () => {
    const uri = workspaceFile('llm-engineer-en.md');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('interviewLens.diagnose', uri);
    assert.equal((await ourLenses(uri)).length, 4);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '\n'));
    assert.equal((await ourLenses(uri)).length, 0);
    await vscode.commands.executeCommand('interviewLens.diagnose', uri);
    const lenses = await ourLenses(uri);
    assert.equal(lenses.length, 4);
    assert.ok(doc.lineAt(lenses[0].range.start.line).text.includes('Interviewer'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('diagnoses an SRT file: lenses on the question cues, delivery per question and overall', async () => {
    const uri = workspaceFile('rag-interview-en.srt');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const report = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnose', uri);
    assert.ok(report, 'Diagnose Interview returned no report for the SRT file');
    assert.equal(report.transcript?.format, 'srt');
    assert.equal(report.summary.totalQuestions, 4);
    assert.ok(report.delivery, 'a timed transcript gets a delivery section');
    assert.ok(report.delivery.overall.score > 0 && report.delivery.overall.fillers.count > 0);
    assert.ok(report.perQuestion.every((q) => q.delivery && q.delivery.pace.value > 0));
    const lenses = await ourLenses(uri);
    assert.equal(lenses.length, 4);
    // On the cue that holds the question, past the "Great." "Let's start." and "Okay." cues of its turn.
    const expected = ['Can you walk me through how retrieval-augmented', 'How would you evaluate it?', 'What are the main risks of tool calling', 'Last one: how do you handle'];
    for (const [i, lens] of lenses.entries()) {
      const line = doc.lineAt(lens.range.start.line).text;
      assert.equal(lens.range.start.line, doc.positionAt(report.perQuestion[i].startOffset).line);
      assert.ok(line.replace(/^Alex: /, '').startsWith(expected[i]), `lens ${i + 1} sits on "${line}"`);
      assert.match(doc.lineAt(lens.range.start.line - 1).text, /-->/, 'the line above a question is its cue time');
    }
  });

  it('swaps interviewer and candidate for one file and remembers it until swapped back', async () => {
    const uri = workspaceFile('rag-interview-en.srt');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // Swapped, Sam (who answers) is taken for the interviewer: his question back becomes Q1.
    const swapped = await vscode.commands.executeCommand<ReportLike & { perQuestion: Array<{ question: string }> }>('interviewLens.swapRoles', uri);
    assert.equal(swapped?.perQuestion[0].question, 'Do you mean the retriever or the whole pipeline?');
    const again = await vscode.commands.executeCommand<ReportLike & { perQuestion: Array<{ question: string }> }>('interviewLens.diagnose', uri);
    assert.equal(again?.perQuestion[0].question, swapped.perQuestion[0].question, 'the swap is remembered for the next run');
    assert.equal((await ourLenses(uri)).length, swapped.summary.totalQuestions);
    const restored = await vscode.commands.executeCommand<ReportLike>('interviewLens.swapRoles', uri);
    assert.equal(restored?.summary.totalQuestions, 4);
    assert.equal((await ourLenses(uri)).length, 4);
  });

  it('refuses a swap that leaves no question followed by an answer, and drops scores and report a failed run no longer matches', async () => {
    const uri = workspaceFile('unlabeled-dialogue.txt');
    await vscode.workspace.fs.writeFile(uri, Buffer.from([
      '请先简单做个自我介绍吧？', '我叫张三，做了三年后端开发，主要写订单系统。',
      '你们的接口是怎么保证幂等的？', '我们用幂等键，客户端生成，服务端存在 Redis 里，重复请求直接返回第一次的结果。',
      '如果 Redis 挂了怎么办？', '会降级到数据库唯一索引，插入冲突就查出已有结果返回。', '',
    ].join('\n')));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const first = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnose', uri);
    assert.equal(first?.summary.totalQuestions, 3);
    const swapped = await vscode.commands.executeCommand<ReportLike>('interviewLens.swapRoles', uri);
    assert.equal(swapped, undefined, 'a swap without questions produced a report');
    assert.equal((await ourLenses(uri)).length, 3, 'the refused swap removed valid scores');
    const again = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnose', uri);
    assert.equal(again?.summary.totalQuestions, 3, 'the refused swap was remembered: the file can no longer be diagnosed');
    const reportTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('interviewLens.report') && t.label.includes('unlabeled-dialogue.txt'));
    assert.equal(reportTabs().length, 1, 'the report is not on screen');
    // Saved from elsewhere with text that has no Q&A: the next run fails, and the old report goes.
    await vscode.workspace.fs.writeFile(uri, Buffer.from('We talked about caching for an hour.\n'));
    for (let i = 0; i < 50 && doc.getText().includes('幂等'); i++) await new Promise((r) => setTimeout(r, 100));
    const failed = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnose', uri);
    assert.equal(failed, undefined);
    assert.equal((await ourLenses(uri)).length, 0);
    assert.equal(reportTabs().length, 0, 'a report of the old text stayed on screen after the run failed');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  });

  it('does not rate 2 fillers in a short answer as too many', async () => {
    const uri = workspaceFile('short-answers.vtt');
    await vscode.workspace.fs.writeFile(uri, Buffer.from([
      'WEBVTT', '',
      '00:00.000 --> 00:03.000', '<v Ann>How do you make a payment API idempotent?', '',
      '00:04.000 --> 00:09.000', '<v Bo>Um, an idempotency key per request, uh, stored with the result.', '',
      '00:10.000 --> 00:13.000', '<v Ann>And how do you invalidate a cache?', '',
      '00:14.000 --> 00:19.000', '<v Bo>Delete the key after the database write, with a TTL as a backstop.', '',
    ].join('\n')));
    const report = await vscode.commands.executeCommand<ReportLike & { perQuestion: Array<{ delivery?: { fillers: { count: number }; scores: { fillers: { flag: string; explanation: string } } } | null }> }>('interviewLens.diagnose', uri);
    const first = report?.perQuestion[0].delivery;
    assert.equal(first?.fillers.count, 2);
    assert.equal(first?.scores.fillers.flag, 'ok', first?.scores.fillers.explanation);
    await vscode.workspace.fs.delete(uri);
  });

  it('diagnoses an audio recording through the configured whisper.cpp, only in a trusted workspace', async () => {
    const stt = vscode.workspace.getConfiguration('interviewLens.stt');
    await stt.update('whisperCppPath', process.env.IL_FAKE_WHISPER, vscode.ConfigurationTarget.Global);
    await stt.update('whisperModelPath', process.env.IL_FAKE_MODEL, vscode.ConfigurationTarget.Global);
    assert.equal(vscode.workspace.getConfiguration('interviewLens.stt').get('whisperCppPath'), process.env.IL_FAKE_WHISPER);
    const report = await vscode.commands.executeCommand<ReportLike>('interviewLens.diagnoseAudio', workspaceFile('interview.wav'));
    if (!vscode.workspace.isTrusted) {
      assert.equal(report, undefined, 'Restricted Mode must not run a speech-to-text program');
      return;
    }
    assert.ok(report, 'Diagnose Audio Recording returned no report');
    assert.equal(report.summary.totalQuestions, 3);
    assert.ok(report.delivery, 'a recording always gets delivery metrics');
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc && doc.isUntitled && doc.languageId === 'json', 'the labeled transcript opens as an untitled JSON document');
    assert.match(doc.getText(), /"speaker":"Interviewer"/);
    const lenses = await ourLenses(doc.uri);
    assert.equal(lenses.length, 3);
    assert.match(doc.lineAt(lenses[0].range.start.line).text, /请你讲讲什么是 ReAct/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('searches the knowledge base by dimension and opens an entry with expert and novice answers', async () => {
    type Hit = { id: string; question: string; dimension: string; confidence: number };
    const hits = await vscode.commands.executeCommand<Hit[]>('interviewLens.searchKnowledgeBase', { query: '接口幂等怎么保证', topK: 5 });
    assert.equal(hits[0].id, 'zh-idempotency');
    // Why a hit matched: the concepts it shares with the query, named for people.
    const cost = await vscode.commands.executeCommand<Array<Hit & { concepts: string[] }>>('interviewLens.searchKnowledgeBase', { query: 'How do I cut the bill for a long system prompt?', topK: 5 });
    const caching = cost.find((h) => h.id === 'en-prompt-caching');
    assert.ok(caching, JSON.stringify(cost));
    assert.ok(caching.concepts.includes('cost') && caching.concepts.includes('system prompt'), JSON.stringify(caching.concepts));
    // Each result says what it shares with the query: not one line repeated on every result.
    const hybrid = await vscode.commands.executeCommand<Array<Hit & { concepts: string[]; shared: string[] }>>('interviewLens.searchKnowledgeBase', { query: 'hybrid retrieval BM25', topK: 5 });
    assert.ok(hybrid.every((h) => h.shared.length > 0), JSON.stringify(hybrid.map((h) => h.shared)));
    assert.ok(new Set(hybrid.map((h) => h.shared.join('|'))).size > 1, `every result shares the same: ${JSON.stringify(hybrid.map((h) => h.shared))}`);
    assert.ok(hybrid.every((h) => h.shared.every((w) => /hybrid|retrieval|BM25/.test(w))), 'a shared word that is not in the query');
    const rag = await vscode.commands.executeCommand<Hit[]>('interviewLens.searchKnowledgeBase', { query: '检索 召回', dimension: 'rag', topK: 10 });
    assert.ok(rag.length > 0 && rag.every((h) => h.dimension === 'rag'), JSON.stringify(rag));
    assert.equal(await vscode.commands.executeCommand('interviewLens.openKnowledgeEntry', 'en-rag-pipeline'), true);
    // The tab model catches up with a new webview panel asynchronously.
    const hasTab = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('interviewLens.knowledgeEntry'));
    for (let i = 0; i < 40 && !hasTab(); i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(hasTab(), `no knowledge-entry tab among: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label).join(', ')}`);
    assert.equal(await vscode.commands.executeCommand('interviewLens.openKnowledgeEntry', 'no-such-entry'), false);
  });

  it('shows the matched entry and its key points when hovering a question line', async () => {
    const uri = workspaceFile('backend-interview-zh.txt');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const report = await vscode.commands.executeCommand<ReportLike & { perQuestion: Array<{ reference: { id: string } | null }> }>('interviewLens.diagnose', uri);
    const q = report!.perQuestion.find((p) => p.reference?.id === 'zh-idempotency')!;
    const text = await hoverText(uri, doc.positionAt(q.startOffset));
    assert.match(text, /Interview Lens · Q\d+ · \d+\/100/);
    // The key points in the report's language (the UI's by default), each with its status and what it is worth.
    assert.match(text, uiZh ? /幂等键/ : /idempotency key/);
    assert.match(text, uiZh ? /（(?:讲到|仅提及|缺少|说反了)；占完整性 \d+ 分）/ : /\((?:stated|named only|missing|contradicted); \d+ points? of completeness\)/);
    assert.match(text, /command:interviewLens\.openKnowledgeEntry/);
  });

  it('checks the workspace\'s own knowledge files with diagnostics and merges them on save', async () => {
    const uri = workspaceFile('.interview-lens/knowledge/team.yaml');
    const bad = '- id: team-oncall\n  dimension: backend\n  difficulty: easy\n  zh:\n    question: 我们团队的值班流程是什么？\n    paraphrases: [值班怎么安排, 出了故障谁来处理, 告警升级流程]\n    expertAnswer: 主值班五分钟内响应，十五分钟未恢复升级给二线并通知负责人。\n    noviceAnswer: 谁看到告警谁处理。\n    gap: 新手不知道响应时限和升级路径。\n  keyPoints:\n    - label: { zh: 响应时限与升级 }\n      weight: 2\n      synonyms: [五分钟, 升级, 二线]\n';
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(bad));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    let diags: vscode.Diagnostic[] = [];
    for (let i = 0; i < 50 && diags.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      diags = vscode.languages.getDiagnostics(uri);
    }
    assert.ok(diags.some((d) => /dimension: must be one of/.test(d.message) && doc.getText(d.range) === 'backend'), JSON.stringify(diags.map((d) => d.message)));
    const editor = vscode.window.activeTextEditor!;
    const at = doc.getText().indexOf('backend');
    await editor.edit((e) => e.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'backend'.length)), 'engineering'));
    await doc.save();
    type Hit = { id: string };
    let hits: Hit[] = [];
    for (let i = 0; i < 50 && hits[0]?.id !== 'zh-team-oncall'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      hits = await vscode.commands.executeCommand<Hit[]>('interviewLens.searchKnowledgeBase', { query: '团队值班流程 告警升级', topK: 3 });
    }
    assert.equal(hits[0]?.id, 'zh-team-oncall', 'the saved entry is searchable');
    for (let i = 0; i < 50 && vscode.languages.getDiagnostics(uri).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(vscode.languages.getDiagnostics(uri).map((d) => d.message), []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('reports a bad indent in a knowledge file once, at the line that is wrong', async () => {
    const uri = workspaceFile('.interview-lens/knowledge/indent.yaml');
    const text = '- id: indent-check\n  dimension: rag\n  en:\n    question: What is RAG?\n     expertAnswer: Retrieval, then generation.\n';
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    let diags: vscode.Diagnostic[] = [];
    for (let i = 0; i < 50 && diags.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      diags = vscode.languages.getDiagnostics(uri).filter((d) => /YAML/.test(d.message));
    }
    assert.equal(diags.length, 1, JSON.stringify(diags.map((d) => `${d.range.start.line}: ${d.message}`)));
    assert.equal(diags[0].range.start.line, 4, 'reported on the wrong line');
    assert.equal(doc.getText(diags[0].range), 'expertAnswer');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  });

  it('refuses text without speaker labels and shows no scores', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: 'We talked about caching for an hour.', language: 'plaintext' });
    await vscode.window.showTextDocument(doc);
    const report = await vscode.commands.executeCommand('interviewLens.diagnose', doc.uri);
    assert.equal(report, undefined);
    assert.equal((await ourLenses(doc.uri)).length, 0);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

type Explained = { dimension: string; delta: number; reason: string };
interface FullReport extends ReportLike {
  language: 'zh' | 'en';
  transcriptLanguage?: 'zh' | 'en';
  createdAt: string;
  summary: ReportLike['summary'] & { headline: string; dimensions: Record<string, number | null> };
  perQuestion: Array<ReportLike['perQuestion'][number] & {
    question: string; dimensions: Record<string, number | null>; explanations: Explained[];
    coverage?: Array<{ label: string }>; reference?: { id: string; question: string; expertAnswer: string } | null;
  }>;
  improvementPlan: { immediate: string[]; shortTerm: string[]; longTerm: string[] };
  comparedToLast: { previousSource?: string; relation: string; topics: Array<{ topic: string }>; dimensions: unknown[] } | null;
  rerunOf?: { id: string } | null;
}

describe('The report\'s words in a real VS Code (issue 12, items 5–8)', function () {
  this.timeout(120_000);

  async function diagnose(name: string, content?: string): Promise<{ report: FullReport; doc: vscode.TextDocument; uri: vscode.Uri }> {
    const uri = workspaceFile(name);
    if (content !== undefined) await vscode.workspace.fs.writeFile(uri, Buffer.from(content));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const report = await vscode.commands.executeCommand<FullReport>('interviewLens.diagnose', uri);
    assert.ok(report, `no report for ${name}`);
    return { report, doc, uri };
  }

  it('item 5: a question without a reference says so and what it was judged on, in the lens and the hover', async () => {
    const { report, doc, uri } = await diagnose('on-call.txt', 'Interviewer: How would you run the on-call rotation for a five-person team?\nCandidate: A weekly rotation with a secondary, and we hand over every Monday with a short written summary of open incidents.\n');
    const q = report.perQuestion[0];
    assert.equal(q.reference, null);
    assert.equal(q.keyMissing.length, 0);
    assert.equal(q.dimensions.completeness, null);
    const [lens] = await ourLenses(uri);
    assert.match(lens.command!.title, uiZh ? /无参考答案/ : /no reference/);
    const text = await hoverText(uri, doc.positionAt(q.startOffset));
    assert.match(text, uiZh ? /不评估完整性和准确性，分数依据解释、具体说法和切题程度/ : /completeness and accuracy are not assessed; the score rests on explanations, concrete claims and relevance/);
    // Its score is explained: depth, practicality and relevance weighed, adding up to it.
    const score = q.explanations.filter((e) => e.dimension === 'score');
    assert.equal(score.reduce((s, e) => s + e.delta, 0), q.contentScore);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  });

  it('item 6: every dimension\'s "why" lines add up to its score, and the score lines to the question\'s', async () => {
    const { report } = await diagnose('llm-engineer-en.md');
    for (const q of report.perQuestion) {
      for (const d of ['completeness', 'depth', 'accuracy', 'practicality']) {
        const lines = q.explanations.filter((e) => e.dimension === d);
        assert.ok(lines.length > 0, `Q${q.index} ${d} has no explanation`);
        const v = q.dimensions[d];
        assert.equal(lines.reduce((s, e) => s + e.delta, 0), v ?? 0, `Q${q.index} ${d}: ${lines.map((e) => `${e.delta} ${e.reason}`).join(' | ')}`);
      }
      assert.equal(q.explanations.filter((e) => e.dimension === 'score').reduce((s, e) => s + e.delta, 0), q.contentScore, `Q${q.index} score`);
    }
  });

  it('item 7: the report, lens and hover follow the UI language; interviewLens.reportLanguage = transcript switches them to the transcript\'s', async () => {
    const ui = uiZh ? 'zh' : 'en';
    const { report, doc, uri } = await diagnose('backend-interview-zh.txt');
    assert.equal(report.language, ui);
    assert.equal(report.transcriptLanguage, 'zh');
    if (ui === 'en') {
      // Knowledge-base text in English; what was said stays as spoken (in quotes).
      for (const q of report.perQuestion) {
        for (const t of [...q.keyMissing, ...(q.coverage ?? []).map((c) => c.label), q.reference?.question ?? '', q.reference?.expertAnswer ?? '', ...q.explanations.map((e) => e.reason.replace(/“[^”]*”/g, ''))]) {
          assert.doesNotMatch(t, CJK, t);
        }
      }
      for (const step of [...report.improvementPlan.immediate, ...report.improvementPlan.shortTerm, ...report.improvementPlan.longTerm]) assert.doesNotMatch(step.replace(/“[^”]*”/g, ''), CJK, step);
      for (const lens of await ourLenses(uri)) assert.doesNotMatch(lens.command!.title, CJK, lens.command!.title);
      const hover = await hoverText(uri, doc.positionAt(report.perQuestion[2].startOffset));
      assert.doesNotMatch(hover.replace(/“[^”]*”/g, '').replace(/\[[^\]]*\]\(command:interviewLens\.revealQuestion[^)]*\)/g, ''), CJK, hover);
    }
    const config = vscode.workspace.getConfiguration('interviewLens');
    await config.update('reportLanguage', 'transcript', vscode.ConfigurationTarget.Global);
    try {
      const again = await vscode.commands.executeCommand<FullReport>('interviewLens.diagnose', uri);
      assert.equal(again?.language, 'zh');
      assert.match(again!.summary.headline, /^总分 \d+\/100，共 6 道题。/);
      const lenses = await ourLenses(uri);
      assert.ok(lenses.some((l) => /缺少：/.test(l.command!.title)), lenses.map((l) => l.command!.title).join(' | '));
      const panel = () => (vscode.extensions.getExtension(EXTENSION_ID)!.exports as { reportPanel: { shownHtml?: string } }).reportPanel.shownHtml ?? '';
      assert.doesNotMatch(panel(), /data-testid="language-notice"/, 'a report in the language asked for has no notice');
      // The setting back to the UI's language: the Chinese report says so, with a one-click re-run (issue 28).
      await config.update('reportLanguage', undefined, vscode.ConfigurationTarget.Global);
      await vscode.window.showTextDocument(doc);
      assert.ok(await vscode.commands.executeCommand<boolean>('interviewLens.showReport'));
      if (ui === 'en') {
        assert.match(panel(), /data-testid="language-notice" data-language="en">This report was written in Chinese, before the language changed\. Re-run the diagnosis to get it in English\./);
        assert.match(panel(), /data-action="rerun" data-testid="rerun-language">Re-run in English</);
      }
    } finally {
      await config.update('reportLanguage', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('item 8: plurals, one step per wrong claim, weights explained in the hover, and a re-run is compared with its earlier run (issue 28)', async () => {
    const one = await diagnose('one-question.txt', 'Interviewer: How do you make an API idempotent?\nCandidate: Disabling the button makes it idempotent, so a frontend check is enough.\n\nInterviewer: And if the client retries after a timeout?\nCandidate: Disabling the button makes it idempotent, so a frontend check is enough.\n');
    const all = [one.report.summary.headline, ...one.report.improvementPlan.immediate, ...one.report.improvementPlan.shortTerm, ...one.report.improvementPlan.longTerm].join('\n');
    assert.doesNotMatch(all, /\b1 questions\b|\(s\)/);
    const plan = [...one.report.improvementPlan.immediate, ...one.report.improvementPlan.shortTerm, ...one.report.improvementPlan.longTerm];
    assert.equal(new Set(plan).size, plan.length, plan.join('\n'));
    try {
      const hover = await hoverText(one.uri, one.doc.positionAt(one.report.perQuestion[0].startOffset));
      assert.doesNotMatch(hover, /×\d/, 'an unexplained weight in the hover');
      // Diagnosed again, unchanged: a re-run (progress counts it in the first run's place), compared with that run only (issue 28).
      const rerun = await vscode.commands.executeCommand<FullReport & { id: string }>('interviewLens.diagnose', one.uri);
      assert.equal(rerun?.rerunOf?.id, (one.report as FullReport & { id: string }).id, 'the re-run does not say it is one');
      assert.equal(rerun?.comparedToLast?.previousSource, 'one-question.txt', 'the re-run is not compared with its earlier run');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(one.uri);
    }
    // Another interview is not compared with the one diagnosed last (issue 28): only with its own earlier run, if any.
    const other = await diagnose('rag-interview-en.srt');
    assert.notEqual(other.report.comparedToLast?.previousSource, 'one-question.txt', 'compared with another interview');
  });
});
