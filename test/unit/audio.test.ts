import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createCore } from '../../src/core/services';
import { createSttProvider, SttError, WhisperCppProvider } from '../../src/core/diagnosis/speech/stt';
import { ToolRegistry } from '../../src/core/calls/toolRegistry';
import { transcribeAudio } from '../../src/core/builtin/tools/transcribeAudio';
import { detectSpeakers } from '../../src/core/builtin/tools/detectSpeakers';
import { parseTranscript } from '../../src/core/diagnosis/transcript/parse';
import { GOLD_DIR } from '../../scripts/lib/splitEval';
import { KNOWLEDGE_DIR, makeCtx, ROOT, tempDir } from './helpers';

const AUDIO_DIR = path.join(ROOT, 'test', 'fixtures', 'audio');
const FAKE = path.join(AUDIO_DIR, 'fake-whisper-cli');
const MODEL = path.join(AUDIO_DIR, 'ggml-fake.bin');

describe('speech-to-text providers', () => {
  it('says exactly what to configure when nothing is', () => {
    assert.throws(() => createSttProvider({}), (e: Error) => e instanceof SttError && e.kind === 'config'
      && /interviewLens\.stt\.whisperCppPath/.test(e.message) && /interviewLens\.stt\.endpoint/.test(e.message) && /INTERVIEW_LENS_STT_API_KEY/.test(e.message));
    assert.throws(() => createSttProvider({ provider: 'whisper.cpp', whisperCppPath: FAKE }), /whisperModelPath/);
    assert.throws(() => createSttProvider({ provider: 'openai-compatible' }), /interviewLens\.stt\.endpoint/);
  });

  it('runs a whisper.cpp executable with -oj and reads the JSON it writes', async () => {
    const r = await new WhisperCppProvider(FAKE, MODEL).transcribe(path.join(AUDIO_DIR, 'interview.wav'), { language: 'auto', signal: new AbortController().signal });
    assert.equal(r.format, 'whisper-cpp-json');
    assert.equal(r.text, fs.readFileSync(path.join(GOLD_DIR, 'whisper-cpp-zh.json'), 'utf8'));
  });

  it('reports a missing program, a missing model and a failing run with what to do', async () => {
    const signal = new AbortController().signal;
    const wav = path.join(AUDIO_DIR, 'interview.wav');
    await assert.rejects(new WhisperCppProvider('/nonexistent/whisper-cli', MODEL).transcribe(wav, { language: 'auto', signal }), /cannot run the whisper\.cpp program .* set interviewLens\.stt\.whisperCppPath/);
    await assert.rejects(new WhisperCppProvider(FAKE, '/nonexistent/model.bin').transcribe(wav, { language: 'auto', signal }), /model .* does not exist/);
    process.env.FAKE_WHISPER_FAIL = '1';
    try {
      await assert.rejects(new WhisperCppProvider(FAKE, MODEL).transcribe(wav, { language: 'auto', signal }), /whisper\.cpp failed .*not a RIFF header.*16 kHz WAV/);
    } finally {
      delete process.env.FAKE_WHISPER_FAIL;
    }
  });

  it('posts to an OpenAI-compatible /audio/transcriptions with the key, and never puts the key in errors', async () => {
    const seen: { auth?: string; url?: string; body?: string } = {};
    const reply = fs.readFileSync(path.join(GOLD_DIR, 'whisper-words-en.json'), 'utf8');
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.auth = req.headers.authorization;
        seen.url = req.url;
        seen.body = Buffer.concat(chunks).toString('latin1');
        if (req.headers.authorization !== 'Bearer sk-test-123') { res.statusCode = 401; res.end('{"error":"bad key"}'); return; }
        res.setHeader('content-type', 'application/json');
        res.end(reply);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const wav = path.join(AUDIO_DIR, 'interview.wav');
      const r = await createSttProvider({ endpoint: base, apiKey: 'sk-test-123' }).transcribe(wav, { language: 'en', signal: new AbortController().signal });
      assert.equal(seen.url, '/v1/audio/transcriptions');
      assert.equal(seen.auth, 'Bearer sk-test-123');
      for (const field of ['name="model"', 'whisper-1', 'verbose_json', 'timestamp_granularities[]', 'name="language"', 'filename="interview.wav"']) assert.ok(seen.body!.includes(field), field);
      assert.equal(r.format, 'whisper-json');
      assert.equal(parseTranscript(r.text).turns.length > 5, true);
      await assert.rejects(createSttProvider({ endpoint: base, apiKey: 'sk-wrong-999' }).transcribe(wav, { language: 'auto', signal: new AbortController().signal }), (e: Error) =>
        /refused the API key \(401\).*Set Speech-to-Text API Key/.test(e.message) && !e.message.includes('sk-wrong-999'));
    } finally {
      server.close();
    }
  });
});

