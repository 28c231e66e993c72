import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AUDIO_EXTENSIONS, AskError, CancelledError, silentLogger, LlmError, createCore, prepareCore, createSttProvider, FORMAT_CHOICES, HistoryError,
  OpenAiEmbeddingProvider, renderMarkdown, renderStandaloneHtml, renderTextSummary, SkillStepError, splitTranscript, SttError, TranscriptError,
} from '../core';
import type { FormatChoice } from '../core';
import { historyNotice } from './historyNotice';
import { runReplay } from './replayCommand';
import { modelFlags } from './modelFlags';
import { mockCommand } from './mockCommand';
import { exportCommand, importCommand } from './skillMdCommand';
import { MockInterviewError } from '../core/coach/mockInterview';
import { MockSessionError, MockSessionStore } from '../core/coach/mockSessionStore';
import { cliSkillHost, recordsCommand, runCommand, skillsCommand } from './skillCommands';
import { migrateCommand, showCommand } from './skillSpecCommands';
import { ManifestRunError } from '../core/skills/run/runManifestSkill';
import { ScriptError } from '../core/skills/run/scriptedSkill';
import { TemplateError } from '../core/runtime/template';
import { RecordsError } from '../core/records/errors';
import { ActionsFailedError } from '../core/skills/actions/runActions';
import { StalePlanError } from '../core/skills/actions/types';
import { checkOutputPath, errorLine, registerEnvSecrets, safeIo, UsageError, writeOutput } from './io';
import { USAGE } from './usage';
import { sttFromEnv, isAudio, reportToCompareWith, homeDir, knowledgeSource, readTranscript, stderrLogger, openHistory, withSigint, packageVersion, stdinLines } from './cliEnvironment';

export { UsageError };

