import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDelivery } from '../../src/core/diagnosis/speech/delivery';
import { findFillers } from '../../src/core/diagnosis/speech/fillers';
import { splitTranscript } from '../../src/core/diagnosis/transcript/split';

/** What a gold-set file should give (written by test/fixtures/transcripts/build.mjs). */
interface Expected {
  format: string;
  language: 'zh' | 'en';
  timed: boolean;
  /** `lens`: a phrase of the source line the pair's CodeLens should sit on (its start offset). */
  pairs: Array<{ question: string; answer: string; lens?: string }>;
  roles: Record<string, string> | null;
  fillers: number;
  longPauses: number | null;
}

/** One file's result. */
export interface FileScore {
  file: string;
  group: 'labeled' | 'timed+speakers' | 'unlabeled';
  format: string;
  formatOk: boolean;
  gold: number;
  predicted: number;
  matched: number;
  rolesOk: boolean | null;
  /** Gold pairs that name their lens line, and how many of those were found with the lens on it. */
  lens: { expected: number; found: number };
  fillers: { expected: number; found: number };
  longPauses: { expected: number; found: number } | null;
  error?: string;
}

export const GOLD_DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'transcripts');

const flat = (s: string) => s.replace(/\s+/g, ' ');

/** The source line an offset sits on (where VS Code draws a CodeLens for it). */
function lineOf(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? text.length : end);
}

function groupOf(e: Expected): FileScore['group'] {
  if (!e.timed) return e.format === 'dialogue' ? 'unlabeled' : 'labeled';
  return e.roles ? 'timed+speakers' : 'unlabeled';
}

/** Scores one transcript against its expected results. */
export function scoreFile(file: string): FileScore {
  const expected = JSON.parse(fs.readFileSync(`${file}.expected.json`, 'utf8')) as Expected;
  const base: FileScore = {
    file: path.basename(file), group: groupOf(expected), format: expected.format, formatOk: false,
    gold: expected.pairs.length, predicted: 0, matched: 0, rolesOk: null,
    lens: { expected: expected.pairs.filter((g) => g.lens !== undefined).length, found: 0 },
    fillers: { expected: expected.fillers, found: 0 }, longPauses: expected.longPauses === null ? null : { expected: expected.longPauses, found: 0 },
  };
  const text = fs.readFileSync(file, 'utf8');
  let split;
  try {
    split = splitTranscript(text);
  } catch (err) {
    return { ...base, error: (err as Error).message };
  }
  const used = new Set<number>();
  let matched = 0;
  let lensFound = 0;
  for (const g of expected.pairs) {
    const hit = split.pairs.findIndex((p, i) => !used.has(i) && flat(p.question).includes(g.question) && flat(p.answer).includes(g.answer));
    if (hit === -1) continue;
    used.add(hit);
    matched++;
    if (g.lens !== undefined && lineOf(text, split.pairs[hit].startOffset).includes(g.lens)) lensFound++;
  }
  const rolesOk = expected.roles
    ? Object.entries(expected.roles).every(([speaker, role]) => split.speakers.find((s) => s.speaker === speaker)?.role === role)
    : null;
  let fillers = split.pairs.reduce((n, p) => n + findFillers(p.answer).length, 0);
  let longPauses: FileScore['longPauses'] = base.longPauses;
  if (split.timed) {
    const d = analyzeDelivery(split.turns, split.pairs, { language: split.language, wordTimed: split.wordTimed, startOnly: split.startOnly });
    fillers = d.perAnswer.reduce((n, a) => n + a.fillers.count, 0);
    if (longPauses) longPauses = { ...longPauses, found: d.perAnswer.reduce((n, a) => n + a.pauses.long.length, 0) };
  }
  return { ...base, formatOk: split.format === expected.format, predicted: split.pairs.length, matched, rolesOk, lens: { ...base.lens, found: lensFound }, fillers: { expected: expected.fillers, found: fillers }, longPauses };
}

/** Precision, recall and F1 over a set of files. */
export function prf(scores: FileScore[]): { precision: number; recall: number; f1: number } {
  const m = scores.reduce((n, s) => n + s.matched, 0);
  const p = scores.reduce((n, s) => n + s.predicted, 0);
  const g = scores.reduce((n, s) => n + s.gold, 0);
  const precision = p ? m / p : 0;
  const recall = g ? m / g : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Every gold-set file scored. */
export function scoreGoldSet(dir = GOLD_DIR): FileScore[] {
  return fs.readdirSync(dir)
    .filter((f) => fs.existsSync(path.join(dir, `${f}.expected.json`)))
    .sort()
    .map((f) => scoreFile(path.join(dir, f)));
}

/** Share of gold pairs that name a lens line whose lens sits on it (1 when none name one). */
export function lensAccuracy(scores: FileScore[]): number {
  const expected = scores.reduce((n, s) => n + s.lens.expected, 0);
  return expected ? scores.reduce((n, s) => n + s.lens.found, 0) / expected : 1;
}

/** Share of files whose filler count is within ±10 % of the expected one. */
export function fillerAccuracy(scores: FileScore[]): number {
  const ok = scores.filter((s) => Math.abs(s.fillers.found - s.fillers.expected) <= Math.max(0, 0.1 * s.fillers.expected));
  return ok.length / scores.length;
}
