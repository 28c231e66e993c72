import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as readline from 'node:readline';
import {
  AUDIO_EXTENSIONS, AskError, CancelledError, COMPILED_KNOWLEDGE, silentLogger, DEFAULT_ANTHROPIC_MODEL, DEFAULT_REQUESTS_PER_MINUTE, LlmError, createCore, prepareCore, createSttProvider, decodeTranscript, FORMAT_CHOICES, HistoryError,
  HistoryStore, OpenAiEmbeddingProvider, renderMarkdown, renderStandaloneHtml, renderTextSummary, SkillStepError, splitTranscript, SttError, TranscriptError,
} from '../core';
import type { FormatChoice, Logger, SttSettings } from '../core';
import { historyLimitFromEnv, historyNotice } from './historyNotice';
import { REPLAY_USAGE, runReplay } from './replayCommand';
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

export { UsageError };

const USAGE = `Usage:
  interview-lens diagnose FILE [--json] [--html OUT] [--markdown OUT] [--engine E] [--record NAME] [--user ID] [--no-history] [--verbose]
                               [--report-language transcript|en|zh] [--compare-with ID|FILE]
                               [--format F] [--interviewer-label L]... [--candidate-label L]... [--swap-roles]
                               [--transcript-out OUT]   (audio files: where to save the labeled transcript)
  interview-lens split FILE --json [--format F] [--interviewer-label L]... [--candidate-label L]... [--swap-roles]
  interview-lens transcribe AUDIO [--out OUT] [--language auto|zh|en]
  interview-lens mcp [--engine E] [--allow-writes] [--trust]
                                                        an MCP server on stdio: the tools and the skills (see README)
  interview-lens mock [--dimension D]... [--difficulty easy|medium|hard]... [--count N] [--language zh|en] [--engine E]
                     [--resume | --new] [--no-follow-ups] [--no-history] [--json]
                                                        a mock interview in the terminal; end an answer with an empty line
  interview-lens ask "QUESTION" [--engine E] [--file FILE] [--max-steps N] [--record NAME] [--json] [--trust]
${REPLAY_USAGE}
  interview-lens skills list|validate [--json]          declarative skills: built-in, then ./skills and ./.interview-lens/skills
  interview-lens skills test [NAME] [--json] [--trust]   the skills' inline tests (tests: in skill.yaml), offline
  interview-lens skills export NAME [--out DIR]          as Anthropic's SKILL.md (what does not carry over is listed)
  interview-lens skills import PATH [--out DIR]          a SKILL.md (or its folder) as skills/NAME/skill.yaml
  interview-lens skills migrate [NAME] [--dry-run]      rewrites workspace skills written before the skill spec into its form
                                                        (as:/when: inside the parameters, the spec's parameter and input names)
  interview-lens skills show NAME [--json]              a skill's manifest details and its recent runs (runs, failures, median time)
  interview-lens run [SKILL|CHAIN] --input FILE|- [--dry-run] [--json] [--engine E] [--trust] [--record NAME]
                     [--hint "…"] [--explain-route]
                                                        routes to a skill when none is named (--explain-route says which step chose
                                                        it and why); --hint gives the skill extra instructions (input.hints);
                                                        --dry-run writes nothing;
                                                        a workspace skill's script (run.ts) runs only with --trust;
                                                        FILE may be a web address, an image or a recording
  interview-lens records [KIND] [--json]                what skills wrote: companies, positions, people, notes, … (~/.interview-lens/records.sqlite)
--engine: offline (default; INTERVIEW_LENS_ENGINE sets another default), anthropic, openai-compatible.
  anthropic: ANTHROPIC_API_KEY, optional ANTHROPIC_BASE_URL (a gateway) and INTERVIEW_LENS_ANTHROPIC_MODEL (default ${DEFAULT_ANTHROPIC_MODEL}).
  openai-compatible: INTERVIEW_LENS_OPENAI_ENDPOINT (e.g. http://localhost:11434/v1), INTERVIEW_LENS_OPENAI_MODEL, optional INTERVIEW_LENS_OPENAI_API_KEY.
  Tuning: INTERVIEW_LENS_LLM_CONCURRENCY (6), INTERVIEW_LENS_LLM_RPM (${DEFAULT_REQUESTS_PER_MINUTE}), INTERVIEW_LENS_LLM_TIMEOUT_S (60),
  INTERVIEW_LENS_PRICE_INPUT / _OUTPUT (USD per million tokens, when the list price is wrong or unknown).
--record NAME: record every model and tool call of the run to .interview-lens/recordings/NAME.jsonl (replay it with "replay").
ask: a request a skill matches runs that skill (offline too); anything else needs a model (agent mode: the model uses the tools).
FILE: labeled text, raw dialogue, .srt, .vtt, Whisper / whisper.cpp JSON, Otter or Feishu text, or audio (${AUDIO_EXTENSIONS.join(' ')}).
--format: ${FORMAT_CHOICES.join(', ')} (default auto).
--report-language: the language the report is written in; transcript (default) follows the transcript, en or zh write it all
  in that language (knowledge-base text too; what was said is quoted as spoken).
--compare-with: a report is compared with the latest earlier run of the same interview (none: "Not compared"); this compares
  it with another report instead: its ID (the "id" of diagnose --json) or a transcript FILE diagnosed before (its latest report).
Audio needs speech-to-text: INTERVIEW_LENS_WHISPER_CPP + INTERVIEW_LENS_WHISPER_MODEL (local whisper.cpp),
  or INTERVIEW_LENS_STT_ENDPOINT (+ INTERVIEW_LENS_STT_API_KEY, INTERVIEW_LENS_STT_MODEL) for an OpenAI-compatible API.
Optional embeddings for retrieval: INTERVIEW_LENS_EMBEDDINGS_ENDPOINT (an OpenAI-compatible /v1 URL, e.g. a local Ollama)
  with INTERVIEW_LENS_EMBEDDINGS_MODEL and INTERVIEW_LENS_EMBEDDINGS_API_KEY; vectors are cached in embeddings.sqlite.
Exit codes: 0 success, 1 a failure (a skill run whose actions failed, an internal error), 2 bad input (with what to fix).
History: ~/.interview-lens/history.sqlite (set INTERVIEW_LENS_HOME to move it; INTERVIEW_LENS_HISTORY_MAX_MB caps its size, default 200).`;

