// Recorded runs as tests in a real VS Code (issue 16, Test Explorer): the built-in skills'
// cassettes are listed and pass, a cassette edited to another expected output fails with a diff
// at the call's line, a cassette whose skill changed is marked stale (errored with the reason and
// the fix, never failed or silently skipped), and every status equals
// what `interview-lens replay --json` says for the same files. Runs trusted and in Restricted Mode.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startMockOpenAi, type MockOpenAi } from '../support/mockOpenAiServer';
import { editAndSave, ourExtension, setUser, trusted, until, workspacePath } from './support';

/** The repository: this bundle runs from out/test/integration, and `npm run package` built dist/cli.js there. */
const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Outcome { state: 'passed' | 'failed' | 'skipped' | 'errored'; messages: vscode.TestMessage[] }
interface CallResult { index: number; status: string; name?: string; liveServed?: number; actual?: string }
interface Result { file: string; status: string; calls?: CallResult[]; message?: string; counts?: { liveServed?: number } }
interface ReplayApi {
  controller: vscode.TestController;
  discover(): Promise<void>;
  itemFor(file: string, resolve?: boolean): vscode.TestItem | undefined;
  run(kind: 'replay' | 'live' | 'rerecord', include?: readonly vscode.TestItem[]): Promise<void>;
  outcome(item: vscode.TestItem): Outcome | undefined;
  result(file: string): Result | undefined;
  confirmWith(answer: ((message: string, detail: string) => Promise<boolean>) | undefined): void;
  runContinuously(include?: readonly vscode.TestItem[]): vscode.Disposable;
  continuousIdle(): Promise<void>;
  continuousState(): { queued: number; running: boolean };
  holdContinuous(stage: 'queued' | 'replaying'): { reached: Promise<void>; release(): void };
}
interface Registry { refresh(): Promise<unknown> }

function children(item: vscode.TestItem): vscode.TestItem[] {
  const out: vscode.TestItem[] = [];
  item.children.forEach((c) => out.push(c));
  return out.sort((a, b) => a.range!.start.line - b.range!.start.line);
}

/** The CLI as a user runs it, in the workspace folder (node: the extension host's own binary). */
function cli(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), ...args], {
    cwd: workspacePath(), encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env }, timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const TINY_SKILL = (description: string, name = 'replay_tiny') => `name: ${name}
version: 1
description: ${description}
prompt:
  user: "{{ input.text }}"
output_schema:
  type: object
  required: [title]
  properties:
    title: { type: string }
offline:
  title: "{{ input.text | trim | truncate(40) }}"
actions:
  - create_note:
      title: "{{ out.title }}"
      body_md: "{{ input.text }}"
match:
  inputs: [text]
`;

