import { call } from '../../calls/callSkill';
import { diagnoseTranscript, type DiagnoseInput } from './diagnoseTranscript';
import type { Report } from '../../diagnosis/report/model';
import type { SttResult } from '../../diagnosis/speech/stt';
import { JUDGE_PROMPT_VERSION } from '../../diagnosis/modelJudge/promptVersion';
import type { Skill, SkillResult } from '../../calls/skill';

/** Input of the diagnose-audio skill. */
export interface DiagnoseAudioInput extends Omit<DiagnoseInput, 'text' | 'format'> {
  /** The recording, inside the workspace. */
  path: string;
  language?: 'auto' | 'zh' | 'en';
}

/** What diagnose-audio returns: the report and the labeled transcript it was computed from. */
export interface AudioDiagnosis {
  report: Report;
  /** WhisperX-style JSON with Interviewer/Candidate speakers; the report's offsets point into it. */
  transcript: string;
  provider: string;
}

/** audio → transcription → roles → split → content and delivery diagnosis → report. */
export const diagnoseAudio: Skill<DiagnoseAudioInput, AudioDiagnosis> = {
  name: 'diagnose-audio',
  description: 'Transcribe an interview recording, tell interviewer from candidate, and diagnose it: content against the knowledge base and delivery (pace, fillers, pauses).',
  triggers: ['audio', 'recording', 'mp3', 'wav', '录音', '音频'],
  requiredTools: ['transcribe_audio', 'detect_speakers', ...diagnoseTranscript.requiredTools],
  priority: 11,
  promptVersion: JUDGE_PROMPT_VERSION,
  async execute(input, ctx): Promise<SkillResult<AudioDiagnosis>> {
    ctx.onProgress?.({ done: 0, total: 1, message: 'transcribing', phase: 'transcribing' });
    const stt = await call<SttResult>(ctx, 'transcribe_audio', { path: input.path, language: input.language ?? 'auto' });
    const roles = await call<{ labeled: string }>(ctx, 'detect_speakers', { text: stt.text, format: stt.format });
    const { path: _path, language: _language, ...rest } = input;
    const result = await diagnoseTranscript.execute({ ...rest, text: roles.labeled, format: 'whisper-json', source: input.source ?? _path }, ctx);
    return {
      ...result,
      raw: { report: result.raw, transcript: roles.labeled, provider: stt.provider },
    };
  },
};
