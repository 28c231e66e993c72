import { detectLanguage } from './language';
import { TranscriptError, type QaPair, type SplitResult, type TranscriptFormat } from './model';

type Role = 'interviewer' | 'candidate';

interface LabelSet {
  format: TranscriptFormat;
  interviewer: string[];
  candidate: string[];
}

/** Label sets in the order auto-detection prefers them when a file mixes conventions. */
export const LABEL_SETS: readonly LabelSet[] = [
  { format: 'labeled-zh', interviewer: ['面试官', '考官', '主考官'], candidate: ['候选人', '应聘者', '求职者', '面试者'] },
  { format: 'labeled-en', interviewer: ['Interviewer'], candidate: ['Candidate', 'Interviewee'] },
  { format: 'qa', interviewer: ['Q', 'Question', '问'], candidate: ['A', 'Answer', '答'] },
];

interface Turn {
  role: Role;
  text: string;
  start: number;
  end: number;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A line that opens a turn: optional markdown emphasis or list marker, the label, a full- or half-width colon. */
function labelPattern(set: LabelSet): RegExp {
  const names = [...set.interviewer, ...set.candidate].map(escape).join('|');
  return new RegExp(`^[\\uFEFF \\t]*(?:[-*>]\\s+)?(?:\\*\\*|__)?(${names})(?:\\s*\\d+)?(?:\\*\\*|__)?\\s*[:：](?:\\*\\*|__)?[ \\t]*`, 'i');
}

function roleOf(set: LabelSet, label: string): Role {
  const l = label.toLowerCase();
  return set.interviewer.some((n) => n.toLowerCase() === l) ? 'interviewer' : 'candidate';
}

function countTurns(text: string, set: LabelSet): number {
  const re = labelPattern(set);
  let n = 0;
  for (const line of text.split(/\r?\n/)) if (re.test(line)) n++;
  return n;
}

/** Picks the label set with the most turn-opening lines; null when no line is labeled. */
export function detectFormat(text: string): TranscriptFormat | null {
  let best: { format: TranscriptFormat; count: number } | null = null;
  for (const set of LABEL_SETS) {
    const count = countTurns(text, set);
    if (count > 0 && (!best || count > best.count)) best = { format: set.format, count };
  }
  return best?.format ?? null;
}

function readTurns(text: string, set: LabelSet): Turn[] {
  const re = labelPattern(set);
  const turns: Turn[] = [];
  let offset = 0;
  let current: Turn | null = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const m = re.exec(line);
    if (m) {
      if (current) turns.push(current);
      const body = line.slice(m[0].length);
      current = { role: roleOf(set, m[1]), text: body, start: offset, end: offset + line.length };
    } else if (current) {
      current.text += `\n${line}`;
      if (line.trim() !== '') current.end = offset + line.length;
    }
    offset += raw.length + 1;
  }
  if (current) turns.push(current);
  return turns.map((t) => ({ ...t, text: tidy(t.text) }));
}

/** Joins a turn's paragraphs, dropping blank lines at either end but keeping paragraph breaks. */
function tidy(text: string): string {
  return text.split('\n').map((l) => l.trimEnd()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Splits a labeled transcript into Q&A pairs. Consecutive turns of one speaker are merged
 * (a question in two paragraphs, an answer interrupted by a label-less line); an interviewer
 * turn that gets no answer (a closing remark) is dropped.
 */
export function splitLabeled(text: string, format: TranscriptFormat | 'auto' = 'auto'): SplitResult {
  if (text.trim() === '') throw new TranscriptError('the transcript is empty: open a file with interview text in it');
  const chosen = format === 'auto' ? detectFormat(text) : format;
  if (!chosen) {
    throw new TranscriptError(
      'no speaker labels found: start each turn with "面试官：" / "候选人：", "Interviewer:" / "Candidate:" or "Q:" / "A:"',
    );
  }
  const set = LABEL_SETS.find((s) => s.format === chosen)!;
  const merged: Turn[] = [];
  for (const turn of readTurns(text, set)) {
    const last = merged[merged.length - 1];
    if (last && last.role === turn.role) {
      last.text = `${last.text}\n\n${turn.text}`.trim();
      last.end = turn.end;
    } else {
      merged.push({ ...turn });
    }
  }
  const pairs: QaPair[] = [];
  for (let i = 0; i < merged.length; i++) {
    const q = merged[i];
    const a = merged[i + 1];
    if (q.role !== 'interviewer' || !a || a.role !== 'candidate' || q.text === '') continue;
    pairs.push({ index: pairs.length + 1, question: q.text, answer: a.text, startOffset: q.start, endOffset: a.end });
    i++;
  }
  if (pairs.length === 0) {
    throw new TranscriptError(
      `found ${chosen} labels but no question followed by an answer: put each answer in its own turn after the question`,
    );
  }
  return { format: chosen, language: detectLanguage(pairs.map((p) => p.question + p.answer).join('\n')), pairs };
}
