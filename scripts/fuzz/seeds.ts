// The fuzzer's starting points: every transcript fixture and sample, one per format the parsers read.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What a seed file is, by its name (not by the detector under test). */
export type SeedKind = 'text' | 'otter' | 'feishu' | 'srt' | 'vtt' | 'whisper-json' | 'whisper-cpp-json';

export interface SeedFile {
  /** Path relative to the repository root, e.g. test/fixtures/transcripts/zoom-zh.vtt. */
  name: string;
  kind: SeedKind;
  /** Extension with its dot (".txt"). */
  ext: string;
  text: string;
}

const TRANSCRIPT = /\.(txt|md|srt|vtt|json)$/i;

function kindOf(file: string, text: string): SeedKind {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.srt') return 'srt';
  if (ext === '.vtt') return 'vtt';
  if (ext === '.json') return /"transcription"\s*:/.test(text) ? 'whisper-cpp-json' : 'whisper-json';
  const base = path.basename(file).toLowerCase();
  if (base.startsWith('otter')) return 'otter';
  if (base.startsWith('feishu')) return 'feishu';
  return 'text';
}

/** Fixtures (test/fixtures/transcripts, not the *.expected.json answers) and samples/, sorted by name. */
export function loadSeeds(root: string): SeedFile[] {
  const dirs = [path.join('test', 'fixtures', 'transcripts'), 'samples'];
  const seeds: SeedFile[] = [];
  for (const dir of dirs) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs).sort()) {
      const rel = path.join(dir, f).split(path.sep).join('/');
      if (!TRANSCRIPT.test(f) || f.endsWith('.expected.json') || /heldout/i.test(rel)) continue;
      if (!fs.statSync(path.join(abs, f)).isFile()) continue;
      const text = fs.readFileSync(path.join(abs, f), 'utf8');
      seeds.push({ name: rel, kind: kindOf(f, text), ext: path.extname(f), text });
    }
  }
  if (!seeds.length) throw new Error(`no transcript fixtures found under ${root}`);
  return seeds;
}
