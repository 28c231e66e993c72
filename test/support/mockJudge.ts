/**
 * A deterministic stand-in for a model judge, for the mock servers and unit tests: it reads the
 * judge's prompt (reference key points, the answer between its markers) and returns a judgment
 * that quotes the answer's real sentences. It is no model: it exists so the pipeline (prompt,
 * validation, quotes, caching, concurrency, cassettes) can be tested without a network or a key.
 */

/** The parts of a judge prompt the stand-in reads. */
export interface JudgePromptParts {
  answer: string;
  keyPoints: Array<{ id: string; words: string[] }>;
  hasReference: boolean;
}

/** Reads the answer and the key points out of the prompt text (system + user, concatenated). */
export function readJudgePrompt(text: string): JudgePromptParts | undefined {
  const open = /<<<(ANSWER-[0-9a-f]{12})\n/.exec(text);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = text.indexOf(`\n${open[1]}>>>`, start);
  if (end < start) return undefined;
  const answer = text.slice(start, end);
  const keyPoints: JudgePromptParts['keyPoints'] = [];
  for (const m of text.matchAll(/^(K\d+) \(weight [\d.]+\): ([^\n[]*)(?:\[([^\]\n]*)\])?$/gm)) {
    const words = [m[2].trim(), ...(m[3] ? m[3].split(',').map((w) => w.trim()) : [])].filter(Boolean);
    keyPoints.push({ id: m[1], words });
  }
  return { answer, keyPoints, hasReference: text.includes('REFERENCE (knowledge-base entry') };
}

/** A quote of at most 200 characters that ends on a word boundary. */
function clip(sentence: string): string {
  if (sentence.length <= 200) return sentence;
  const cut = sentence.lastIndexOf(' ', 200);
  return cut > 60 ? sentence.slice(0, cut) : sentence.slice(0, 200);
}

function sentencesOf(answer: string): string[] {
  return answer.split(/(?<=[。！？.!?])\s*/).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A judgment for the prompt: a key point is stated when a sentence contains one of its words. */
export function mockJudgment(parts: JudgePromptParts): Record<string, unknown> {
  const sentences = sentencesOf(parts.answer);
  const evidence: Array<Record<string, unknown>> = [];
  const keyMissing: string[] = [];
  for (const kp of parts.keyPoints) {
    const s = sentences.find((x) => kp.words.some((w) => w.length > 1 && x.toLowerCase().includes(w.toLowerCase())));
    if (s) evidence.push({ dimension: 'completeness', quote: clip(s), reason: 'states the point', keyPoint: kp.id });
    else keyMissing.push(kp.id);
  }
  const stated = parts.keyPoints.length - keyMissing.length;
  const depth = Math.min(90, 30 + 10 * Math.min(6, sentences.length));
  if (sentences[0]) evidence.push({ dimension: 'depth', quote: clip(sentences[0]), reason: 'explains' });
  return {
    scores: {
      completeness: parts.hasReference ? Math.round((100 * stated) / Math.max(1, parts.keyPoints.length)) : null,
      depth,
      accuracy: parts.hasReference ? 80 : null,
      practicality: Math.min(80, 20 + 10 * sentences.length),
    },
    keyMissing: parts.hasReference ? keyMissing : [],
    evidence: evidence.slice(0, 12),
    inaccuracies: [],
    strengths: stated ? ['covers the central points'] : [],
    improvements: keyMissing.length ? ['add the missing key points'] : [],
    offTopic: false,
  };
}

/** The judgment as the model's reply text, or undefined when the prompt is not a judge prompt. */
export function mockJudgeReply(promptText: string): string | undefined {
  const parts = readJudgePrompt(promptText);
  return parts ? JSON.stringify(mockJudgment(parts)) : undefined;
}

/** The prompt text of an Anthropic Messages request body (system blocks and text of every message). */
export function anthropicPromptText(body: any): string {
  const system = Array.isArray(body.system) ? body.system.map((b: any) => b.text ?? '') : [String(body.system ?? '')];
  const messages = (body.messages ?? []).flatMap((m: any) => (typeof m.content === 'string' ? [m.content] : m.content.filter((b: any) => b.type === 'text').map((b: any) => b.text)));
  return [...system, ...messages].join('\n');
}

/** A responder for the mock Anthropic server: a judgment for judge prompts, a short text otherwise. */
export function anthropicJudgeResponder(body: any): { content: Array<{ type: 'text'; text: string }> } {
  return { content: [{ type: 'text', text: mockJudgeReply(anthropicPromptText(body)) ?? 'ok' }] };
}

/** The prompt text of an OpenAI chat completions body. */
export function openAiPromptText(body: any): string {
  return (body.messages ?? []).map((m: any) => (typeof m.content === 'string' ? m.content : '')).join('\n');
}
