import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { AUDIO_EXTENSIONS, SttError, type SttResult } from '../speech/stt';
import { isInside } from './readFile';
import { fail, ok, type Tool } from './types';

/** Transcribes an audio file with the configured speech-to-text provider (whisper.cpp or an OpenAI-compatible endpoint). */
export const transcribeAudio: Tool<{ path: string; language: 'auto' | 'zh' | 'en' }, SttResult> = {
  name: 'transcribe_audio',
  description:
    'Transcribe an interview recording (wav, mp3, m4a, ogg, flac, webm…) with the configured speech-to-text provider: a local whisper.cpp program or an OpenAI-compatible /audio/transcriptions endpoint. Returns the raw timed transcript JSON and its format, ready for split_qa_pairs or detect_speakers. Files outside the workspace are refused.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1, description: 'The audio file, relative to the workspace root or absolute inside it.' },
      language: { type: 'string', enum: ['auto', 'zh', 'en'], default: 'auto' },
    },
    required: ['path'],
  },
  // Transcribing an hour of audio on a laptop CPU takes minutes; cancellation still stops it.
  timeoutMs: 60 * 60 * 1000,
  async execute(input, ctx) {
    if (!ctx.workspaceRoot) return fail('permission_denied', 'no workspace folder is open, so no audio file may be read');
    const root = await fs.realpath(ctx.workspaceRoot);
    const wanted = path.resolve(root, input.path);
    let real: string;
    try {
      real = await fs.realpath(wanted);
    } catch {
      return fail('input_error', `${input.path} does not exist`);
    }
    if (!isInside(root, real)) return fail('permission_denied', `${input.path} is outside the workspace folder`);
    if (!(await fs.stat(real)).isFile()) return fail('input_error', `${input.path} is not a file`);
    if (!AUDIO_EXTENSIONS.includes(path.extname(real).toLowerCase())) {
      return fail('input_error', `${path.basename(real)} is not an audio file Interview Lens knows (${AUDIO_EXTENSIONS.join(', ')})`);
    }
    if (!ctx.stt) return fail('service_error', 'speech-to-text is not available in this context');
    try {
      const provider = ctx.stt();
      ctx.logger.info(`transcribing ${path.basename(real)} with ${provider.name}`);
      return ok(await provider.transcribe(real, { language: input.language, signal: ctx.signal }));
    } catch (err) {
      if (err instanceof SttError) return fail(err.kind === 'config' ? 'input_error' : 'service_error', err.message);
      throw err;
    }
  },
};
