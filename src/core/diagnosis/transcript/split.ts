import { isAskedBack, isBackchannel, isClarifyingQuestion, isClosing, isQuestionLike, isSmallTalk, isTransition, questionScore, speechLength } from './cues';
import { TranscriptError, type QaPair, type SplitResult, type Transcript, type Turn } from './model';
import { parseTranscript, type ParseOptions } from './parse';
import { questionStartOffset } from './questionStart';
import { answersStatement } from './answersStatement';

/**
 * A pair being built. What the candidate said so far is summed up as it grows (how many turns,
 * the last one, whether all were plain questions back) so that each interviewer turn inside a
 * long answer does not look at the whole answer again.
 */
interface Building { q: number[]; a: number[]; said: number; lastSaid: number; allAskedBack: boolean }

function newBuilding(q: number): Building {
  return { q: [q], a: [], said: 0, lastSaid: -1, allAskedBack: true };
}

function addToAnswer(turns: Turn[], current: Building, i: number): void {
  current.a.push(i);
  if (turns[i].role !== 'candidate') return;
  current.said++;
  current.lastSaid = i;
  // Like Array.every: once one turn is not a question back, the rest are not looked at.
  if (current.allAskedBack) current.allAskedBack = isAskedBack(turns[i].text);
}

/** The next turn with a known role after `i` (a scan, not a copy: transcripts can be huge). */
function nextKnown(turns: Turn[], i: number): Turn | undefined {
  for (let k = i + 1; k < turns.length; k++) if (turns[k].role !== 'unknown') return turns[k];
  return undefined;
}

/**
 * Is the candidate pinning the question down rather than answering? A worded clarification
 * ("你是指…吗？", "Before I answer: is it…?") may come anywhere in the answer; a plain question
 * asked back ("Before launch or during the sale?") only before the answer has started.
 */
function candidateAskedBack(turns: Turn[], current: Building): 'worded' | 'plain' | false {
  if (current.said === 0) return false;
  if (isClarifyingQuestion(turns[current.lastSaid].text)) return 'worded';
  return current.allAskedBack ? 'plain' : false;
}

/**
 * An interviewer turn inside an answer that does not end it: "嗯", or the reply to a clarifying
 * question when the candidate then goes on. The reply is short and may be a plain statement
 * ("Internal only, about two thousand employees."). A worded clarification is clear enough that a
 * very short question back ("What would you assume?") counts too; after a plain question asked
 * back, moving on ("Okay, next question.") ends the answer, since that question may have been a
 * hedged answer ("Maybe a token bucket?").
 */
function staysInAnswer(turns: Turn[], current: Building, i: number): boolean {
  const t = turns[i];
  const next = nextKnown(turns, i);
  if (next?.role !== 'candidate') return false;
  if (isBackchannel(t.text)) return true;
  const askedBack = candidateAskedBack(turns, current);
  if (!askedBack || speechLength(t.text) > 60) return false;
  if (askedBack === 'worded') return !isQuestionLike(t.text) || speechLength(t.text) <= 12;
  return !isQuestionLike(t.text) && !isTransition(t.text);
}

/** Does this interviewer turn open a question (rather than chat, a remark or an anecdote)? */
function opensQuestion(turns: Turn[], i: number, started: boolean): boolean {
  const t = turns[i];
  const reply = nextKnown(turns, i);
  const replyLength = reply?.role === 'candidate' ? speechLength(reply.text) : 0;
  if (!started && isSmallTalk(t.text)) return false;
  if (isQuestionLike(t.text)) return true;
  // Statements that get a real answer are asks too ("我们聊聊你的项目。" → a long answer), and so
  // is a constraint set out and left for the candidate ("既要控成本，又不能误伤正常用户。") when the
  // one-sentence reply answers it.
  if (replyLength >= 40 && (started || questionScore(t.text) >= 0.5 || t.roleConfidence === 1)) return true;
  return reply?.role === 'candidate' && answersStatement(t.text, reply.text);
}

