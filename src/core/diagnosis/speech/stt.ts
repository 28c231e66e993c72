import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { endpointUrl } from '../../runtime/endpoint';
import { redactText, registerEndpointSecrets, registerSecret } from '../../runtime/redact';

/** What a speech-to-text provider returns: the raw transcript JSON and which parser reads it. */
export interface SttResult {
  format: 'whisper-json' | 'whisper-cpp-json';
  text: string;
  provider: string;
}

/** A pluggable speech-to-text engine (local whisper.cpp, or an OpenAI-compatible endpoint). */
export interface SttProvider {
  readonly name: string;
  transcribe(audioPath: string, options: { language: 'auto' | 'zh' | 'en'; signal: AbortSignal }): Promise<SttResult>;
}

/** Speech-to-text is missing or misconfigured; the message says exactly what to set. */
export class SttError extends Error {
  constructor(message: string, readonly kind: 'config' | 'service' = 'service') {
    super(message);
    this.name = 'SttError';
  }
}

/** Settings that choose and configure the provider (the extension reads them from VS Code, the CLI from the environment). */
export interface SttSettings {
  provider?: 'none' | 'whisper.cpp' | 'openai-compatible';
  whisperCppPath?: string;
  whisperModelPath?: string;
  endpoint?: string;
  model?: string;
  apiKey?: string;
}

/** Audio the providers accept, by extension. */
export const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.mp4', '.ogg', '.oga', '.flac', '.webm', '.aac', '.opus'];

/** OpenAI's upload limit for /audio/transcriptions. */
export const OPENAI_MAX_BYTES = 25 * 1024 * 1024;

/**
 * whisper.cpp's command-line program (`whisper-cli`, formerly `main`): runs
 * `-m MODEL -f AUDIO -oj -of OUT` and reads OUT.json. No shell is involved.
 */
export class WhisperCppProvider implements SttProvider {
  readonly name = 'whisper.cpp';
  constructor(private readonly binary: string, private readonly model: string) {}

  async transcribe(audioPath: string, options: { language: 'auto' | 'zh' | 'en'; signal: AbortSignal }): Promise<SttResult> {
    if (!fs.existsSync(this.model)) {
      throw new SttError(`the whisper.cpp model ${this.model} does not exist: set interviewLens.stt.whisperModelPath (INTERVIEW_LENS_WHISPER_MODEL for the CLI) to a ggml model file`, 'config');
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-whisper-'));
    const outBase = path.join(dir, 'transcript');
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(this.binary, ['-m', this.model, '-f', audioPath, '-oj', '-of', outBase, '-l', options.language, '-np'],
          { signal: options.signal, maxBuffer: 16 * 1024 * 1024, windowsHide: true },
          (err, _stdout, stderr) => {
            if (!err) return resolve();
            const code = (err as NodeJS.ErrnoException).code;
            if (err.name === 'AbortError') return reject(err);
            if (code === 'ENOENT' || code === 'EACCES') {
              return reject(new SttError(`cannot run the whisper.cpp program ${this.binary} (${code}): set interviewLens.stt.whisperCppPath (INTERVIEW_LENS_WHISPER_CPP for the CLI) to the whisper-cli executable`, 'config'));
            }
            const last = String(stderr).trim().split('\n').slice(-2).join(' ').slice(0, 300);
            reject(new SttError(`whisper.cpp failed (exit ${(err as { code?: unknown }).code ?? '?'}): ${last || err.message}. whisper.cpp reads 16 kHz WAV; convert other audio first (ffmpeg -i in.m4a -ar 16000 -ac 1 out.wav)`));
          });
      });
      const out = `${outBase}.json`;
      if (!fs.existsSync(out)) throw new SttError(`whisper.cpp finished but wrote no ${path.basename(out)}: check that your build supports -oj (JSON output)`);
      return { format: 'whisper-cpp-json', text: fs.readFileSync(out, 'utf8'), provider: this.name };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** An OpenAI-compatible `POST {endpoint}/audio/transcriptions` (OpenAI, a local faster-whisper server, …). */
export class OpenAiSttProvider implements SttProvider {
  readonly name = 'openai-compatible';
  constructor(private readonly endpoint: string, private readonly apiKey: string | undefined, private readonly model: string, private readonly fetchImpl: typeof fetch = fetch) {
    // Whoever built this provider read the key; make sure no message can carry it.
    registerSecret(apiKey);
    registerEndpointSecrets(endpoint);
  }

