/** Public surface of the core, for the CLI, the extension, tests and benchmarks. */
export { createCore, type Core } from './services';
export { loadKnowledgeDir, loadKnowledge, COMPILED_KNOWLEDGE } from './kb/loader';
export { HistoryStore, HistoryError } from './store/historyStore';
export { writeFileAtomic } from './store/atomicWrite';
export { renderStandaloneHtml, renderReportBody, REPORT_CSS, escapeHtml } from './report/html';
export { renderTextSummary } from './report/text';
export { splitTranscript, splitParsed, pairTurns } from './transcript/split';
export { parseTranscript, detectTranscriptFormat, MAX_TRANSCRIPT_CHARS, type ParseOptions } from './transcript/parse';
export { FORMAT_CHOICES, type FormatChoice, type SplitResult, type Transcript, type TranscriptFormat } from './transcript/model';
export type { CustomLabels } from './transcript/speakers';
export { decodeTranscript } from './transcript/readText';
export { TranscriptError } from './transcript/model';
export { SkillStepError } from './skills/diagnoseTranscript';
export { CancelledError } from './runtime/abort';
export { MemoryLogger, silentLogger, type Logger } from './runtime/logger';
export type { Report, QuestionReport } from './report/model';
export type { SkillProgress } from './skills/types';
