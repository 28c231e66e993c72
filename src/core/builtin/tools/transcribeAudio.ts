import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { AUDIO_EXTENSIONS, SttError, type SttResult } from '../../diagnosis/speech/stt';
import { pipeline } from 'node:stream/promises';
import { openInsideWorkspace } from './readFile';
import { fail, ok, type Tool } from '../../calls/tool';

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
    const opened = await openInsideWorkspace(ctx.workspaceRoot, input.path);
    if (!opened.success) return opened.failure;
    const refuse = async (code: Parameters<typeof fail>[0], message: string) => {
      await opened.handle.close();
      return fail(code, message);
    };
    if (!AUDIO_EXTENSIONS.includes(path.extname(opened.real).toLowerCase())) {
      return refuse('input_error', `${path.basename(opened.real)} is not an audio file Interview Lens knows (${AUDIO_EXTENSIONS.join(', ')})`);
    }
    if (!ctx.stt) return refuse('service_error', 'speech-to-text is not available in this context');
    // The providers read a path (whisper.cpp is another program), and a path can be swapped for a
    // symlink after it was checked: hand them a private copy of the file that was checked.
    let dir: string | undefined;
    try {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'interview-lens-audio-'));
      const copy = path.join(dir, `audio${path.extname(opened.real).toLowerCase()}`);
      await pipeline(opened.handle.createReadStream({ autoClose: false }), createWriteStream(copy, { mode: 0o600 }), { signal: ctx.signal });
      const provider = ctx.stt();
      ctx.logger.info(`transcribing ${path.basename(opened.real)} with ${provider.name}`);
      return ok(await provider.transcribe(copy, { language: input.language, signal: ctx.signal }));
    } catch (err) {
      if (err instanceof SttError) return fail(err.kind === 'config' ? 'input_error' : 'service_error', err.message);
      throw err;
    } finally {
      await opened.handle.close();
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