/** Runs the CLI and returns its exit code; streams are injected so tests can run it in-process. */
export async function run(
  argv: string[],
  io: { stdout: (s: string) => void; stderr: (s: string) => void; env: NodeJS.ProcessEnv; readLine?: () => Promise<string | null> } = {
    stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s), env: process.env,
  },
): Promise<number> {
  const readLine = io.readLine ?? stdinLines();
  // Keys are known to the redactor before anything runs; every line printed passes through safeIo.
  registerEnvSecrets(io.env);
  io = safeIo(io);
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          json: { type: 'boolean', default: false },
          html: { type: 'string' },
          markdown: { type: 'string' },
          engine: { type: 'string' },
          user: { type: 'string', default: 'default' },
          'no-history': { type: 'boolean', default: false },
          verbose: { type: 'boolean', default: false },
          format: { type: 'string', default: 'auto' },
          'interviewer-label': { type: 'string', multiple: true },
          'candidate-label': { type: 'string', multiple: true },
          'swap-roles': { type: 'boolean', default: false },
          'transcript-out': { type: 'string' },
          out: { type: 'string' },
          language: { type: 'string', default: 'auto' },
          'report-language': { type: 'string', default: 'transcript' },
          'compare-with': { type: 'string' },
          record: { type: 'string' },
          update: { type: 'boolean', default: false },
          file: { type: 'string' },
          'max-steps': { type: 'string' },
          input: { type: 'string' },
          'dry-run': { type: 'boolean', default: false },
          hint: { type: 'string', multiple: true },
          'explain-route': { type: 'boolean', default: false },
          trust: { type: 'boolean', default: false },
          dimension: { type: 'string', multiple: true },
          difficulty: { type: 'string', multiple: true },
          count: { type: 'string' },
          resume: { type: 'boolean', default: false },
          new: { type: 'boolean', default: false },
          'no-follow-ups': { type: 'boolean', default: false },
          'allow-writes': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
      });
    } catch (err) {
      throw new UsageError(`${(err as Error).message}\n${USAGE}`);
    }
    const { values, positionals } = parsed;
    const [command, file, ...extra] = positionals;
    if (values.help || !command) {
      (values.help ? io.stdout : io.stderr)(`${USAGE}\n`);
      return values.help ? 0 : 2;
    }
    if (command === 'skills' && (file === 'export' || file === 'import')) {
      await prepareCore();
      if (extra.length > 1) throw new UsageError(`unexpected arguments: ${extra.slice(1).join(' ')}`);
      return await (file === 'export' ? exportCommand : importCommand)(extra[0], values.out, process.cwd(), io);
    }
    if (command === 'skills' && (file === 'migrate' || file === 'show')) {
      await prepareCore();
      if (extra.length > 1) throw new UsageError(`unexpected arguments: ${extra.slice(1).join(' ')}`);
      return file === 'migrate'
        ? await migrateCommand(extra[0], process.cwd(), io, { dryRun: values['dry-run']! })
        : await showCommand(extra[0], values.json!, process.cwd(), path.join(homeDir(io.env), 'records.sqlite'), io);
    }
    if (command === 'skills') {
      await prepareCore();
      if (extra.length > 1) throw new UsageError(`unexpected arguments: ${extra.slice(1).join(' ')}`);
      return await skillsCommand(file, values.json!, process.cwd(), io, { ...(extra[0] !== undefined ? { name: extra[0] } : {}), trust: values.trust! });
    }
    if (command === 'records') {
      await prepareCore();
      return await recordsCommand(file, values.json!, path.join(homeDir(io.env), 'records.sqlite'), io);
    }
    if (command === 'run') {
      if (values.input === undefined) throw new UsageError('run needs --input FILE (or --input - for standard input)');
      if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
      await prepareCore();
      const model = modelFlags(io.env, values.engine, values.record);
      const core = createCore({ knowledgeDir: knowledgeSource(), logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      // The skill is known only once routed: the recorder is told then (runCommand).
      const recorder = model.recorder(core, 'run_skill');
      const status = await withSigint((signal) => runCommand({
        ...(file ? { skill: file } : {}), input: values.input!, dryRun: values['dry-run']!, json: values.json!, cwd: process.cwd(),
        ...(values.hint?.length ? { hints: values.hint.join('\n') } : {}), explainRoute: values['explain-route']!,
        recordsFile: path.join(homeDir(io.env), 'records.sqlite'), ...(model.llm ? { llm: model.llm } : {}), signal,
        trust: values.trust!, logger: values.verbose ? stderrLogger(io.stderr) : silentLogger, core,
        ...(recorder.recorder ? { recorder: recorder.recorder } : {}), stt: () => createSttProvider(sttFromEnv(io.env)),
      }, () => fs.readFileSync(0, 'utf8'), io), recorder);
      if (recorder.file) io.stderr(`interview-lens: recorded ${path.relative(process.cwd(), recorder.file) || recorder.file}\n`);
      return status;
    }
    if (command === 'mcp') {
      if (file !== undefined) throw new UsageError('mcp takes no arguments but --engine, --allow-writes and --trust');
      await prepareCore();
      const model = modelFlags(io.env, values.engine, undefined);
      const core = createCore({ knowledgeDir: knowledgeSource(), logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      // Loaded only for `mcp`: the SDK's schemas take time to build, and every other command starts without them.
      const { mcpCommand } = await import('./mcpCommand');
      return await mcpCommand({
        core, cwd: process.cwd(), recordsFile: path.join(homeDir(io.env), 'records.sqlite'), trusted: values.trust!, allowWrites: values['allow-writes']!,
        ...(model.llm ? { llm: model.llm } : {}), version: packageVersion(), stderr: io.stderr,
      });
    }
    if (command === 'mock') {
      if (file !== undefined) throw new UsageError(`mock takes no file: interview-lens mock [--dimension D]... [--count N] [--difficulty D]...`);
      if (values.resume && values.new) throw new UsageError('--resume and --new exclude each other: continue the unfinished interview, or start over');
      await prepareCore();
      const model = modelFlags(io.env, values.engine, undefined);
      const store = values['no-history'] ? undefined : await openHistory(io.env);
      const core = createCore({ knowledgeDir: knowledgeSource(), store, logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      // The same store as VS Code's (a sql.js file beside the history), under the CLI's home.
      const sessions = await MockSessionStore.open(path.join(homeDir(io.env), 'mock-sessions.sqlite'));
      try {
        return await withSigint((signal) => mockCommand({
          dimensions: values.dimension ?? [], difficulties: values.difficulty ?? [], count: values.count, language: values.language, resume: values.resume!, fresh: values.new!,
          followUps: !values['no-follow-ups'], json: values.json!, userId: values.user!, persist: !values['no-history'], sessions,
          core, run: { caller: 'cli', signal, ...(model.llm ? { llm: model.llm } : {}) },
        }, { stdout: io.stdout, stderr: io.stderr, readLine }), { finish() {}, discard() {} });
      } finally {
        sessions.close();
      }
    }
    if (command === 'replay') {
      await prepareCore();
      const core = createCore({ knowledgeDir: knowledgeSource(), logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      // Recorded skill runs replay as dry runs on empty records; workspace scripts only with --trust.
      const manifestSkills = await cliSkillHost(process.cwd(), { trusted: values.trust!, allowWrites: false });
      try {
        return await runReplay({ paths: positionals.slice(1), update: values.update!, json: values.json!, cwd: process.cwd() }, { core, io, manifestSkills });
      } finally {
        manifestSkills.close();
      }
    }
    if (!file) throw new UsageError(`"${command}" needs a ${command === 'transcribe' ? 'AUDIO' : 'transcript'} FILE\n${USAGE}`);
    if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    if (!(FORMAT_CHOICES as readonly string[]).includes(values.format!)) {
      throw new UsageError(`unknown --format "${values.format}": use one of ${FORMAT_CHOICES.join(', ')}`);
    }
    if (!['auto', 'zh', 'en'].includes(values.language!)) throw new UsageError(`unknown --language "${values.language}": use auto, zh or en`);
    const reportLanguage = values['report-language'] as 'transcript' | 'zh' | 'en';
    if (!['transcript', 'zh', 'en'].includes(reportLanguage)) throw new UsageError(`unknown --report-language "${reportLanguage}": use transcript, en or zh`);
    const format = values.format as FormatChoice;
    const labels = values['interviewer-label'] || values['candidate-label']
      ? { interviewer: values['interviewer-label'] ?? [], candidate: values['candidate-label'] ?? [] }
      : undefined;

    if (command === 'split') {
      if (!values.json) throw new UsageError('split prints JSON only: add --json');
      const text = readTranscript(file);
      try {
        const { turns: _turns, wordTimed: _w, startOnly: _s, ...shown } = splitTranscript(text, { format, labels, swapRoles: values['swap-roles'] });
        io.stdout(`${JSON.stringify(shown, null, 2)}\n`);
        // The JSON lists what was skipped; one short line on stderr makes sure a person running it sees that something was.
        const w = shown.warnings;
        if (w) io.stderr(`warning: ${file}: ${w.length === 1 ? 'a block was' : `${w.length} blocks were`} skipped while reading, the first at ${/^line \d+/.exec(w[0])?.[0] ?? 'the start'}; "warnings" in the JSON ${w.length === 1 ? 'says why' : 'lists them'}\n`);
      } catch (err) {
        if (err instanceof TranscriptError) throw new UsageError(`${file}: ${err.message}`);
        throw err;
      }
      return 0;
    }
    await prepareCore();
    for (const option of ['--html', '--markdown', '--out', '--transcript-out'] as const) checkOutputPath(option, values[option.slice(2) as 'html' | 'markdown' | 'out' | 'transcript-out']);
    if (command === 'transcribe') {
      if (!isAudio(file)) throw new UsageError(`${file} is not an audio file (${AUDIO_EXTENSIONS.join(' ')})`);
      if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file} (check the path)`);
      const core = createCore({ knowledgeDir: knowledgeSource(), logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      const ctx = core.context({ caller: 'cli', workspaceRoot: path.dirname(path.resolve(file)), stt: () => createSttProvider(sttFromEnv(io.env)) });
      const stt = await core.tools.execute<{ text: string; format: string }>('transcribe_audio', { path: path.basename(file), language: values.language }, ctx);
      if (!stt.success) throw new UsageError(stt.error!.message);
      const labeled = await core.tools.execute<{ labeled: string }>('detect_speakers', { text: stt.data!.text, format: stt.data!.format }, ctx);
      if (!labeled.success) throw new UsageError(labeled.error!.message);
      if (values.out) writeOutput('--out', values.out, labeled.data!.labeled);
      else io.stdout(labeled.data!.labeled);
      return 0;
    }
    if (command === 'ask') {
      const model = modelFlags(io.env, values.engine, values.record);
      const attachment = values.file ? { text: readTranscript(values.file), source: path.basename(values.file), sourceKey: pathToFileURL(path.resolve(values.file)).href } : undefined;
      const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
      if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps >= 1 && maxSteps <= 50)) throw new UsageError(`--max-steps must be a whole number from 1 to 50, not "${values['max-steps']}"`);
      const store = values['no-history'] ? undefined : await openHistory(io.env);
      const core = createCore({ knowledgeDir: knowledgeSource(), store, logger: values.verbose ? stderrLogger(io.stderr) : undefined });
      const recorder = model.recorder(core, 'ask');
      // The model may dry-run the declarative skills (run_skill); writing stays with `run`.
      const manifestSkills = await cliSkillHost(process.cwd(), { recordsFile: path.join(homeDir(io.env), 'records.sqlite'), trusted: values.trust!, allowWrites: false });
      const outcome = await withSigint(async (signal) => {
        const o = await core.ask({ question: file, ...(attachment ? { attachment } : {}) }, {
          caller: 'cli', signal, manifestSkills, ...(model.llm ? { llm: model.llm } : {}), ...(recorder.recorder ? { recorder: recorder.recorder } : {}), ...(maxSteps ? { maxSteps } : {}),
        });
        // What ran is known only now: the skill that answered, or agent mode with the question the replay re-asks.
        if (o.mode === 'skill') recorder.recorder?.describe({ skill: o.skill!, skillHash: core.skillHash(o.skill!) ?? '' });
        else recorder.recorder?.describe({ input: { question: file } });
        return o;
      }, recorder);
      if (values.json) io.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
      else io.stdout(`${outcome.answerMd}\n`);
      for (const w of outcome.warnings) io.stderr(`warning: ${w}\n`);
      if (recorder.file) io.stderr(`interview-lens: recorded ${path.relative(process.cwd(), recorder.file) || recorder.file}\n`);
      return 0;
    }
    if (command !== 'diagnose') throw new UsageError(`unknown command "${command}"\n${USAGE}`);
    const model = modelFlags(io.env, values.engine, values.record);
    const audio = isAudio(file);
    if (audio && !fs.existsSync(file)) throw new UsageError(`file not found: ${file} (check the path)`);
    const text = audio ? '' : readTranscript(file);
    const store = values['no-history'] ? undefined : await openHistory(io.env);
    const compareWith = values['compare-with'] === undefined ? undefined : reportToCompareWith(store, values['compare-with'], values.user!);
    const core = createCore({ knowledgeDir: knowledgeSource(), store, logger: values.verbose ? stderrLogger(io.stderr) : undefined });
    if (io.env.INTERVIEW_LENS_EMBEDDINGS_ENDPOINT) {
      const provider = new OpenAiEmbeddingProvider(io.env.INTERVIEW_LENS_EMBEDDINGS_ENDPOINT, io.env.INTERVIEW_LENS_EMBEDDINGS_MODEL || 'text-embedding-3-small', io.env.INTERVIEW_LENS_EMBEDDINGS_API_KEY || undefined);
      try {
        await core.enableEmbeddings(provider, path.join(homeDir(io.env), 'embeddings.sqlite'));
      } catch (err) {
        io.stderr(errorLine(`embeddings unavailable (${(err as Error).message}); searching without them`));
      }
    }
    const recorder = model.recorder(core, audio ? 'diagnose-audio' : 'diagnose-transcript');
    const runWith = { ...(model.llm ? { llm: model.llm } : {}), ...(recorder.recorder ? { recorder: recorder.recorder } : {}) };
    const result = await withSigint(async (signal) => {
      const common = {
        source: path.basename(file), userId: values.user, labels, swapRoles: values['swap-roles'], reportLanguage,
        ...(model.llm ? { concurrency: model.concurrency } : {}), ...(compareWith ? { compareWith } : {}),
      };
      if (audio) {
        const r = await core.diagnoseAudio({ ...common, path: path.basename(file), language: values.language as 'auto' }, {
          caller: 'cli', signal, workspaceRoot: path.dirname(path.resolve(file)), stt: () => createSttProvider(sttFromEnv(io.env)), ...runWith,
        });
        if (values['transcript-out']) writeOutput('--transcript-out', values['transcript-out'], r.raw.transcript);
        return { ...r, raw: r.raw.report };
      }
      // The file's URL goes with the report: a second run of the same text is a re-run, not a new session.
      return core.diagnose({ ...common, text, format, sourceKey: pathToFileURL(path.resolve(file)).href }, { caller: 'cli', signal, ...runWith });
    }, recorder);
    if (recorder.file) io.stderr(`interview-lens: recorded ${path.relative(process.cwd(), recorder.file) || recorder.file}\n`);
    const report = result.raw;
    if (values.html) writeOutput('--html', values.html, renderStandaloneHtml(report));
    if (values.markdown) writeOutput('--markdown', values.markdown, renderMarkdown(report));
    if (values.json) {
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      io.stdout(`${renderTextSummary(report)}\n`);
      if (values.html) io.stdout(`\nHTML report: ${path.resolve(values.html)}\n`);
      if (values.markdown) io.stdout(`${values.html ? '' : '\n'}Markdown report: ${path.resolve(values.markdown)}\n`);
    }
    for (const w of values.verbose ? result.warnings : []) io.stderr(`warning: ${w}\n`);
    const notice = historyNotice(result.actions);
    if (notice) io.stderr(`interview-lens: ${notice}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      const [message, usage] = err.message.split(`\n${USAGE}`);
      io.stderr(errorLine(message));
      if (usage !== undefined) io.stderr(`${USAGE}\n`);
      return 2;
    }
    // The recording could not be transcribed (endpoint or program failed): exit 2 as `transcribe` does.
    // A model the user must configure (key, endpoint, model id) is bad input too: the message says what to set.
    if (err instanceof SkillStepError && (err.error.code === 'input_error' || err.error.code === 'permission_denied' || err.step === 'transcribe_audio' || err.error.fix)) {
      io.stderr(errorLine(err.error.message));
      return 2;
    }
    if (err instanceof CancelledError) {
      io.stderr('interview-lens: cancelled\n');
      return 130;
    }
    if (err instanceof LlmError) {
      if (err.kind === 'cancelled') {
        io.stderr('interview-lens: cancelled\n');
        return 130;
      }
      io.stderr(errorLine(err.message));
      return err.kind === 'config' || err.kind === 'auth' || err.kind === 'unreachable' || err.kind === 'bad_request' ? 2 : 1;
    }
    // A skill that cannot run as configured, or whose template fails on this input: the user fixes it.
    if (err instanceof ManifestRunError || err instanceof TemplateError || err instanceof ScriptError) {
      io.stderr(errorLine(err.message));
      return 2;
    }
    if (err instanceof ActionsFailedError || err instanceof RecordsError || err instanceof StalePlanError) {
      io.stderr(errorLine(`${err.message} (nothing was written)`));
      return 1;
    }
    if (err instanceof MockInterviewError || err instanceof MockSessionError) {
      io.stderr(errorLine(err.message));
      return 2;
    }
    if (err instanceof AskError) {
      io.stderr(errorLine(err.message));
      return 2;
    }
    if (err instanceof SttError) {
      io.stderr(errorLine(err.message));
      return 2;
    }
    if (err instanceof HistoryError) {
      io.stderr(errorLine(err.message));
      return 1;
    }
    io.stderr(errorLine(`internal error: ${err instanceof Error ? err.message : String(err)}${argv.includes('--verbose') ? '' : ' (run with --verbose for details)'}`));
    if (argv.includes('--verbose') && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return 1;
  }
}