/**
 * Pairs turns into questions and answers. Consecutive interviewer turns form one question (two
 * questions in one turn stay one pair); a clarifying exchange and backchannels stay inside the
 * answer; small talk before the first question and the closing "any questions for us?" (with the
 * candidate's own questions after it) are not pairs.
 */
export function pairTurns(turns: Turn[]): QaPair[] {
  const pairs: QaPair[] = [];
  let current: Building | null = null;
  let started = false;
  const finish = () => {
    if (!current) return;
    const answerTurns = current.a.filter((k) => turns[k].role === 'candidate');
    const question = current.q.map((k) => turns[k].text).join('\n\n');
    if (answerTurns.length > 0 && !isClosing(question)) {
      const q = current.q.map((k) => turns[k]);
      const a = answerTurns.map((k) => turns[k]);
      const last = turns[current.a[current.a.length - 1]];
      pairs.push({
        index: pairs.length + 1,
        question,
        answer: a.map((t) => t.text).join('\n\n'),
        startOffset: questionStartOffset(q),
        endOffset: last.endOffset,
        questionTurns: current.q,
        answerTurns: current.a,
        ...(q[q.length - 1].end !== undefined ? { questionEndS: round(q[q.length - 1].end!) } : {}),
        ...(a[0].start !== undefined ? { answerStartS: round(a[0].start!) } : {}),
        ...(a[a.length - 1].end !== undefined ? { answerEndS: round(a[a.length - 1].end!) } : {}),
      });
    }
    current = null;
  };
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i];
    if (t.role === 'unknown') continue;
    if (t.role === 'candidate') {
      if (current) addToAnswer(turns, current, i);
      continue;
    }
    if (current && current.a.length > 0) {
      if (staysInAnswer(turns, current, i)) {
        addToAnswer(turns, current, i);
        continue;
      }
      finish();
    }
    if (current) {
      current.q.push(i);
      continue;
    }
    // "Any questions for us?" ends the interview: what follows is the candidate asking, until a
    // new interview starts (files sometimes hold several).
    if (started && isClosing(t.text)) {
      started = false;
      continue;
    }
    if (!opensQuestion(turns, i, started)) continue;
    current = newBuilding(i);
    started = true;
  }
  finish();
  return pairs;
}

function round(s: number): number {
  return Math.round(s * 1000) / 1000;
}

/** Splits a parsed transcript into Q&A pairs; throws TranscriptError when none are found. */
export function splitParsed(transcript: Transcript): SplitResult {
  const pairs = pairTurns(transcript.turns);
  if (pairs.length === 0) {
    const roles = new Set(transcript.turns.map((t) => t.role));
    const labeled = transcript.speakers.some((s) => s.confidence === 1);
    const why = !labeled && (!roles.has('candidate') || !roles.has('interviewer'))
      ? 'could not tell interviewer and candidate apart: label the turns ("面试官：" / "候选人：", "Interviewer:" / "Candidate:", "Q:" / "A:") or set interviewLens.speakerLabels'
      : 'found no question followed by an answer: put each answer in its own turn after the question';
    // What was skipped may be why nothing pairs up: say so, with the first place to look.
    const w = transcript.warnings;
    const skipped = w ? `; ${w.length === 1 ? 'a block was' : `${w.length} blocks were`} skipped while reading, the first at ${/^line \d+/.exec(w[0])?.[0] ?? 'the start'}` : '';
    throw new TranscriptError(`${transcript.format} transcript: ${why}${skipped}`);
  }
  return {
    format: transcript.format, language: transcript.language, timed: transcript.timed,
    wordTimed: transcript.wordTimed, startOnly: transcript.startOnly,
    speakers: transcript.speakers, pairs, turns: transcript.turns,
    ...(transcript.warnings ? { warnings: transcript.warnings } : {}),
  };
}

/** Parses and splits in one step (the `split_qa_pairs` tool and `interview-lens split`). */
export function splitTranscript(text: string, options: ParseOptions = {}): SplitResult {
  return splitParsed(parseTranscript(text, options));
}
