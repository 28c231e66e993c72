import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDelivery } from '../../src/core/speech/delivery';
import { findFillers } from '../../src/core/speech/fillers';
import { splitTranscript } from '../../src/core/transcript/split';

/** What a gold-set file should give (written by test/fixtures/transcripts/build.mjs). */
interface Expected {
  format: string;
  language: 'zh' | 'en';
  timed: boolean;
  pairs: Array<{ question: string; answer: string }>;
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
  fillers: { expected: number; found: number };
  longPauses: { expected: number; found: number } | null;
  error?: string;
}

export const GOLD_DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'transcripts');

const flat = (s: string) => s.replace(/\s+/g, ' ');

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
    fillers: { expected: expected.fillers, found: 0 }, longPauses: expected.longPauses === null ? null : { expected: expected.longPauses, found: 0 },
  };
  let split;
  try {
    split = splitTranscript(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return { ...base, error: (err as Error).message };
  }
  const used = new Set<number>();
  let matched = 0;
  for (const g of expected.pairs) {
    const hit = split.pairs.findIndex((p, i) => !used.has(i) && flat(p.question).includes(g.question) && flat(p.answer).includes(g.answer));
    if (hit !== -1) { used.add(hit); matched++; }
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
  return { ...base, formatOk: split.format === expected.format, predicted: split.pairs.length, matched, rolesOk, fillers: { expected: expected.fillers, found: fillers }, longPauses };
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

/** Share of files whose filler count is within ±10 % of the expected one. */
export function fillerAccuracy(scores: FileScore[]): number {
  const ok = scores.filter((s) => Math.abs(s.fillers.found - s.fillers.expected) <= Math.max(0, 0.1 * s.fillers.expected));
  return ok.length / scores.length;
}