describe('Replays in the Test Explorer (issue 16)', function () {
  this.timeout(180_000);
  let api: ReplayApi;
  let registry: Registry;
  let extensionPath: string;
  const recordings = () => workspacePath('.interview-lens', 'recordings');
  const created: string[] = [];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'il-replay-home-'));

  before(async () => {
    const ext = ourExtension();
    extensionPath = ext.extensionPath;
    const exported = (await ext.activate()) as { replayTests: ReplayApi; skills: { catalog: { registry: Registry } } };
    api = exported.replayTests;
    registry = exported.skills.catalog.registry;
    assert.ok(api, 'activate() returns the replays controller');
    if (!fs.existsSync(workspacePath('.interview-lens'))) created.push(workspacePath('.interview-lens'));
    fs.mkdirSync(recordings(), { recursive: true });
  });

  after(async () => {
    api.confirmWith(undefined);
    for (const key of ['engine', 'openai.endpoint', 'openai.model']) await setUser(key, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of created.reverse()) fs.rmSync(p, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  });

  const builtIns = () => fs.readdirSync(path.join(extensionPath, 'skills')).sort()
    .flatMap((s) => {
      const dir = path.join(extensionPath, 'skills', s, 'tests');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().map((f) => path.join(dir, f)) : [];
    });

  /** A workspace copy of capture_note's offline test whose recorded title says something else. */
  function editedCassette(name: string): { file: string; line: number } {
    const lines = fs.readFileSync(path.join(extensionPath, 'skills', 'capture_note', 'tests', 'note-offline.jsonl'), 'utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"name":"run_skill"'));
    const call = JSON.parse(lines[at]);
    call.response.data.output.title = 'A title nobody recorded';
    lines[at] = JSON.stringify(call);
    const file = path.join(recordings(), `${name}.jsonl`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return { file, line: at + 1 };
  }

  it('one controller, "Interview Lens Replays", lists each built-in skill test with a child per recorded call at its line, and they all pass', async () => {
    assert.equal(api.controller.id, 'interviewLensReplays');
    await api.discover();
    const files = builtIns();
    assert.ok(files.length >= 6, `the extension ships the skills' tests (${files.length})`);
    const items = files.map((f) => api.itemFor(f, true)!);
    for (const [i, item] of items.entries()) {
      assert.ok(item, `${files[i]} is listed`);
      assert.equal(item.uri!.fsPath, files[i]);
      assert.equal(item.range!.start.line, 0, 'the file item points at the header');
      const lines = fs.readFileSync(files[i], 'utf8').trimEnd().split('\n');
      const kids = children(item);
      assert.equal(kids.length, lines.length - 1, `a child per recorded call of ${files[i]}`);
      for (const [k, child] of kids.entries()) {
        const call = JSON.parse(lines[k + 1]) as { kind: string; name: string };
        assert.equal(child.range!.start.line, k + 1);
        assert.equal(child.label, `${k + 2} · ${call.kind === 'tool' ? 'tool' : 'model'} ${call.name}`);
      }
    }
    await api.run('replay', items);
    for (const item of items) {
      assert.equal(api.outcome(item)?.state, 'passed', `${item.uri!.fsPath}: ${JSON.stringify(api.result(item.uri!.fsPath))}`);
      for (const child of children(item)) assert.equal(api.outcome(child)?.state, 'passed', child.label);
    }
  });

  it('a workspace cassette edited to another expected output is listed and fails with a diff at the call\'s line; deleting it removes it', async () => {
    await api.discover();
    const { file, line } = editedCassette('edited-note');
    created.push(file);
    // The file watcher lists it by itself; code-server here sometimes delivers no file events at
    // all to a window (none reached the extension in some runs), so the test then lists it again.
    const watched = await until(() => !!api.itemFor(file), 15_000);
    if (!watched) {
      console.warn('replays: no file event for the new cassette within 15 s; listing the recordings again');
      await api.discover();
    }
    assert.ok(api.itemFor(file), 'the new cassette is listed');
    const item = api.itemFor(file, true)!;
    await api.run('replay', [item]);
    assert.equal(api.outcome(item)?.state, 'failed');
    const call = children(item).find((c) => c.range!.start.line === line - 1)!;
    assert.ok(call, `a child at line ${line}`);
    const outcome = api.outcome(call)!;
    assert.equal(outcome.state, 'failed');
    const [message] = outcome.messages;
    assert.match(String(message.expectedOutput), /"title": "A title nobody recorded"/);
    assert.match(String(message.actualOutput), /"title": "Idea for the RAG answer next time/);
    assert.doesNotMatch(String(message.actualOutput), /[0-9a-f]{8}-[0-9a-f]{4}-/, 'ids are masked in the diff');
    assert.match(String(message.message), /returns a different result than the recording[\s\S]*<masked> in place of the fields id/);
    assert.equal(message.location!.uri.fsPath, file);
    assert.equal(message.location!.range.start.line, line - 1, 'the message points at the call\'s line');
    for (const other of children(item).filter((c) => c !== call)) assert.equal(api.outcome(other)?.state, 'passed');

    fs.rmSync(file);
    if (watched) assert.ok(await until(() => !api.itemFor(file), 15_000), 'the watcher that saw it created sees it deleted');
    else await api.discover();
    assert.equal(api.itemFor(file), undefined, 'the deleted cassette leaves the list');
  });

  it('a cassette whose skill changed since recording is marked stale: errored with why and what to do, not failed or skipped', async () => {
    const skillDir = workspacePath('.interview-lens', 'skills', 'replay_tiny');
    fs.mkdirSync(skillDir, { recursive: true });
    created.push(skillDir);
    fs.writeFileSync(path.join(skillDir, 'skill.yaml'), TINY_SKILL('A tiny offline skill of the replay tests.'));
    const input = workspacePath('.interview-lens', 'tiny-input.txt');
    fs.writeFileSync(input, 'Ask about the cache invalidation story next time.\n');
    created.push(input);
    const recorded = cli(['run', 'replay_tiny', '--input', input, '--dry-run', '--record', 'replay-tiny'], { INTERVIEW_LENS_HOME: home });
    assert.equal(recorded.status, 0, recorded.stderr);
    const file = path.join(recordings(), 'replay-tiny.jsonl');
    created.push(file);
    if (!(await until(() => !!api.itemFor(file), 15_000))) await api.discover();
    assert.ok(api.itemFor(file), 'the recording is listed');
    const item = api.itemFor(file, true)!;
    await api.run('replay', [item]);
    assert.equal(api.outcome(item)?.state, 'passed', JSON.stringify(api.result(file)));

    fs.writeFileSync(path.join(skillDir, 'skill.yaml'), TINY_SKILL('A tiny offline skill of the replay tests, changed after recording.'));
    await api.run('replay', [item]);
    const outcome = api.outcome(item)!;
    assert.equal(outcome.state, 'errored');
    assert.equal(outcome.messages.length, 1);
    const [message] = outcome.messages;
    assert.match(String(message.message), /^Stale: skill "replay_tiny" changed since this cassette was recorded, so the recording no longer describes it \(\d+ of \d+ tool calls still give the recorded result\)\. Re-record it with the "Re-record" run profile, or accept today's results with "interview-lens replay --update"\./);
    assert.equal(message.location!.uri.fsPath, file);
    assert.equal(message.location!.range.start.line, 0, 'at the header');
    assert.equal(api.result(file)?.status, 'stale');
    // The description is not part of what the run_skill call returned: its call still gives the recorded result.
    const result = api.result(file)!;
    for (const child of children(item)) {
      const call = result.calls!.find((c) => c.index === child.range!.start.line);
      const state = api.outcome(child)?.state;
      assert.ok(state === 'passed' || state === 'errored', `${child.label}: ${state}`);
      if (call) assert.equal(state, call.status === 'pass' ? 'passed' : 'errored', child.label);
    }
  });

  it('gives the same statuses as `interview-lens replay --json`, per cassette and per call', async () => {
    const { file: edited } = editedCassette('edited-again');
    created.push(edited);
    const files = [...builtIns(), edited, path.join(recordings(), 'replay-tiny.jsonl')];
    assert.ok(fs.existsSync(files[files.length - 1]), 'the stale cassette of the test before');
    await api.discover();
    const items = files.map((f) => api.itemFor(f, true)!);
    await api.run('replay', items);
    // The CLI trusts workspace scripts only with --trust, as the editor only in a trusted workspace.
    const r = cli(['replay', ...files, '--json', ...(trusted ? ['--trust'] : [])], { INTERVIEW_LENS_HOME: home });
    assert.equal(r.status, 1, `a mismatch exits 1: ${r.stderr}`);
    const outcomes = JSON.parse(r.stdout) as Result[];
    assert.equal(outcomes.length, files.length);
    const statuses = new Set<string>();
    for (const o of outcomes) {
      const file = path.resolve(workspacePath(), o.file);
      const mine = api.result(file);
      assert.ok(mine, `the editor replayed ${file}`);
      assert.equal(mine!.status, o.status, file);
      assert.deepEqual(mine!.calls?.map((c) => [c.index, c.status]), o.calls?.map((c) => [c.index, c.status]), file);
      statuses.add(o.status);
      const state = api.outcome(api.itemFor(file)!)!.state;
      assert.equal(state, { pass: 'passed', fail: 'failed', stale: 'errored', invalid: 'errored', error: 'errored' }[o.status], file);
    }
    assert.deepEqual([...statuses].sort(), ['fail', 'pass', 'stale'], 'the comparison covers a pass, a failure and a stale cassette');
  });
  /** A cassette a file watcher should list by itself; listed again when code-server delivered no event. */
  async function listed(file: string): Promise<vscode.TestItem> {
    if (!(await until(() => !!api.itemFor(file), 15_000))) await api.discover();
    assert.ok(api.itemFor(file), `${file} is listed`);
    return api.itemFor(file, true)!;
  }

  it('a continuous run replays a skill\'s cassettes when the skill.yaml is saved in the editor, and when it changes on disk', async () => {
    const name = 'replay_watch';
    const skillDir = workspacePath('.interview-lens', 'skills', name);
    fs.mkdirSync(skillDir, { recursive: true });
    created.push(skillDir);
    const skillFile = path.join(skillDir, 'skill.yaml');
    const original = TINY_SKILL('A tiny offline skill that a continuous run watches.', name);
    fs.writeFileSync(skillFile, original);
    await registry.refresh();
    const input = workspacePath('.interview-lens', 'watch-input.txt');
    fs.writeFileSync(input, 'Ask about the cache invalidation story next time.\n');
    created.push(input);
    const recorded = cli(['run', name, '--input', input, '--dry-run', '--record', 'replay-watch'], { INTERVIEW_LENS_HOME: home });
    assert.equal(recorded.status, 0, recorded.stderr);
    const file = path.join(recordings(), 'replay-watch.jsonl');
    created.push(file);
    const item = await listed(file);
    await api.run('replay', [item]);
    assert.equal(api.result(file)?.status, 'pass', JSON.stringify(api.result(file)));

    const run = api.runContinuously([item]);
    try {
      // Nothing runs when the run starts: it waits for a change.
      await api.continuousIdle();
      assert.equal(api.result(file)?.status, 'pass');
      // Saved in the editor: the skill is no longer what was recorded, and the run says so by itself.
      const doc = await vscode.workspace.openTextDocument(skillFile);
      await vscode.window.showTextDocument(doc);
      await editAndSave(doc, 'truncate(40)', 'truncate(12)');
      assert.ok(await until(async () => {
        await api.continuousIdle();
        return api.result(file)?.status === 'stale';
      }, 20_000), `after the save: ${JSON.stringify(api.result(file))}`);
      assert.equal(api.outcome(item)?.state, 'errored');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      // Changed on disk by something else (git checkout): the original is back, and the replay passes again.
      fs.writeFileSync(skillFile, original);
      const seen = await until(async () => {
        await api.continuousIdle();
        return api.result(file)?.status === 'pass';
      }, 15_000);
      if (!seen) {
        // code-server sometimes delivers no file events to a window; the registry then finds the change by its stamps.
        console.warn('replays: no file event for the changed skill.yaml within 15 s; refreshing the skills registry');
        await registry.refresh();
        assert.ok(await until(async () => {
          await api.continuousIdle();
          return api.result(file)?.status === 'pass';
        }, 15_000), `after the change on disk: ${JSON.stringify(api.result(file))}`);
      }
      assert.equal(api.outcome(item)?.state, 'passed');
    } finally {
      run.dispose();
    }
    // Stopped: a change no longer replays anything.
    fs.writeFileSync(skillFile, TINY_SKILL('Changed once the continuous run was stopped.', name));
    await registry.refresh();
    await api.continuousIdle();
    assert.equal(api.result(file)?.status, 'pass', 'a stopped continuous run replayed');
  });

  it('a stopped continuous run replays nothing: stopped while its replay is queued, while one is in flight, and for events after the stop', async () => {
    const name = 'replay_stop';
    const skillDir = workspacePath('.interview-lens', 'skills', name);
    fs.mkdirSync(skillDir, { recursive: true });
    created.push(skillDir);
    const skillFile = path.join(skillDir, 'skill.yaml');
    const original = TINY_SKILL('A tiny offline skill whose continuous runs are stopped.', name);
    fs.writeFileSync(skillFile, original);
    await registry.refresh();
    const input = workspacePath('.interview-lens', 'stop-input.txt');
    fs.writeFileSync(input, 'Ask about the retry budget next time.\n');
    created.push(input);
    const recorded = cli(['run', name, '--input', input, '--dry-run', '--record', 'replay-stop'], { INTERVIEW_LENS_HOME: home });
    assert.equal(recorded.status, 0, recorded.stderr);
    const file = path.join(recordings(), 'replay-stop.jsonl');
    created.push(file);
    const item = await listed(file);
    await api.run('replay', [item]);
    assert.equal(api.result(file)?.status, 'pass', JSON.stringify(api.result(file)));
    /** Changes the skill so that any replay of its cassette would be stale, and lets the registry see it. */
    let edits = 0;
    const change = async () => {
      fs.writeFileSync(skillFile, TINY_SKILL(`Changed while stopping, ${++edits}.`, name));
      await registry.refresh();
    };
    const restore = async () => {
      fs.writeFileSync(skillFile, original);
      await registry.refresh();
      await api.continuousIdle();
    };

    // 1. Stopped while its replay is queued: the queued replay is dropped.
    let run = api.runContinuously([item]);
    const queued = api.holdContinuous('queued');
    try {
      await change();
      assert.ok(api.continuousState().queued >= 1, `the change queued a replay: ${JSON.stringify(api.continuousState())}`);
      run.dispose();
    } finally {
      queued.release();
    }
    await api.continuousIdle();
    assert.equal(api.result(file)?.status, 'pass', 'a run stopped with its replay queued replayed');
    assert.deepEqual(api.continuousState(), { queued: 0, running: false });
    await restore();

    // 2. Stopped while its replay is in flight (started, about to replay the cassette): it is cancelled.
    run = api.runContinuously([item]);
    const replaying = api.holdContinuous('replaying');
    try {
      await change();
      const reached = await Promise.race([replaying.reached.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
      assert.ok(reached, 'the change started a replay');
      assert.equal(api.continuousState().running, true);
      run.dispose();
    } finally {
      replaying.release();
    }
    await api.continuousIdle();
    assert.equal(api.result(file)?.status, 'pass', 'a run stopped with its replay in flight recorded a result');
    assert.equal(api.outcome(item)?.state, 'skipped', 'the cancelled replay is reported as skipped');

    // 3. Events after the stop (a late file event, a reload) start nothing.
    await change();
    await change();
    assert.deepEqual(api.continuousState(), { queued: 0, running: false });
    await api.continuousIdle();
    assert.equal(api.result(file)?.status, 'pass', 'an event after the stop replayed');
    await restore();
  });

  describe('"Replay (live for missing)" against a local model server (the mock OpenAI-compatible API)', () => {
    let mock: MockOpenAi;
    /** capture_note's recorded model answer, which the mock gives again. */
    let recordedAnswer: string;
    before(async () => {
      const lines = fs.readFileSync(path.join(extensionPath, 'skills', 'capture_note', 'tests', 'note-anthropic.jsonl'), 'utf8').trimEnd().split('\n');
      const llm = JSON.parse(lines.find((l) => l.includes('"kind":"llm"'))!);
      recordedAnswer = llm.response.content[0].text;
      mock = await startMockOpenAi({ responder: () => ({ content: recordedAnswer }) });
    });
    after(async () => {
      for (const key of ['engine', 'openai.endpoint', 'openai.model']) await setUser(key, undefined);
      await mock?.close();
    });

    it('a model call the cassette has no recording for fails the Replay profile, and "live for missing" sends it to the engine and reports it', async () => {
      // capture_note's model test with its model call taken out: the run asks something the cassette cannot answer.
      const lines = fs.readFileSync(path.join(extensionPath, 'skills', 'capture_note', 'tests', 'note-anthropic.jsonl'), 'utf8').trimEnd().split('\n');
      const file = path.join(recordings(), 'note-no-model-call.jsonl');
      fs.writeFileSync(file, `${lines.filter((l) => !l.includes('"kind":"llm"')).join('\n')}\n`);
      created.push(file);
      const item = await listed(file);
      await api.run('replay', [item]);
      assert.equal(api.outcome(item)?.state, 'failed');
      const strictCall = api.result(file)!.calls!.find((c) => c.name === 'run_skill')!;
      assert.equal(strictCall.status, 'miss', JSON.stringify(api.result(file)));
      assert.equal(mock.requests.length, 0, 'the Replay profile sent nothing');

      // Without a model engine, "live for missing" refuses, naming the setting.
      await setUser('engine', 'offline');
      await api.run('live', [item]);
      assert.equal(api.outcome(item)?.state, 'errored');
      assert.match(String(api.outcome(item)!.messages[0].message), /needs a model engine; choose one in the setting interviewLens\.engine/);
      assert.equal(mock.requests.length, 0);

      await setUser('engine', 'openai-compatible');
      await setUser('openai.endpoint', mock.url);
      await setUser('openai.model', 'mock-model');
      await api.run('live', [item]);
      assert.equal(mock.requests.length, 1, 'the one request with no recording went to the engine');
      assert.match(JSON.stringify(mock.requests[0].body), /Idea for the RAG answer next time/, 'the request is the run\'s own prompt');
      const result = api.result(file)!;
      assert.equal(result.counts?.liveServed, 1);
      const call = result.calls!.find((c) => c.name === 'run_skill')!;
      assert.equal(call.liveServed, 1);
      assert.notEqual(call.status, 'miss');
      // The engine's answer reached the skill: the output is the recorded one; only usage and cost may differ.
      if (call.status === 'mismatch') {
        assert.match(String(call.actual), /"title": "Idea for the RAG answer next"/);
        const child = children(item).find((c) => api.outcome(c)?.state === 'failed')!;
        assert.match(String(api.outcome(child)!.messages[0].message), /returns a different result than the recording/);
      }
      assert.match(String(result.message), /answered by the live engine \(openai-compatible mock-model\); re-record the run to keep it/);
    });
  });

  it('Re-record replaces a tool-only workspace cassette with today\'s results after the confirmation, and leaves it alone when declined', async () => {
    for (const key of ['engine', 'openai.endpoint', 'openai.model']) await setUser(key, undefined);
    const { file } = editedCassette('rerecord-note');
    created.push(file);
    const item = await listed(file);
    await api.run('replay', [item]);
    assert.equal(api.outcome(item)?.state, 'failed', 'the edited cassette fails before');
    const before = fs.readFileSync(file, 'utf8');

    const asked: string[] = [];
    api.confirmWith(async (message, detail) => {
      asked.push(`${message}\n${detail}`);
      return false;
    });
    await api.run('rerecord', [item]);
    assert.equal(asked.length, 1);
    assert.match(asked[0], /^Re-record 1 cassette\? Its recorded calls are replaced/, 'one cassette reads in the singular');
    assert.match(asked[0], /\n\.interview-lens\/recordings\/rerecord-note\.jsonl$/, 'the question names the file it overwrites');
    assert.equal(api.outcome(item)?.state, 'skipped', 'declined: nothing re-recorded');
    assert.equal(fs.readFileSync(file, 'utf8'), before);

    api.confirmWith(async () => true);
    await api.run('rerecord', [item]);
    assert.equal(api.outcome(api.itemFor(file)!)?.state, 'passed', JSON.stringify(api.outcome(api.itemFor(file)!)?.messages.map((m) => m.message)));
    const after = fs.readFileSync(file, 'utf8');
    assert.notEqual(after, before);
    assert.doesNotMatch(after, /A title nobody recorded/);
    assert.match(after.split('\n')[0], /"engine":"offline"/, 'a tool-only cassette is re-recorded offline');
    // The new recording replays as it is.
    const again = api.itemFor(file, true)!;
    await api.run('replay', [again]);
    assert.equal(api.outcome(again)?.state, 'passed', JSON.stringify(api.result(file)));
    api.confirmWith(undefined);

    // A built-in skill's test lives in the read-only extension: refused before any question.
    const builtIn = api.itemFor(path.join(extensionPath, 'skills', 'capture_note', 'tests', 'note-offline.jsonl'), true)!;
    asked.length = 0;
    api.confirmWith(async (m) => {
      asked.push(m);
      return true;
    });
    await api.run('rerecord', [builtIn]);
    assert.equal(asked.length, 0);
    assert.equal(api.outcome(builtIn)?.state, 'errored');
    assert.match(String(api.outcome(builtIn)!.messages[0].message), /is a test of a built-in skill and lives inside the extension, which is read-only/);
  });
});
