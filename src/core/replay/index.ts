/** Public surface of record and replay: cassettes, the recorder, the replay provider and runner, skill hashes. */
export type { CallRecorder, RecordedLlmCall, RecordedToolCall } from '../calls/callRecorder';
export { callKey, canonicalJson, canonicalValue, type CallKind } from '../runtime/canonical';
export {
  CASSETTE_FORMAT, SUPPORTED_CASSETTE_FORMATS, CassetteError, parseCassette, serializeCassette, readCassette, writeCassette,
  type Cassette, type CassetteCall, type CassetteHeader,
} from './cassette';
export { CassetteRecorder, recordingPath, RECORDINGS_DIR, type RecordingInfo } from './cassetteRecorder';
export { recording } from '../calls/recordingProvider';
export { ReplayProvider, type ReplayMiss, type ReplayOptions } from './replayProvider';
export { diffLines, formatDiff, editDistance, type LineEdit, type DiffFormat } from './diff';
export { compareResults, maskVolatile, normalisationNote, MASK, type ResultComparison } from './compare';
export {
  replayCassette, replayFile,
  type CassetteReplayResult, type CassetteStatus, type ReplayCallResult, type ReplayCallStatus, type ReplayCounts, type ReplayRunnerOptions,
} from './replayRunner';
export { benchReplay, type ReplayBenchResult } from './bench';
export { rerecordCassette, type RerecordOptions, type RerecordResult } from './rerecord';
export { summarizeCassette, outlineCassette, type CassetteSummary, type CassetteCallLine } from './cassetteOutline';
