import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KnowledgeBase } from './diagnosis/knowledge/knowledgeBase';
import type { KnowledgeEntry } from './diagnosis/knowledge/types';
import { EmbeddingCache, type EmbeddingProvider } from './diagnosis/knowledge/embeddings';
import { HybridKnowledgeBase } from './diagnosis/knowledge/hybrid';
import { loadedSql, loadSql } from './store/sqlite';
import { loadKnowledge } from './diagnosis/knowledge/loader';
import { attachGeneralMisconceptions, loadGeneralMisconceptions } from './diagnosis/knowledge/generalMisconceptions';
import { JudgeCorpus, type CorpusSnapshot } from './diagnosis/judge/corpus';
import { WorkspaceModelCache } from './diagnosis/knowledge/workspaceModelCache';

/** File name of the knowledge index (SQLite, FTS4) the build writes next to knowledge.json. */
export const COMPILED_INDEX = 'knowledge.sqlite';
/** File name of the judge's precomputed corpus (unit rarities, key-point signatures, item profiles) the build writes next to knowledge.json. */
export const COMPILED_JUDGE_CORPUS = 'judge-corpus.json';

/** Builds the judge corpus the build ships (dist/judge-corpus.json) from compiled entries. */
export function buildJudgeCorpus(entries: KnowledgeEntry[]): string {
  return JSON.stringify(new JudgeCorpus(entries).snapshot());
}

/** Builds the knowledge index file the build ships (dist/knowledge.sqlite) from compiled entries. */
export async function buildKnowledgeIndex(entries: KnowledgeEntry[]): Promise<Uint8Array> {
  const kb = new HybridKnowledgeBase(await loadSql(), entries);
  try {
    return kb.export();
  } finally {
    kb.close();
  }
}

/** A knowledge base over given entries (benchmarks, tests); needs prepareCore() first. */
export function createKnowledgeBase(entries: KnowledgeEntry[], indexBytes?: Uint8Array): HybridKnowledgeBase {
  const SQL = loadedSql();
  if (!SQL) throw new Error('sql.js is not loaded: await prepareCore() first');
  return new HybridKnowledgeBase(SQL, entries, indexBytes);
}

/** Loads what the core needs asynchronously (sql.js); call once before createCore. */
export async function prepareCore(options: { wasmPath?: string } = {}): Promise<void> {
  await loadSql(options.wasmPath);
}
import type { Logger } from './runtime/logger';
import { silentLogger } from './runtime/logger';
import { redactingLogger } from './runtime/redact';
import { newRequestId } from './runtime/requestId';
import type { DiagnoseInput } from './builtin/codeSkills/diagnoseTranscript';
import type { AudioDiagnosis, DiagnoseAudioInput } from './builtin/codeSkills/diagnoseAudio';
import { CODE_SKILLS } from './builtin/codeSkills/codeSkills';
import { ask, type AskOutcome } from './builtin/codeSkills/ask';
import type { AskRequest } from './calls/skill';
import type { SttProvider } from './diagnosis/speech/stt';
import { SkillRegistry } from './calls/skillRegistry';
import type { SkillContext, SkillProgress, SkillResult } from './calls/skill';
import type { ReportHistory } from './diagnosis/history/historyStore';
import { createToolRegistry } from './builtinTools';
import type { ToolRegistry } from './calls/toolRegistry';
import type { Report } from './diagnosis/report/model';
import type { LlmProvider } from './llm/provider';
import { metered } from './llm/meteredProvider';
import { UsageMeter } from './llm/usageMeter';
import type { CallRecorder } from './calls/callRecorder';
import type { ManifestSkillHost } from './skills/run/skillHost';
import { recording } from './calls/recordingProvider';
import { codeSkillHash, registeredSkillHashes } from './calls/skillHash';
import { AGENT_PROMPT_VERSION, agentToolNames, runAgent } from './calls/agentLoop';

/** The name agent-mode recordings go by: the flow of `ask` when no skill matched. */
export const ASK_FLOW = 'ask';

