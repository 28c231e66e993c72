import type { Role } from './model';

/** Speaker labels a user adds for their own exports (setting `interviewLens.speakerLabels`). */
export interface CustomLabels {
  interviewer?: string[];
  candidate?: string[];
}

/** Labels whose role is known without looking at what was said. */
export const KNOWN_LABELS: Readonly<Record<'interviewer' | 'candidate', readonly string[]>> = {
  interviewer: ['面试官', '考官', '主考官', '面试官a', '面试官b', 'interviewer', 'q', 'question', '问'],
  candidate: ['候选人', '应聘者', '求职者', '面试者', 'candidate', 'interviewee', 'a', 'answer', '答'],
};

function norm(label: string): string {
  const l = label.trim().toLowerCase().replace(/\s+/g, ' ');
  // Drops a trailing number ("面试官 2" → "面试官") by hand: `\s*\d+$` tries every start in a
  // run of digits, n^2 steps on a long one (speaker names in JSON have no length limit).
  let end = l.length;
  while (end > 0 && l.charCodeAt(end - 1) >= 48 && l.charCodeAt(end - 1) <= 57) end--;
  if (end === l.length) return l;
  while (end > 0 && l.charCodeAt(end - 1) === 32) end--;
  return l.slice(0, end);
}

/** The fixed role of a label (built-in or custom), or undefined when it is a person's name. */
export function roleOfLabel(label: string, custom?: CustomLabels): Exclude<Role, 'unknown'> | undefined {
  const l = norm(label);
  if (custom?.interviewer?.some((c) => norm(c) === l)) return 'interviewer';
  if (custom?.candidate?.some((c) => norm(c) === l)) return 'candidate';
  if (KNOWN_LABELS.interviewer.includes(l)) return 'interviewer';
  if (KNOWN_LABELS.candidate.includes(l)) return 'candidate';
  return undefined;
}

/** A diarization id such as SPEAKER_00 (WhisperX, pyannote) or 说话人1 (Feishu). */
export function isSpeakerId(label: string): boolean {
  return /^(?:speaker[ _]?\d+|说话人\s*\d+|spk[ _]?\d+|S\d+)$/i.test(label.trim());
}

const PREFIX = /^[\uFEFF \t]*(?:[-*>]+\s*)?(?:\*\*|__)?(?:\[([^\]\n]{1,40})\]|([^\s:：*_[\]()（）。，,.!?！？"“”][^:：\n*_[\]。，,.!?！？"“”]{0,30}?))(?:\*\*|__)?\s*[:：](?:\*\*|__)?[ \t]*/;

/** A `Name:` / `[SPEAKER_00]:` prefix at the start of a line, or null. */
export function speakerPrefix(line: string): { speaker: string; length: number } | null {
  // Cheap test first: a prefix has a colon or a bracket near the start of the line.
  const head = line.slice(0, 60);
  if (head.indexOf(':') === -1 && head.indexOf('：') === -1 && head.indexOf('[') === -1) return null;
  const m = PREFIX.exec(line);
  if (!m) {
    const bracket = /^[\uFEFF \t]*\[(SPEAKER_\d+)\][ \t]*/i.exec(line);
    return bracket ? { speaker: bracket[1], length: bracket[0].length } : null;
  }
  const speaker = (m[1] ?? m[2]).trim();
  // A name is short: at most four words, or ten characters of Chinese.
  if (/[\u3400-\u9fff]/.test(speaker) ? speaker.length > 10 : speaker.split(/\s+/).length > 4) return null;
  if (/^\d+$/.test(speaker) || /^https?$/i.test(speaker)) return null;
  return { speaker, length: m[0].length };
}

/**
 * Which prefixes are really speakers: known or custom labels, diarization ids, and names that
 * open at least two lines (a one-off "Note:" or "例如：" inside an answer is text, not a speaker).
 */
export function acceptedSpeakers(prefixes: Iterable<string>, custom?: CustomLabels): Set<string> {
  const counts = new Map<string, number>();
  for (const p of prefixes) counts.set(p, (counts.get(p) ?? 0) + 1);
  const accepted = new Set<string>();
  // When the file uses role labels, other prefixes ("优点：", "Step 1:") are part of the text.
  const labeled = [...counts.keys()].some((name) => roleOfLabel(name, custom));
  for (const [name, n] of counts) {
    if (roleOfLabel(name, custom) || isSpeakerId(name) || (!labeled && n >= 2)) accepted.add(name);
  }
  return accepted;
}
