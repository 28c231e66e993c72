import type { Language } from '../../text/language';
import type { QaPair, Segment, Turn } from '../transcript/model';
import { countUnits, findFillers, findHedges, type TextHit } from './fillers';
import { THRESHOLDS as T } from './thresholds';

/** A 0–100 score with the one sentence that explains it. */
export interface Scored {
  score: number;
  flag: 'ok' | 'slow' | 'fast' | 'high' | 'low';
  explanation: string;
}

/** Fillers with when they were said (seconds; estimated inside a cue when words have no times). */
export interface FillerStats {
  count: number;
  per100Tokens: number;
  perMinute: number;
  byWord: Record<string, number>;
  hits: Array<{ word: string; atS: number }>;
  /** Three or more fillers within 10 seconds. */
  clusters: Array<{ startS: number; endS: number; count: number }>;
}

/** Delivery of one answer (or, in `overall`, of all answers together). */
export interface DeliveryStats {
  speakingS: number;
  cjkChars: number;
  enWords: number;
  /** Overall rate: Chinese characters and English words per minute of the answer, pauses included. */
  pace: { charsPerMin: number; wordsPerMin: number; dominant: Language; value: number; unit: 'chars/min' | 'words/min' };
  /** The same with pauses (≥ 250 ms) removed; reported, not scored. */
  articulationRate: number | null;
  fillers: FillerStats;
  pauses: { count: number; long: Array<{ atS: number; durationS: number }>; veryLong: number; measured: boolean };
  hedges: { count: number; byWord: Record<string, number> };
  latencyS: number | null;
  scores: { pace: Scored; fillers: Scored; pauses: Scored | null; latency: Scored | null; overall: number };
}

/** One stretch of an answer and its speaking rate, for the pace-over-time picture. */
export interface PaceWindow {
  /** The question whose answer this window is part of. */
  index: number;
  startS: number;
  endS: number;
  /** Rate in the interview's unit (see PaceTimeline.unit), pauses included. */
  value: number;
}

/** How fast the candidate spoke over the interview: each answer cut into windows of about `windowS` seconds. */
export interface PaceTimeline {
  windowS: number;
  unit: 'chars/min' | 'words/min';
  /** The comfortable range of that unit (the band the report draws). */
  comfortable: { low: number; high: number };
  windows: PaceWindow[];
}

/** Delivery metrics for a timed transcript: per answer, overall, and how sure the numbers are. */
export interface DeliveryReport {
  language: Language;
  perAnswer: Array<DeliveryStats & { index: number }>;
  overall: DeliveryStats & { talkRatio: number | null; talkRatioScore: Scored | null; score: number };
  /** True when word times were estimated inside cues (SRT, VTT, segment-only JSON). */
  estimated: boolean;
  notes: string[];
  /** Pace over time; absent in reports made before it existed, and when segments have no end times. */
  paceTimeline?: PaceTimeline;
}

interface Piece { text: string; start: number; end: number }

/** Word-level pieces of a segment: its words when it has them, else the whole cue. */
function pieces(s: Segment): Piece[] {
  if (s.words?.length) return s.words.map((w) => ({ text: w.text, start: w.start, end: w.end }));
  return [{ text: s.text, start: s.start ?? 0, end: s.end ?? s.start ?? 0 }];
}

/** How far past the previous word a word's text is looked for in the segment's text (characters). */
const WORD_SEARCH_WINDOW = 1000;

/**
 * When the characters at `offsets` (ascending) of the segment's text were said: the start of the
 * word that holds each, words being located in the text in order, else interpolated across the
 * segment. One pass over the words for all offsets (it was one pass per offset: 200,000 fillers
 * in a worded segment took 200,000 passes), and a word is looked for only near the previous one,
 * so a word missing from the text does not cost a search of the whole rest.
 */
function timesAt(s: Segment, offsets: number[]): number[] {
  const start = s.start ?? 0;
  const end = s.end ?? start;
  const interpolate = (offset: number) => start + (end - start) * (offset / Math.max(1, s.text.length));
  const out: number[] = [];
  let k = 0;
  if (s.words?.length) {
    let pos = 0;
    for (const w of s.words) {
      if (k === offsets.length) break;
      const window = s.text.slice(pos, pos + WORD_SEARCH_WINDOW + w.text.length);
      const rel = window.indexOf(w.text);
      if (rel === -1) continue;
      const at = pos + rel;
      while (k < offsets.length && offsets[k] < at + w.text.length) out[k++] = w.start;
      pos = at + w.text.length;
    }
  }
  while (k < offsets.length) out.push(interpolate(offsets[k++]));
  return out;
}