describe('transcribe_audio and detect_speakers tools', () => {
  const registry = new ToolRegistry().register(transcribeAudio).register(detectSpeakers);
  const stt = () => new WhisperCppProvider(FAKE, MODEL);

  it('transcribes inside the workspace and refuses paths outside it or non-audio files', async () => {
    const ok = await registry.execute<{ format: string }>('transcribe_audio', { path: 'interview.wav' }, makeCtx({ workspaceRoot: AUDIO_DIR, stt }));
    assert.equal(ok.success, true, JSON.stringify(ok.error));
    assert.equal(ok.data!.format, 'whisper-cpp-json');
    const outside = await registry.execute('transcribe_audio', { path: '../transcripts/labeled-zh.txt' }, makeCtx({ workspaceRoot: AUDIO_DIR, stt }));
    assert.equal(outside.error?.code, 'permission_denied');
    const notAudio = await registry.execute('transcribe_audio', { path: 'ggml-fake.bin' }, makeCtx({ workspaceRoot: AUDIO_DIR, stt }));
    assert.match(notAudio.error!.message, /not an audio file/);
    const unconfigured = await registry.execute('transcribe_audio', { path: 'interview.wav' }, makeCtx({ workspaceRoot: AUDIO_DIR, stt: () => createSttProvider({}) }));
    assert.equal(unconfigured.error?.code, 'input_error');
    assert.match(unconfigured.error!.message, /no speech-to-text is configured/);
  });

  it('hands the provider a private copy of the file it checked, and refuses hard links and symlinks', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'il-audio-ws-'));
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'il-audio-out-'));
    try {
      fs.copyFileSync(path.join(AUDIO_DIR, 'interview.wav'), path.join(work, 'mine.wav'));
      fs.writeFileSync(path.join(outsideDir, 'secret.wav'), 'not yours');
      fs.linkSync(path.join(outsideDir, 'secret.wav'), path.join(work, 'hard.wav'));
      fs.symlinkSync(path.join(outsideDir, 'secret.wav'), path.join(work, 'soft.wav'));
      const seen: Array<{ path: string; bytes: Buffer }> = [];
      const recorder = () => ({
        name: 'recorder',
        transcribe: async (p: string) => {
          seen.push({ path: p, bytes: fs.readFileSync(p) });
          return { text: '{}', format: 'whisper-json' as const, provider: 'recorder' };
        },
      });
      const r = await registry.execute('transcribe_audio', { path: 'mine.wav' }, makeCtx({ workspaceRoot: work, stt: recorder as never }));
      assert.equal(r.success, true, JSON.stringify(r.error));
      assert.ok(!seen[0].path.startsWith(work), 'the provider was given the workspace path, which can be swapped after the check');
      assert.deepEqual(seen[0].bytes, fs.readFileSync(path.join(work, 'mine.wav')));
      assert.equal(fs.existsSync(seen[0].path), false, 'the private copy was left behind');
      for (const name of ['hard.wav', 'soft.wav']) {
        const refused = await registry.execute('transcribe_audio', { path: name }, makeCtx({ workspaceRoot: work, stt: recorder as never }));
        assert.equal(refused.error?.code, 'permission_denied', `${name}: ${JSON.stringify(refused)}`);
      }
      assert.equal(seen.length, 1);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      fs.rmSync(outsideDir, { recursive: true, force: true });
    }
  });

  it('labels interviewer and candidate on a timed transcript without speakers, keeping word times', async () => {
    const text = fs.readFileSync(path.join(GOLD_DIR, 'whisper-words-en.json'), 'utf8');
    const r = await registry.execute<{ labeled: string }>('detect_speakers', { text }, makeCtx());
    assert.equal(r.success, true, JSON.stringify(r.error));
    const labeled = parseTranscript(r.data!.labeled);
    assert.deepEqual(labeled.speakers.map((s) => [s.speaker, s.role, s.confidence]).sort(), [['Candidate', 'candidate', 1], ['Interviewer', 'interviewer', 1]]);
    assert.equal(labeled.wordTimed, true);
    const untimed = await registry.execute('detect_speakers', { text: 'Interviewer: a?\nCandidate: b' }, makeCtx());
    assert.equal(untimed.error?.code, 'input_error');
  });
});

describe('diagnose-audio skill', () => {
  it('audio → transcription → roles → split → content and delivery → report, saved to history', async () => {
    const saved: unknown[] = [];
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store: { save: (r: unknown) => saved.push(r), last: () => null, get: () => null } as never });
    const progress: string[] = [];
    const result = await core.diagnoseAudio({ path: 'interview.wav' }, {
      caller: 'test', workspaceRoot: AUDIO_DIR, stt: () => new WhisperCppProvider(FAKE, MODEL), onProgress: (p) => progress.push(p.message),
    });
    const { report, transcript } = result.raw;
    assert.equal(report.summary.totalQuestions, 3);
    assert.ok(report.delivery, 'a recording always has delivery metrics');
    assert.equal(report.perQuestion[0].delivery?.index, 1);
    assert.equal(report.transcript?.format, 'whisper-json');
    assert.ok(transcript.slice(report.perQuestion[0].startOffset).startsWith('"请你讲讲什么是 ReAct？"'), 'offsets point into the labeled transcript');
    assert.equal(saved.length, 1);
    assert.equal(progress[0], 'transcribing');
  });

  it('a failed transcription writes nothing', async () => {
    const saved: unknown[] = [];
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR, store: { save: (r: unknown) => saved.push(r), last: () => null, get: () => null } as never });
    const dir = tempDir();
    fs.copyFileSync(path.join(AUDIO_DIR, 'interview.wav'), path.join(dir, 'a.wav'));
    process.env.FAKE_WHISPER_FAIL = '1';
    try {
      await assert.rejects(core.diagnoseAudio({ path: 'a.wav' }, { caller: 'test', workspaceRoot: dir, stt: () => new WhisperCppProvider(FAKE, MODEL) }), /transcribe_audio: whisper\.cpp failed/);
    } finally {
      delete process.env.FAKE_WHISPER_FAIL;
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(saved.length, 0);
  });
});
