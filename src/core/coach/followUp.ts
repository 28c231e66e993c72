/**
 * The follow-up a real interviewer would ask after an answer that missed key points: one of the
 * entry's own follow-ups, the one closest to what was missed; without any, a probe of the most
 * important missed point. An answer that covered everything, or that was about something else
 * (the interviewer moves on or repeats the question instead), gets none.
 */
import type { KnowledgeBase } from '../diagnosis/knowledge/knowledgeBase';
import type { KnowledgeEntry } from '../diagnosis/knowledge/types';
import type { AnswerAnalysis } from '../diagnosis/judge/analysis';

/** A follow-up question and why it is asked. */
export interface FollowUp {
  question: string;
  /** The knowledge-base entry it comes from, when it is one (its answer is scored against it). */
  entryId?: string;
  /** The missed key points it probes. */
  probes: string[];
}

/** Lowercased words and CJK bigrams of a text, for overlap. */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.normalize('NFKC').toLowerCase();
  for (const w of lower.split(/[^a-z0-9\u4e00-\u9fff]+/)) {
    if (!w) continue;
    if (/^[a-z0-9]+$/.test(w)) {
      if (w.length > 2) out.add(w);
      continue;
    }
    for (let i = 0; i + 1 < w.length; i++) out.add(w.slice(i, i + 2));
  }
  return out;
}

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((t) => b.has(t)).length;

/** The follow-up for `entry` after `analysis`, or null when none is called for. */
export function chooseFollowUp(entry: KnowledgeEntry, analysis: Pick<AnswerAnalysis, 'keyMissing' | 'relevance'>, kb: KnowledgeBase): FollowUp | null {
  if (analysis.keyMissing.length === 0) return null;
  if (analysis.relevance?.offTopic) return null;
  // keyMissing holds labels, possibly in the report's other language.
  const missed = entry.keyPoints.filter((k) => analysis.keyMissing.some((m) => m === k.label || m === k.labels?.en || m === k.labels?.zh));
  const missedTerms = terms(missed.flatMap((k) => [k.label, ...k.keywords]).join(' '));
  let best: { question: string; entryId?: string; score: number; about: Set<string> } | undefined;
  for (const f of entry.followUps) {
    const other = kb.get(`${entry.language}-${f}`);
    const question = other ? other.question : f;
    const about = other ? `${other.question} ${other.keyPoints.map((k) => `${k.label} ${k.keywords.join(' ')}`).join(' ')}` : f;
    const aboutTerms = terms(about);
    const score = overlap(missedTerms, aboutTerms);
    if (!best || score > best.score) best = { question, ...(other ? { entryId: other.id } : {}), score, about: aboutTerms };
  }
  // The reason names only the missed points the chosen question is about (issue 28: it listed
  // every missed point, some the question never asks); one about none of them is not asked.
  const probes = best ? missed.filter((k) => overlap(terms([k.label, ...k.keywords].join(' ')), best!.about) > 0).map((k) => k.label) : [];
  if (best && probes.length) return { question: best.question, ...(best.entryId ? { entryId: best.entryId } : {}), probes };
  // No written follow-up about what was missed: probe the heaviest point that was missed.
  const top = [...missed].sort((a, b) => b.weight - a.weight)[0];
  const label = top?.label ?? analysis.keyMissing[0];
  return {
    question: entry.language === 'zh' ? `你刚才没有谈到「${label}」。在这个问题里，它起什么作用？你会怎么做？` : `You did not mention ${label}. How does it come into this, and what would you do about it?`,
    probes: [label],
  };
}