function countBy(hits: TextHit[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const h of hits) out[h.word] = (out[h.word] ?? 0) + 1;
  return out;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

function say(lang: Language, zh: string, en: string): string {
  return lang === 'zh' ? zh : en;
}

function scorePace(charsPerMin: number, wordsPerMin: number, cjk: number, en: number, lang: Language): { pace: DeliveryStats['pace']; score: Scored } {
  const zhDominant = cjk >= en * T.zhCharsPerEnWord;
  const value = zhDominant ? charsPerMin + wordsPerMin * T.zhCharsPerEnWord : wordsPerMin + charsPerMin / T.zhCharsPerEnWord;
  const t = zhDominant ? T.paceZh : T.paceEn;
  const unit = zhDominant ? 'chars/min' : 'words/min';
  const shown = `${Math.round(value)} ${zhDominant ? say(lang, '字/分钟', 'characters/min') : say(lang, '词/分钟', 'words/min')}`;
  let score: Scored;
  if (value >= t.low && value <= t.high) score = { score: 100, flag: 'ok', explanation: say(lang, `语速 ${shown}，在舒适区间 ${t.low}–${t.high} 内。`, `Pace ${shown} is inside the comfortable ${t.low}–${t.high} range.`) };
  else if (value < t.low) {
    const s = value >= t.slow ? 100 - (30 * (t.low - value)) / (t.low - t.slow) : 70 - (100 * (t.slow - value)) / t.slow;
    score = { score: clamp(Math.max(30, s)), flag: value < t.slow ? 'slow' : 'ok', explanation: say(lang, `语速 ${shown}，${value < t.slow ? '偏慢' : '略慢'}（建议 ${t.low}–${t.high}）；先说结论，再展开。`, `Pace ${shown} is ${value < t.slow ? 'slow' : 'a little slow'} (aim for ${t.low}–${t.high}); lead with the conclusion, then expand.`) };
  } else {
    const s = value <= t.fast ? 100 - (30 * (value - t.high)) / (t.fast - t.high) : 70 - (100 * (value - t.fast)) / t.fast;
    score = { score: clamp(Math.max(30, s)), flag: value > t.fast ? 'fast' : 'ok', explanation: say(lang, `语速 ${shown}，${value > t.fast ? '偏快' : '略快'}（建议 ${t.low}–${t.high}）；关键点前停顿半秒。`, `Pace ${shown} is ${value > t.fast ? 'fast' : 'a little fast'} (aim for ${t.low}–${t.high}); pause briefly before key points.`) };
  }
  return { pace: { charsPerMin: Math.round(charsPerMin), wordsPerMin: Math.round(wordsPerMin), dominant: zhDominant ? 'zh' : 'en', value: Math.round(value), unit }, score };
}

function scoreFillers(f: FillerStats, lang: Language): Scored {
  const d = f.per100Tokens;
  const words = Object.entries(f.byWord).sort((a, b) => b[1] - a[1]);
  // The three most frequent, and how many other words there were, so the list adds up to the count.
  const rest = words.slice(3).reduce((n, [, c]) => n + c, 0);
  const top = words.slice(0, 3).map(([w, n]) => `“${w}”×${n}`).join(', ') + (rest ? say(lang, `，其他 ${rest} 个`, `, ${rest} other${rest === 1 ? '' : 's'}`) : '');
  if (f.count > 0 && f.count < T.fillerMinCount) {
    return { score: 100, flag: 'ok', explanation: say(lang, `口头禅 ${f.count} 个，太少，不足以计算频率。`, `${f.count} ${f.count === 1 ? 'filler' : 'fillers'}: too few to rate how often.`) };
  }
  if (d <= T.fillerPer100.ok && f.perMinute <= T.fillerPerMin.high) {
    return { score: 100, flag: 'ok', explanation: say(lang, `口头禅 ${f.count} 个（每百词 ${d}），不影响表达。`, `${f.count} filler${f.count === 1 ? '' : 's'} (${d} per 100 words); they do not get in the way.`) };
  }
  const s = d <= T.fillerPer100.high ? 100 - (30 * (d - T.fillerPer100.ok)) / (T.fillerPer100.high - T.fillerPer100.ok) : 70 - (d - T.fillerPer100.high) * 8;
  const high = d > T.fillerPer100.high || f.perMinute > T.fillerPerMin.high;
  return {
    score: clamp(Math.max(20, high ? Math.min(s, 65) : s)), flag: high ? 'high' : 'ok',
    explanation: say(lang, `口头禅每百词 ${d} 个、每分钟 ${f.perMinute} 个（${top}）${high ? '，偏多' : ''}；用短暂停顿代替。`, `${d} fillers per 100 words, ${f.perMinute}/min (${top})${high ? ', too many' : ''}; replace them with a short silent pause.`),
  };
}

function scorePauses(p: DeliveryStats['pauses'], lang: Language, scope: 'answer' | 'all' = 'answer'): Scored | null {
  if (!p.measured) return null;
  const long = p.long.length;
  const where = scope === 'answer' ? say(lang, '回答中', 'inside the answer') : say(lang, '各个回答中', 'inside your answers');
  if (long === 0) return { score: 100, flag: 'ok', explanation: say(lang, `${where}没有 2 秒以上的长停顿。`, `No pause of 2 s or more ${where}.`) };
  const s = 100 - 15 * (long - p.veryLong) - 25 * p.veryLong;
  // A loop, not Math.max(...list): a spread of 200,000 pauses overflows the call stack.
  const longest = p.long.reduce((m, x) => Math.max(m, x.durationS), -Infinity);
  return {
    score: clamp(Math.max(20, s)), flag: 'high',
    explanation: say(lang, `${where}有 ${long} 次长停顿（≥2 秒${p.veryLong ? `，其中 ${p.veryLong} 次超过 5 秒` : ''}，最长 ${r1(longest)} 秒）；卡住时先说思路框架。`, `${long} long pause${long > 1 ? 's' : ''} ${where} (≥ 2 s${p.veryLong ? `, ${p.veryLong} over 5 s` : ''}; longest ${r1(longest)} s); when stuck, say the outline of your approach first.`),
  };
}

function scoreLatency(latency: number | null, lang: Language): Scored | null {
  if (latency === null) return null;
  if (latency <= T.latency.ok) return { score: 100, flag: 'ok', explanation: say(lang, `${r1(latency)} 秒后开始回答，反应及时。`, `Started answering after ${r1(latency)} s; a prompt start.`) };
  const s = latency <= T.latency.slow ? 100 - (30 * (latency - T.latency.ok)) / (T.latency.slow - T.latency.ok) : 70 - (latency - T.latency.slow) * 8;
  return {
    score: clamp(Math.max(30, s)), flag: latency > T.latency.slow ? 'slow' : 'ok',
    explanation: say(lang, `问题结束 ${r1(latency)} 秒后才开口${latency > T.latency.slow ? '，偏慢' : ''}；可以先复述问题争取思考时间。`, `Started ${r1(latency)} s after the question${latency > T.latency.slow ? ', which is slow' : ''}; restate the question to buy thinking time.`),
  };
}

/** Most filler times and clusters a report lists per answer (counts and rates use every one). */
export const MAX_LISTED_HITS = 500;
export const MAX_LISTED_CLUSTERS = 50;

function clusters(hits: FillerStats['hits']): FillerStats['clusters'] {
  const out: FillerStats['clusters'] = [];
  let i = 0;
  while (i < hits.length) {
    let j = i;
    while (j + 1 < hits.length && hits[j + 1].atS - hits[i].atS <= T.clusterWindowS) j++;
    if (j - i + 1 >= T.clusterMin) {
      out.push({ startS: r1(hits[i].atS), endS: r1(hits[j].atS), count: j - i + 1 });
      i = j + 1;
    } else i++;
  }
  return out;
}

/** Metrics over a set of candidate segments (one answer, or all of them). */
function measure(turnSegments: Segment[][], lang: Language, latency: number | null, pausesMeasured: boolean): DeliveryStats {
  const segments = turnSegments.flat();
  let cjkChars = 0;
  let enWords = 0;
  let speakingS = 0;
  const fillerHits: FillerStats['hits'] = [];
  const hedgeHits: TextHit[] = [];
  const fillerWords: TextHit[] = [];
  const long: DeliveryStats['pauses']['long'] = [];
  let pauseCount = 0;
  let pausedS = 0;
  let prevEnd: number | undefined;
  let lastEnd: number | undefined;
  const turnStarts = new Set<Segment>(turnSegments.map((g) => g[0]));
  for (const s of segments) {
    // The gap to an earlier turn of the answer (an "嗯" from the interviewer between) is not a pause.
    if (turnStarts.has(s)) prevEnd = undefined;
    const u = countUnits(s.text);
    cjkChars += u.cjkChars;
    enWords += u.enWords;
    const found = findFillers(s.text);
    const times = timesAt(s, found.map((h) => h.offset));
    found.forEach((h, k) => {
      fillerWords.push(h);
      fillerHits.push({ word: h.word, atS: r1(times[k]) });
    });
    for (const h of findHedges(s.text)) hedgeHits.push(h);
    for (const p of pieces(s)) {
      if (prevEnd !== undefined && pausesMeasured) {
        const gap = p.start - prevEnd;
        if (gap >= T.pauseS) { pauseCount++; pausedS += gap; }
        if (gap >= T.longPauseS) long.push({ atS: r1(prevEnd), durationS: r1(gap) });
      }
      prevEnd = p.end;
      lastEnd = p.end;
    }
    speakingS += Math.max(0, (s.end ?? 0) - (s.start ?? 0));
  }
  const first = segments[0]?.start ?? 0;
  const span = turnSegments.length > 1 ? speakingS : Math.max(speakingS, (lastEnd ?? first) - first);
  const minutes = Math.max(span, 1) / 60;
  const tokens = enWords + cjkChars / T.zhCharsPerToken;
  const fillers: FillerStats = {
    count: fillerHits.length,
    per100Tokens: r1((100 * fillerHits.length) / Math.max(1, tokens)),
    perMinute: r1(fillerHits.length / minutes),
    byWord: countBy(fillerWords),
    // Kept for the timeline, not for counting (`count` and the rates use them all): 200,000 hits
    // made a report of 50 MB that every later step copied, checked and stored.
    hits: fillerHits.length > MAX_LISTED_HITS ? fillerHits.slice(0, MAX_LISTED_HITS) : fillerHits,
    clusters: clusters(fillerHits).slice(0, MAX_LISTED_CLUSTERS),
  };
  const { pace, score: paceScore } = scorePace(cjkChars / minutes, enWords / minutes, cjkChars, enWords, lang);
  const pauses = { count: pauseCount, long, veryLong: long.filter((p) => p.durationS >= T.veryLongPauseS).length, measured: pausesMeasured };
  const articulationMinutes = (span - pausedS) / 60;
  const articulationRate = pausesMeasured && articulationMinutes > 0
    ? Math.round((pace.dominant === 'zh' ? cjkChars + enWords * T.zhCharsPerEnWord : enWords + cjkChars / T.zhCharsPerEnWord) / articulationMinutes)
    : null;
  const scores = { pace: paceScore, fillers: scoreFillers(fillers, lang), pauses: scorePauses(pauses, lang), latency: scoreLatency(latency, lang), overall: 0 };
  const parts = [scores.pace, scores.fillers, scores.pauses, scores.latency].filter((x): x is Scored => x !== null);
  scores.overall = clamp(parts.reduce((a, b) => a + b.score, 0) / parts.length);
  return {
    speakingS: r1(span), cjkChars, enWords, pace, articulationRate, fillers, pauses,
    hedges: { count: hedgeHits.length, byWord: countBy(hedgeHits) }, latencyS: latency === null ? null : r1(latency), scores,
  };
}

function talkRatio(turns: Turn[], lang: Language): { ratio: number; score: Scored } | null {
  let c = 0;
  let all = 0;
  for (const t of turns) {
    const d = Math.max(0, (t.end ?? 0) - (t.start ?? 0));
    if (t.role === 'candidate') c += d;
    if (t.role !== 'unknown') all += d;
  }
  if (all === 0) return null;
  const ratio = c / all;
  const pct = Math.round(ratio * 100);
  let score: Scored;
  if (ratio >= T.talkRatio.low && ratio <= T.talkRatio.high) score = { score: 100, flag: 'ok', explanation: say(lang, `候选人说话占比 ${pct}%，在 50–70% 的理想区间。`, `You spoke ${pct}% of the time, inside the ideal 50–70%.`) };
  else if (ratio < T.talkRatio.low) score = { score: ratio < T.talkRatio.tooLow ? 40 : 75, flag: 'low', explanation: say(lang, `候选人说话占比只有 ${pct}%（建议 50–70%）；回答可以更充分，多讲细节和例子。`, `You spoke only ${pct}% of the time (aim for 50–70%); give fuller answers with details and examples.`) };
  else score = { score: 85, flag: 'high', explanation: say(lang, `候选人说话占比 ${pct}%，偏高；注意给面试官追问的空间。`, `You spoke ${pct}% of the time; leave the interviewer room to follow up.`) };
  return { ratio: Math.round(ratio * 100) / 100, score };
}

/**
 * The candidate's segments of an answer, grouped by uninterrupted stretches: a new group starts
 * where the interviewer spoke in between, so that gap is not counted as the candidate's pause.
 */
function candidateRuns(turns: Turn[], answerTurns: number[]): Segment[][] {
  const runs: Segment[][] = [];
  let open = false;
  for (const k of answerTurns) {
    const t = turns[k];
    if (t?.role !== 'candidate') { open = false; continue; }
    if (!open) runs.push([]);
    const run = runs[runs.length - 1];
    for (const seg of t.segments) run.push(seg);
    open = true;
  }
  return runs;
}

/** Fewest windows an interview's answers are cut into, and the shortest window (seconds). */
const PACE_WINDOWS = 80;
const MIN_WINDOW_S = 10;
/** A window with less speech than this (seconds) gives no rate: two words in half a second are not a pace. */
const MIN_WINDOW_TALK_S = 2;

/**
 * Each answer cut into equal windows of about `windowS` seconds, with the rate spoken in each:
 * a segment's units are spread evenly over its own time (words inside a cue have no times of
 * their own in SRT/VTT), and the time counted is the candidate's stretches only, so an
 * interviewer's "mm-hm" between two runs of an answer does not slow the rate down.
 */
function paceWindows(index: number, runs: Segment[][], windowS: number, zhDominant: boolean, units: (s: Segment) => { cjkChars: number; enWords: number }): PaceWindow[] {
  const timed = runs.map((run) => run.filter((s) => s.start !== undefined && s.end !== undefined && s.end >= s.start)).filter((run) => run.length > 0);
  if (timed.length === 0) return [];
  const spans = timed.map((run) => ({ start: run[0].start!, end: run.reduce((m, s) => Math.max(m, s.end!), run[0].start!) }));
  const a0 = spans[0].start;
  const a1 = spans.reduce((m, x) => Math.max(m, x.end), a0);
  if (a1 - a0 <= 0) return [];
  const n = Math.max(1, Math.round((a1 - a0) / windowS));
  const w = (a1 - a0) / n;
  const weighted = new Array<number>(n).fill(0);
  const talk = new Array<number>(n).fill(0);
  const overlap = (s0: number, s1: number, b0: number, b1: number) => Math.max(0, Math.min(s1, b1) - Math.max(s0, b0));
  for (const span of spans) {
    for (let b = Math.max(0, Math.floor((span.start - a0) / w)); b < n && a0 + b * w < span.end; b++) talk[b] += overlap(span.start, span.end, a0 + b * w, a0 + (b + 1) * w);
  }
  for (const s of timed.flat()) {
    const u = units(s);
    const amount = zhDominant ? u.cjkChars + u.enWords * T.zhCharsPerEnWord : u.enWords + u.cjkChars / T.zhCharsPerEnWord;
    if (amount === 0) continue;
    const d = s.end! - s.start!;
    if (d === 0) {
      weighted[Math.min(n - 1, Math.max(0, Math.floor((s.start! - a0) / w)))] += amount;
      continue;
    }
    for (let b = Math.max(0, Math.floor((s.start! - a0) / w)); b < n && a0 + b * w < s.end!; b++) weighted[b] += (amount * overlap(s.start!, s.end!, a0 + b * w, a0 + (b + 1) * w)) / d;
  }
  const out: PaceWindow[] = [];
  for (let b = 0; b < n; b++) {
    if (talk[b] < Math.min(MIN_WINDOW_TALK_S, w / 2)) continue;
    out.push({ index, startS: r1(a0 + b * w), endS: r1(a0 + (b + 1) * w), value: Math.round((weighted[b] * 60) / talk[b]) });
  }
  return out;
}

/**
 * Delivery metrics from a timed transcript: per answer (the candidate's turns of each pair) and
 * overall. Pure computation, no model. Pauses are measured only where segment ends are real
 * (not in Otter/Feishu exports, which have start times only).
 */
export function analyzeDelivery(
  turns: Turn[], pairs: QaPair[], options: { language: Language; wordTimed: boolean; startOnly: boolean },
): DeliveryReport {
  const lang = options.language;
  const measured = !options.startOnly;
  const perAnswer = pairs.map((p) => {
    const segments = candidateRuns(turns, p.answerTurns);
    const latency = measured && p.answerStartS !== undefined && p.questionEndS !== undefined ? Math.max(0, p.answerStartS - p.questionEndS) : null;
    return { index: p.index, ...measure(segments, lang, latency, measured) };
  });
  const allSegments = pairs.flatMap((p) => candidateRuns(turns, p.answerTurns));
  const latencies = perAnswer.map((a) => a.latencyS).filter((x): x is number => x !== null);
  const median = latencies.length ? [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)] : null;
  const overallStats = measure(allSegments, lang, median, false);
  // Overall pauses are the answers' pauses (gaps between answers are not pauses).
  const long = perAnswer.flatMap((a) => a.pauses.long);
  overallStats.pauses = { count: perAnswer.reduce((n, a) => n + a.pauses.count, 0), long, veryLong: long.filter((x) => x.durationS >= T.veryLongPauseS).length, measured };
  overallStats.scores.pauses = scorePauses(overallStats.pauses, lang, 'all');
  overallStats.speakingS = r1(perAnswer.reduce((n, a) => n + a.speakingS, 0));
  const paceAgain = scorePace((overallStats.cjkChars * 60) / Math.max(1, overallStats.speakingS), (overallStats.enWords * 60) / Math.max(1, overallStats.speakingS), overallStats.cjkChars, overallStats.enWords, lang);
  overallStats.pace = paceAgain.pace;
  overallStats.scores.pace = paceAgain.score;
  overallStats.fillers.perMinute = r1(overallStats.fillers.count / Math.max(1 / 60, overallStats.speakingS / 60));
  overallStats.scores.fillers = scoreFillers(overallStats.fillers, lang);
  const articulated = perAnswer.map((a) => a.articulationRate).filter((x): x is number => x !== null);
  overallStats.articulationRate = articulated.length ? Math.round(articulated.reduce((a, b) => a + b, 0) / articulated.length) : null;
  const tr = talkRatio(turns, lang);
  const parts = [overallStats.scores.pace, overallStats.scores.fillers, overallStats.scores.pauses, overallStats.scores.latency, tr?.score ?? null].filter((x): x is Scored => x !== null);
  overallStats.scores.overall = clamp(parts.reduce((a, b) => a + b.score, 0) / parts.length);
  let paceTimeline: PaceTimeline | undefined;
  if (measured) {
    // Windows are the same length over the whole interview, so the picture reads on one time scale.
    const runsOf = pairs.map((p) => candidateRuns(turns, p.answerTurns));
    const times = runsOf.flat(2).filter((s) => s.start !== undefined);
    const first = times.reduce((m, s) => Math.min(m, s.start!), Infinity);
    const last = times.reduce((m, s) => Math.max(m, s.end ?? s.start!), -Infinity);
    const windowS = Math.max(MIN_WINDOW_S, Math.round((last - first) / PACE_WINDOWS));
    const zhDominant = overallStats.pace.dominant === 'zh';
    const cache = new Map<Segment, { cjkChars: number; enWords: number }>();
    const units = (s: Segment) => {
      let u = cache.get(s);
      if (!u) cache.set(s, (u = countUnits(s.text)));
      return u;
    };
    const t = zhDominant ? T.paceZh : T.paceEn;
    paceTimeline = {
      windowS, unit: overallStats.pace.unit, comfortable: { low: t.low, high: t.high },
      windows: Number.isFinite(first) ? pairs.flatMap((p, k) => paceWindows(p.index, runsOf[k], windowS, zhDominant, units)) : [],
    };
  }
  const notes: string[] = [];
  if (!options.wordTimed && measured) notes.push(say(lang, '只有分段时间戳：停顿按分段间隔计算，口头禅的时间在分段内估算。', 'Only cue-level timestamps: pauses are gaps between cues and filler times are estimated inside each cue.'));
  if (options.startOnly) notes.push(say(lang, '导出文件只有每段的开始时间：语速按段落估算，停顿和反应时间无法测量。', 'The export has start times only: pace is estimated per block; pauses and response latency cannot be measured.'));
  return {
    language: lang, perAnswer,
    overall: { ...overallStats, talkRatio: tr?.ratio ?? null, talkRatioScore: tr?.score ?? null, score: overallStats.scores.overall },
    estimated: !options.wordTimed, notes, ...(paceTimeline ? { paceTimeline } : {}),
  };
}