  async transcribe(audioPath: string, options: { language: 'auto' | 'zh' | 'en'; signal: AbortSignal }): Promise<SttResult> {
    const size = fs.statSync(audioPath).size;
    if (size > OPENAI_MAX_BYTES) {
      throw new SttError(`${path.basename(audioPath)} is ${(size / 1048576).toFixed(1)} MB; the transcription endpoint accepts at most 25 MB: compress it (ffmpeg -i in.wav -ac 1 -b:a 48k out.mp3) or split it`);
    }
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(audioPath)]), path.basename(audioPath));
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    form.append('timestamp_granularities[]', 'word');
    if (options.language !== 'auto') form.append('language', options.language);
    const url = endpointUrl(this.endpoint, 'audio/transcriptions');
    let res: Response;
    try {
      res = await this.fetchImpl(url, { method: 'POST', body: form, signal: options.signal, headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {} });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new SttError(redactText(`cannot reach ${url}: ${(err as Error).message}. Check interviewLens.stt.endpoint and your network`));
    }
    const body = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new SttError(`the transcription endpoint refused the API key (${res.status}): set it again with "Interview Lens: Set Speech-to-Text API Key" (INTERVIEW_LENS_STT_API_KEY for the CLI)`, 'config');
    }
    // Redact before cutting: a key cut in half would no longer match.
    if (!res.ok) throw new SttError(`the transcription endpoint answered ${res.status}: ${redactText(body).slice(0, 200)}`);
    return { format: 'whisper-json', text: body, provider: this.name };
  }
}

/** The configured provider, or an SttError that tells the user what to configure. */
export function createSttProvider(s: SttSettings, fetchImpl?: typeof fetch): SttProvider {
  const provider = s.provider && s.provider !== 'none' ? s.provider : s.whisperCppPath ? 'whisper.cpp' : s.endpoint ? 'openai-compatible' : 'none';
  if (provider === 'whisper.cpp') {
    if (!s.whisperCppPath || !s.whisperModelPath) {
      throw new SttError('whisper.cpp needs both interviewLens.stt.whisperCppPath (the whisper-cli program) and interviewLens.stt.whisperModelPath (a ggml model such as ggml-base.bin); for the CLI set INTERVIEW_LENS_WHISPER_CPP and INTERVIEW_LENS_WHISPER_MODEL', 'config');
    }
    return new WhisperCppProvider(s.whisperCppPath, s.whisperModelPath);
  }
  if (provider === 'openai-compatible') {
    if (!s.endpoint) throw new SttError('set interviewLens.stt.endpoint to the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 (INTERVIEW_LENS_STT_ENDPOINT for the CLI)', 'config');
    return new OpenAiSttProvider(s.endpoint, s.apiKey, s.model || 'whisper-1', fetchImpl);
  }
  throw new SttError('no speech-to-text is configured. Either set interviewLens.stt.whisperCppPath and interviewLens.stt.whisperModelPath to a local whisper.cpp, or set interviewLens.stt.endpoint (an OpenAI-compatible /v1 URL) and run "Interview Lens: Set Speech-to-Text API Key". For the CLI: INTERVIEW_LENS_WHISPER_CPP + INTERVIEW_LENS_WHISPER_MODEL, or INTERVIEW_LENS_STT_ENDPOINT + INTERVIEW_LENS_STT_API_KEY', 'config');
}

/** The URL without trailing slashes (a loop: `/\/+$/` backtracks n^2 times on a long run of them). */
