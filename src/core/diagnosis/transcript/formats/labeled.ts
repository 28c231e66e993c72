import { eachLine } from '../lines';
import type { Segment, TranscriptFormat } from '../model';
import { acceptedSpeakers, roleOfLabel, speakerPrefix, type CustomLabels } from '../speakers';

/** Labeled text read into segments: one per labeled paragraph run, label as the speaker. */
export interface LabeledParse {
  format: TranscriptFormat;
  segments: Segment[];
}

/** Which convention most labeled lines follow: 面试官/候选人, Interviewer/Candidate, Q/A, custom, or names. */
function classify(prefixes: string[], speakers: Set<string>, custom?: CustomLabels): TranscriptFormat {
  const votes = new Map<TranscriptFormat, number>();
  const kindOf = new Map<string, TranscriptFormat>();
  for (const name of prefixes) {
    if (!speakers.has(name)) continue;
    const known = kindOf.get(name);
    if (known) {
      votes.set(known, (votes.get(known) ?? 0) + 1);
      continue;
    }
    let kind: TranscriptFormat;
    if (roleOfLabel(name) === undefined) kind = custom && roleOfLabel(name, custom) ? 'labeled-custom' : 'named';
    else if (/^(?:q|a|question|answer|问|答)$/i.test(name.trim())) kind = 'qa';
    else kind = /[\u3400-\u9fff]/.test(name) ? 'labeled-zh' : 'labeled-en';
    kindOf.set(name, kind);
    votes.set(kind, (votes.get(kind) ?? 0) + 1);
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'named';
}

interface LabelCount { lines: number; speakers: Set<string>; prefixes: string[]; roleLabeled: number; byLine: Array<{ speaker: string; length: number } | null> }
/** Counts lines that open with an accepted speaker label (what auto-detection weighs), with each line's prefix. */
export function countLabeledLines(text: string, custom?: CustomLabels): LabelCount {
  const prefixes: string[] = [];
  const byLine: LabelCount['byLine'] = [];
  eachLine(text, (line) => {
    const p = speakerPrefix(line.text);
    if (p) prefixes.push(p.speaker);
    byLine.push(p);
  });
  const speakers = acceptedSpeakers(prefixes, custom);
  const accepted = prefixes.filter((p) => speakers.has(p));
  const roles = new Map([...speakers].map((s) => [s, roleOfLabel(s, custom) !== undefined]));
  return { lines: accepted.length, speakers, prefixes, roleLabeled: accepted.filter((p) => roles.get(p)).length, byLine };
}

/**
 * Labeled text: `面试官：` / `候选人：`, `Interviewer:` / `Candidate:`, `Q:` / `A:`, custom labels
 * or people's names. A turn runs until the next label and may span paragraphs; text before
 * the first label is left out.
 */
export function parseLabeled(text: string, custom?: CustomLabels): LabeledParse | null {
  const { speakers, prefixes, byLine } = countLabeledLines(text, custom);
  if (speakers.size === 0) return null;
  const segments: Segment[] = [];
  // `lines` is filled only once a turn has a second non-blank line: most turns are one line, and
  // a record per line would cost a 20 MB file hundreds of milliseconds of garbage collection.
  let current: (Segment & { body: string[] }) | null = null;
  const flush = () => {
    if (!current) return;
    const body = current.body.map((l) => l.trimEnd()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
    const segment: Segment = { speaker: current.speaker, text: body, startOffset: current.startOffset, endOffset: current.endOffset };
    if (current.lines) segment.lines = current.lines;
    segments.push(segment);
    current = null;
  };
  eachLine(text, (line) => {
    const p = byLine[line.number - 1];
    if (p && speakers.has(p.speaker)) {
      flush();
      const first = line.text.slice(p.length);
      current = { speaker: p.speaker, text: '', body: [first], startOffset: line.offset, endOffset: line.offset + line.text.length };
    } else if (current) {
      current.body.push(line.text);
      if (line.text.trim() === '') return;
      current.lines ??= current.body[0].trim() !== '' ? [{ text: current.body[0], offset: current.startOffset }] : [];
      current.lines.push({ text: line.text, offset: line.offset });
      current.endOffset = line.offset + line.text.length;
    }
  });
  flush();
  return { format: classify(prefixes, speakers, custom), segments };
}
