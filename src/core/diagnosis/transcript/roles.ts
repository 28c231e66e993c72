import { isBackchannel, isClarifyingQuestion, isQuestionLike, isShortReply, isTransition, speechLength } from './cues';
import type { Role, Segment, SpeakerRole } from './model';
import { roleOfLabel, type CustomLabels } from './speakers';

/** Speaker names used when roles come from content, not from the file. */
export const CONTENT_SPEAKERS = { interviewer: 'interviewer', candidate: 'candidate' } as const;

/**
 * Roles for segments nobody labeled (raw dialogue, Whisper output without diarization): a
 * question is the interviewer's, the rest the candidate's; then a clarifying question asked
 * back is the candidate's and the short reply to it the interviewer's; and a short lead-in
 * right before a question ("好的。", context in the question's paragraph) is the interviewer's.
 */
export function rolesByContent(segments: Segment[]): Array<'interviewer' | 'candidate'> {
  const roles = segments.map((s) => (isQuestionLike(s.text) ? 'interviewer' : 'candidate') as 'interviewer' | 'candidate');
  for (let i = 1; i < segments.length; i++) {
    if (roles[i] === 'interviewer' && isClarifyingQuestion(segments[i].text)) {
      roles[i] = 'candidate';
      if (i + 1 < segments.length && isShortReply(segments[i + 1].text) && i + 2 < segments.length) {
        roles[i + 1] = 'interviewer';
        i++;
      }
    }
  }
  // A lone "嗯嗯。" / "Mm-hmm." between two stretches of answer is the other person listening.
  for (let i = 1; i + 1 < segments.length; i++) {
    if (roles[i - 1] === 'candidate' && roles[i + 1] === 'candidate' && isBackchannel(segments[i].text) && segments[i - 1].speaker === undefined) {
      roles[i] = 'interviewer';
    }
  }
  for (let i = segments.length - 2; i >= 0; i--) {
    if (roles[i] !== 'candidate' || roles[i + 1] !== 'interviewer' || isClarifyingQuestion(segments[i + 1].text)) continue;
    const s = segments[i];
    const prev = segments[i - 1];
    const leadIn = isBackchannel(s.text) || isTransition(s.text);
    const sameParagraph = s.paragraph !== undefined && s.paragraph === segments[i + 1].paragraph && (prev === undefined || prev.paragraph !== s.paragraph);
    // Gaps alone do not tell a lead-in from the end of an answer (both sit right before a
    // question), so timed transcripts rely on the words ("好的。", "Let's move on.").
    if (leadIn || sameParagraph) roles[i] = 'interviewer';
  }
  return roles;
}

const SAMPLE_TURNS = 3000;

interface Stats { speaker: string; turns: number; questions: number; length: number; first: number }

/**
 * Roles for named or diarized speakers (张三, SPEAKER_00, 说话人1): whoever asks the largest
 * share of questions is the interviewer, the one who talks most among the rest the candidate.
 * Labels with a known role (面试官, Candidate, custom labels) keep it.
 */
export function inferSpeakerRoles(turns: Array<{ speaker: string; text: string }>, custom?: CustomLabels): SpeakerRole[] {
  const stats = new Map<string, Stats>();
  // Who asks is clear long before the end: the first few thousand turns are plenty, and this
  // keeps transcripts of many MB fast.
  turns.slice(0, SAMPLE_TURNS).forEach((t, i) => {
    const s = stats.get(t.speaker) ?? { speaker: t.speaker, turns: 0, questions: 0, length: 0, first: i };
    s.turns++;
    if (isQuestionLike(t.text)) s.questions++;
    s.length += speechLength(t.text);
    stats.set(t.speaker, s);
  });
  // Speakers who only talk after the sample still need an entry.
  for (const [i, t] of turns.entries()) {
    if (i >= SAMPLE_TURNS && !stats.has(t.speaker)) stats.set(t.speaker, { speaker: t.speaker, turns: 1, questions: isQuestionLike(t.text) ? 1 : 0, length: speechLength(t.text), first: i });
  }
  const all = [...stats.values()];
  const ratio = (s: Stats) => s.questions / s.turns;
  const result = new Map<string, SpeakerRole>();
  const fixed = all.filter((s) => roleOfLabel(s.speaker, custom));
  for (const s of fixed) {
    result.set(s.speaker, { speaker: s.speaker, role: roleOfLabel(s.speaker, custom)!, confidence: 1, turns: s.turns, questionRatio: ratio(s) });
  }
  const open = all.filter((s) => !result.has(s.speaker));
  if (fixed.length > 0) {
    for (const s of open) {
      const role: Role = ratio(s) >= 0.5 ? 'interviewer' : 'candidate';
      result.set(s.speaker, { speaker: s.speaker, role, confidence: 0.6, turns: s.turns, questionRatio: ratio(s) });
    }
  } else if (open.length === 1) {
    const s = open[0];
    result.set(s.speaker, { speaker: s.speaker, role: 'unknown', confidence: 0, turns: s.turns, questionRatio: ratio(s) });
  } else if (open.length > 1) {
    const byQuestions = [...open].sort((a, b) => ratio(b) - ratio(a) || a.first - b.first);
    const interviewer = byQuestions[0];
    const candidate = open.filter((s) => s !== interviewer).sort((a, b) => b.length - a.length)[0];
    const margin = ratio(interviewer) - ratio(candidate);
    const confidence = Math.round(Math.min(0.99, Math.max(0.5, 0.5 + margin)) * 100) / 100;
    for (const s of open) {
      let role: Role = 'unknown';
      if (s === interviewer) role = 'interviewer';
      else if (s === candidate) role = 'candidate';
      // A panel: a further speaker who asks more and talks much less than the candidate.
      else if (ratio(s) > ratio(candidate) && s.length < 0.5 * candidate.length) role = 'interviewer';
      result.set(s.speaker, { speaker: s.speaker, role, confidence: role === 'unknown' ? 0 : confidence, turns: s.turns, questionRatio: ratio(s) });
    }
  }
  return all.map((s) => {
    const r = result.get(s.speaker)!;
    return { ...r, questionRatio: Math.round(r.questionRatio * 100) / 100 };
  });
}

/** Flips interviewer and candidate (the user's "Swap Interviewer/Candidate"). */
export function swapRole(role: Role): Role {
  return role === 'interviewer' ? 'candidate' : role === 'candidate' ? 'interviewer' : role;
}

