/**
 * The offline engine: a deterministic, explainable rater. Every score is built from named
 * evidence (a reference key point covered or missed, a phrase that signals depth or practice,
 * a known misconception) so the user can see why, and the same answer always gets the same score.
 */
import { msg, type MessageKey } from '../i18n';
import { DIMENSIONS, type Dimension, type KnowledgeEntry } from '../kb/types';
import { containsPhrase } from '../text/tokenize';
import type { Language } from '../transcript/language';

/** One piece of evidence behind a score: which dimension, how many points, and why. */
export interface Explanation {
  dimension: Dimension;
  delta: number;
  reason: string;
}

/** The four dimension scores of one answer with the evidence behind them. */
export interface AnswerAnalysis {
  dimensions: Record<Dimension, number>;
  contentScore: number;
  keyMissing: string[];
  inaccuracies: Array<{ claim: string; correction: string }>;
  strengths: string[];
  improvements: string[];
  explanations: Explanation[];
  referenceId: string | null;
}

/** How much each dimension weighs in the content score. */
export const DIMENSION_WEIGHTS: Record<Dimension, number> = {
  completeness: 0.35, depth: 0.25, accuracy: 0.25, practicality: 0.15,
};

type SignalKind = 'cause' | 'tradeoff' | 'mechanism' | 'condition' | 'numbers' | 'experience' | 'incident' | 'decision';