/** The definition hash of agent mode: its system prompt and the tools it offers the model. */
function askFlowHash(tools: ToolRegistry): string {
  const names = agentToolNames(tools);
  return codeSkillHash({ name: ASK_FLOW, description: 'agent mode: the model loops over the registry\'s tools', triggers: [], requiredTools: names }, tools, AGENT_PROMPT_VERSION);
}

/** What a caller may set on a run's context. */
export interface ContextOptions {
  caller: string;
  signal?: AbortSignal;
  onProgress?: (p: SkillProgress) => void;
  workspaceRoot?: string;
  settings?: Record<string, unknown>;
  stt?: () => SttProvider;
  /** The model engine of the run; without one the offline judge scores. */
  llm?: LlmProvider;
  /** Receives the run's tool and model calls when it is recorded to a cassette. */
  recorder?: CallRecorder;
  /** The declarative skills the run_skill tool may run. */
  manifestSkills?: ManifestSkillHost;
}

/** The core wired together once per process (CLI) or per activation (extension). */
export interface Core {
  tools: ToolRegistry;
  skills: SkillRegistry;
  knowledgeBase: KnowledgeBase;
  store?: ReportHistory;
  logger: Logger;
  context(options: ContextOptions): SkillContext;
  diagnose(input: DiagnoseInput, options?: Partial<ContextOptions>): Promise<SkillResult<Report>>;
  diagnoseAudio(input: DiagnoseAudioInput, options: Partial<ContextOptions> & { workspaceRoot: string; stt: () => SttProvider }): Promise<SkillResult<AudioDiagnosis>>;
  /** Today's definition hash of a registered skill or of agent mode ('ask'): cassettes recorded with another are stale. */
  skillHash(name: string): string | undefined;
  /**
   * Re-runs a recorded agent-mode flow from its cassette header's input (the replay runner's
   * `rerun`); `manifestSkills` are the skills its run_skill tool lists, as when it was recorded.
   */
  rerunFlow(header: { skill: string; input?: unknown }, llm: LlmProvider, recorder?: CallRecorder, options?: { manifestSkills?: ManifestSkillHost }): Promise<void> | undefined;
  /** A free-text request: a matching skill runs (skill mode), else the model loops over the tools (agent mode, needs `llm`). */
  ask(request: AskRequest, options: Partial<ContextOptions> & { maxSteps?: number; onText?: (delta: string) => void }): Promise<AskOutcome>;
  /**
   * Turns on the embedding channel: embeds the entries (cached in `cacheFile`) and embeds queries
   * from then on. Returns how many entries have vectors.
   */
  enableEmbeddings(provider: EmbeddingProvider, cacheFile?: string, signal?: AbortSignal): Promise<number>;
  /** Embeds entries added since (workspace files), with the provider already enabled; no-op otherwise. */
  refreshEmbeddings(signal?: AbortSignal): Promise<void>;
  /** Writes the workspace entries' models to `workspaceModels` (after merging files); no-op without one. */
  saveWorkspaceModels(): void;
}