/** Speech-to-text settings from the environment (the CLI's counterpart of the extension's settings + SecretStorage). */
function sttFromEnv(env: NodeJS.ProcessEnv): SttSettings {
  return {
    whisperCppPath: env.INTERVIEW_LENS_WHISPER_CPP || undefined,
    whisperModelPath: env.INTERVIEW_LENS_WHISPER_MODEL || undefined,
    endpoint: env.INTERVIEW_LENS_STT_ENDPOINT || undefined,
    apiKey: env.INTERVIEW_LENS_STT_API_KEY || undefined,
    model: env.INTERVIEW_LENS_STT_MODEL || undefined,
  };
}

function isAudio(file: string): boolean {
  return AUDIO_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

/**
 * The id of the report `--compare-with` names: a report id, or a transcript file diagnosed before
 * (its latest report, whatever its text was then).
 */
function reportToCompareWith(store: HistoryStore | undefined, value: string, userId: string): string {
  if (!store) throw new UsageError('--compare-with reads the history: drop --no-history');
  const asFile = path.resolve(value);
  if (fs.existsSync(asFile) && fs.statSync(asFile).isFile()) {
    const latest = store.last(userId, { sourceKey: pathToFileURL(asFile).href });
    if (!latest) throw new UsageError(`--compare-with ${value}: that file has no report in the history of user "${userId}"; diagnose it first, or give a report id`);
    return latest.id;
  }
  if (!store.get(value)) throw new UsageError(`--compare-with "${value}": no report with that id in the history; give a report id (the "id" of diagnose --json) or a transcript file diagnosed before`);
  return value;
}

/** Where the CLI keeps its history; INTERVIEW_LENS_HOME overrides ~/.interview-lens. */
function homeDir(env: NodeJS.ProcessEnv): string {
  return env.INTERVIEW_LENS_HOME || path.join(os.homedir(), '.interview-lens');
}

/** The compiled knowledge base next to the bundle, else the YAML folder (source runs). */
function knowledgeSource(): string {
  const candidates = [path.join(__dirname, COMPILED_KNOWLEDGE), path.resolve(__dirname, '..', 'knowledge'), path.resolve(__dirname, '..', '..', 'knowledge')];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[1];
}

function readTranscript(file: string): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file} (check the path)`);
    if (code === 'EISDIR') throw new UsageError(`${file} is a folder: give the path of a transcript file`);
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return decodeTranscript(bytes, file);
  } catch (err) {
    if (err instanceof TranscriptError) throw new UsageError(err.message);
    throw err;
  }
}

const stderrLogger = (write: (s: string) => void): Logger => {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(`[${level}] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
};

/** Opens the CLI's history with the size limit from the environment. */
async function openHistory(env: NodeJS.ProcessEnv): Promise<HistoryStore> {
  let limitBytes: number | undefined;
  try {
    limitBytes = historyLimitFromEnv(env.INTERVIEW_LENS_HISTORY_MAX_MB);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return HistoryStore.open(path.join(homeDir(env), 'history.sqlite'), { limitBytes });
}

/**
 * Runs work that Ctrl+C cancels; a recording is written only when the work succeeds (a cancelled
 * or failed run leaves no cassette).
 */
async function withSigint<T>(work: (signal: AbortSignal) => Promise<T>, recorder: { finish(): void; discard(): void }): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const result = await work(controller.signal);
    recorder.finish();
    return result;
  } catch (err) {
    recorder.discard();
    throw err;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** The version in package.json beside the bundle (dist/..) or the source tree. */
function packageVersion(): string {
  for (const file of [path.resolve(__dirname, '..', 'package.json'), path.resolve(__dirname, '..', '..', 'package.json')]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'interview-lens' && pkg.version) return pkg.version;
    } catch {
      // Not this one.
    }
  }
  return '0.0.0';
}

/** Lines of standard input, one per call; null at its end. */
function stdinLines(): () => Promise<string | null> {
  let iterator: AsyncIterator<string> | undefined;
  return async () => {
    iterator ??= readline.createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
    const next = await iterator.next();
    return next.done ? null : next.value;
  };
}

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