const SIGNALS: Record<SignalKind, { en: RegExp; zh: RegExp }> = {
  cause: {
    en: /\b(because|since|the reason|so that|which means|therefore|that's why|due to)\b/i,
    zh: /(因为|原因|所以|导致|由于|因此|原理是|目的是)/,
  },
  tradeoff: {
    en: /\b(trade-?offs?|at the cost of|downside|drawback|however|versus|vs\.?|instead of|on the other hand|costs? more)\b/i,
    zh: /(权衡|代价|取舍|缺点|但是|不过|相比|而不是|牺牲|优缺点)/,
  },
  mechanism: {
    en: /\b(under the hood|internally|works by|mechanism|in practice it|the way it works|step by step|first,? .{0,40}then)\b/i,
    zh: /(底层|机制|内部|实现上|原理|流程|先.{0,30}再|首先.{0,40}然后)/,
  },
  condition: {
    en: /\b(depends on|it depends|in cases where|when the|if the|for example|for instance|scenario)\b/i,
    zh: /(取决于|场景|如果|情况下|比如|例如|适合)/,
  },
  numbers: {
    en: /\d+(\.\d+)?\s*(%|percent|ms\b|milliseconds?|seconds?\b|s\b|qps|rps|tps|x\b|times\b|k\b|million|users|requests|cases|gb|mb)/i,
    zh: /\d+(\.\d+)?\s*(%|ms|毫秒|秒|qps|tps|万|亿|倍|条|次|个|人|gb|mb|k)/i,
  },
  experience: {
    en: /\b(we built|we used|we had|our (team|system|service|project)|i built|i implemented|i owned|in production|at my (last|previous) (job|company)|in my project)\b/i,
    zh: /(我们|项目中|项目里|线上|生产环境|我负责|我做|我实现|实际工作|之前公司)/,
  },
  incident: {
    en: /\b(incident|outage|bug|failure|went down|post-?mortem|we found|root cause)\b/i,
    zh: /(故障|事故|排查|踩坑|踩过|出过问题|复盘|根因)/,
  },
  decision: {
    en: /\b(we chose|we decided|i decided|i chose|switched to|we picked|we moved to|we replaced)\b/i,
    zh: /(选择了|最后用|改成|换成|决定|选型|最终采用)/,
  },
};

const DEPTH_SIGNALS: SignalKind[] = ['cause', 'tradeoff', 'mechanism', 'condition'];
const PRACTICE_SIGNALS: SignalKind[] = ['numbers', 'experience', 'incident', 'decision'];

/** Answer length in content units: Chinese characters plus English words. */
export function contentLength(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const words = text.match(/[A-Za-z0-9]+/g)?.length ?? 0;
  return cjk + words;
}

/** Below this many units an answer cannot show depth or practice, whatever it says. */
const SHORT_ANSWER = 25;

function clamp(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

function findSignal(text: string, kind: SignalKind): string | null {
  const m = SIGNALS[kind].en.exec(text) ?? SIGNALS[kind].zh.exec(text);
  return m ? m[0].trim() : null;
}

/** The expert-answer sentence that talks about a key point, to quote in the improvement plan. */
export function referenceSentence(entry: KnowledgeEntry, keywords: readonly string[]): string {
  const sentences = entry.expertAnswer.split(/(?<=[。！？；.!?;])\s*/).filter((s) => s.trim() !== '');
  return sentences.find((s) => keywords.some((k) => containsPhrase(s, k))) ?? sentences[0] ?? entry.expertAnswer;
}

/** Rates one answer against the best-matching reference entry (or none). */
export function analyzeAnswer(
  question: string,
  answer: string,
  reference: KnowledgeEntry | null,
  lang: Language,
): AnswerAnalysis {
  const ex: Explanation[] = [];
  const say = (dimension: Dimension, delta: number, key: MessageKey, ...args: Array<string | number>) =>
    ex.push({ dimension, delta, reason: msg(lang, key, ...args) });
  const text = answer.trim();
  const length = contentLength(text);

  if (length === 0) {
    for (const d of DIMENSIONS) say(d, 0, 'why.empty');
    return {
      dimensions: { completeness: 0, depth: 0, accuracy: 0, practicality: 0 },
      contentScore: 0,
      keyMissing: reference ? reference.keyPoints.map((k) => k.label) : [],
      inaccuracies: [],
      strengths: [],
      improvements: reference ? [msg(lang, 'plan.addPoint', reference.keyPoints[0].label, question, reference.expertAnswer)] : [],
      explanations: ex,
      referenceId: reference?.id ?? null,
    };
  }

  // Completeness: share of the reference's key points (by weight) the answer covers.
  const keyMissing: string[] = [];
  const strengths: string[] = [];
  const improvements: string[] = [];
  let completeness: number;
  let coveredRatio = 0;
  if (reference) {
    const total = reference.keyPoints.reduce((s, k) => s + k.weight, 0);
    let covered = 0;
    const missing = [...reference.keyPoints].sort((a, b) => b.weight - a.weight);
    for (const kp of missing) {
      const hit = kp.keywords.find((k) => containsPhrase(text, k));
      const share = Math.round((100 * kp.weight) / total);
      if (hit) {
        covered += kp.weight;
        say('completeness', share, 'why.covered', kp.label);
        strengths.push(kp.label);
      } else {
        say('completeness', -share, 'why.missing', kp.label);
        keyMissing.push(kp.label);
        improvements.push(msg(lang, 'plan.addPoint', kp.label, question, referenceSentence(reference, kp.keywords)));
      }
    }
    coveredRatio = covered / total;
    completeness = clamp(100 * coveredRatio);
  } else {
    completeness = clamp(Math.min(70, 20 + length / 2));
    say('completeness', completeness, 'why.noReference');
  }

  // Depth: explanations of why and at what cost, plus how much of the reference substance is there.
  let depth = 15 + Math.round(20 * coveredRatio);
  for (const kind of DEPTH_SIGNALS) {
    const phrase = findSignal(text, kind);
    if (phrase) {
      depth += 20;
      say('depth', 20, 'why.signal', msg(lang, `signal.${kind}` as MessageKey), phrase);
    } else {
      say('depth', 0, 'why.noSignal', msg(lang, `signal.${kind}` as MessageKey));
    }
  }

  // Practicality: evidence of having done it (numbers, first-hand work, incidents, decisions).
  let practicality = 20;
  for (const kind of PRACTICE_SIGNALS) {
    const phrase = findSignal(text, kind);
    if (phrase) {
      practicality += 20;
      say('practicality', 20, 'why.signal', msg(lang, `signal.${kind}` as MessageKey), phrase);
      if (kind === 'numbers') strengths.push(msg(lang, 'signal.numbers'));
    } else {
      say('practicality', 0, 'why.noSignal', msg(lang, `signal.${kind}` as MessageKey));
    }
  }

  if (length < SHORT_ANSWER) {
    say('depth', 0, 'why.short', length, 40);
    depth = Math.min(depth, 40);
    practicality = Math.min(practicality, 40);
  }

  // Accuracy: known misconceptions cost points; with nothing verifiable it cannot be high.
  let accuracy = 100;
  const inaccuracies: Array<{ claim: string; correction: string }> = [];
  for (const m of reference?.misconceptions ?? []) {
    const claim = m.patterns.find((p) => containsPhrase(text, p));
    if (claim) {
      accuracy -= 40;
      inaccuracies.push({ claim, correction: m.correction });
      say('accuracy', -40, 'why.misconception', claim, m.correction);
    }
  }
  if (reference && coveredRatio === 0 && accuracy > 50) {
    accuracy = 50;
    say('accuracy', -50, 'why.unverified');
  }

  const dimensions: Record<Dimension, number> = {
    completeness: clamp(completeness),
    depth: clamp(depth),
    accuracy: clamp(accuracy),
    practicality: clamp(practicality),
  };
  const contentScore = clamp(DIMENSIONS.reduce((s, d) => s + dimensions[d] * DIMENSION_WEIGHTS[d], 0));
  return {
    dimensions, contentScore, keyMissing, inaccuracies, strengths, improvements,
    explanations: ex, referenceId: reference?.id ?? null,
  };
}