/** Builds the registries, loads the knowledge base and binds the optional history store. */
export function createCore(options: {
  /** A folder of knowledge YAML files, or the compiled knowledge.json the build writes. */
  knowledgeDir: string;
  store?: ReportHistory; logger?: Logger; clock?: () => number;
  /** A file where workspace entries' models are kept between sessions (WorkspaceModelCache). */
  workspaceModels?: string;
  /** Benchmarks: a knowledge base to use instead of loading `knowledgeDir`'s (compares implementations on one judge). */
  knowledgeBase?: KnowledgeBase }): Core {
  // Every log line of the core (tool calls, warnings) is redacted before it reaches the sink.
  const logger = options.logger ? redactingLogger(options.logger) : silentLogger;
  const tools = createToolRegistry();
  const skills = new SkillRegistry(tools);
  for (const skill of CODE_SKILLS) skills.register(skill);
  const SQL = loadedSql();
  if (!SQL) throw new Error('sql.js is not loaded: await prepareCore() before createCore()');
  // The build ships the FTS index next to knowledge.json; without it the index is built in memory.
  const indexFile = options.knowledgeDir.endsWith('.json') ? path.join(path.dirname(options.knowledgeDir), COMPILED_INDEX) : undefined;
  const indexBytes = !options.knowledgeBase && indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;
  const knowledgeBase = options.knowledgeBase ?? new HybridKnowledgeBase(SQL, loadKnowledge(options.knowledgeDir), indexBytes);
  const workspaceModels = options.workspaceModels ? WorkspaceModelCache.open(options.workspaceModels) : undefined;
  if (workspaceModels) knowledgeBase.useModelCache?.(workspaceModels);
  attachGeneralMisconceptions(knowledgeBase, loadGeneralMisconceptions(options.knowledgeDir));
  // The judge's corpus is read on first use, and only if it was built for these entries.
  const corpusFile = options.knowledgeDir.endsWith('.json') ? path.join(path.dirname(options.knowledgeDir), COMPILED_JUDGE_CORPUS) : undefined;
  if (corpusFile) {
    JudgeCorpus.offerSnapshot(knowledgeBase, () => {
      try {
        return JSON.parse(fs.readFileSync(corpusFile, 'utf8')) as CorpusSnapshot;
      } catch {
        return undefined;
      }
    });
  }
  const clock = options.clock ?? Date.now;
  const skillHashes = registeredSkillHashes(skills, tools, (name) => skills.resolve(name)?.promptVersion);
  let embedder: EmbeddingProvider | undefined;
  let cache: EmbeddingCache | undefined;
  const core: Core = {
    tools, skills, knowledgeBase, store: options.store, logger,
    context: (o) => {
      const requestId = newRequestId();
      // Each run counts its own model calls; the recorder sees what the provider answered.
      const usage = new UsageMeter();
      const llm = o.llm ? metered(o.recorder ? recording(o.llm, o.recorder) : o.llm, usage, logger, requestId) : undefined;
      return {
        requestId,
        caller: o.caller,
        signal: o.signal ?? new AbortController().signal,
        logger,
        clock,
        settings: o.settings ?? {},
        workspaceRoot: o.workspaceRoot,
        knowledgeBase,
        store: options.store,
        tools,
        onProgress: o.onProgress,
        stt: o.stt,
        embedder,
        searchCache: new Map(),
        ...(llm ? { llm, usage } : {}),
        ...(o.recorder ? { recorder: o.recorder } : {}),
        ...(o.manifestSkills ? { manifestSkills: o.manifestSkills } : {}),
      };
    },
    diagnose: (input, o = {}) =>
      skills.run<Report>('diagnose-transcript', input, core.context({ ...o, caller: o.caller ?? 'api' })),
    diagnoseAudio: (input, o) =>
      skills.run<AudioDiagnosis>('diagnose-audio', input, core.context({ ...o, caller: o.caller ?? 'api' })),
    skillHash: (name) => (name === ASK_FLOW ? askFlowHash(tools) : skillHashes(name)),
    rerunFlow: (header, llm, recorder, options = {}) => {
      const input = header.input as { question?: unknown } | undefined;
      if (header.skill !== ASK_FLOW || typeof input?.question !== 'string') return undefined;
      const skills = options.manifestSkills ? { manifestSkills: options.manifestSkills } : {};
      // Re-recording passes a recorder: the agent's model and tool calls go to the new cassette.
      const ctx = recorder ? core.context({ caller: 'replay', llm, recorder, ...skills }) : { ...core.context({ caller: 'replay', ...skills }), llm, recorder: undefined };
      return runAgent(input.question, ctx).then(() => undefined);
    },
    ask: (request, o) => ask(request, core.context({ ...o, caller: o.caller ?? 'api' }), skills, { maxSteps: o.maxSteps, onText: o.onText }),
    enableEmbeddings: async (provider, cacheFile, signal) => {
      cache ??= await EmbeddingCache.open(cacheFile);
      const n = await knowledgeBase.attachEmbeddings!(provider, cache, signal);
      embedder = provider;
      return n;
    },
    saveWorkspaceModels: () => workspaceModels?.save(),
    refreshEmbeddings: async (signal) => {
      if (embedder && cache) await knowledgeBase.attachEmbeddings?.(embedder, cache, signal);
    },
  };
  return core;
}
