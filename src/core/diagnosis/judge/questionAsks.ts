/**
 * What a question asks for (a comparison, a mechanism, an example from experience, a decision)
 * and whether an answer gives that kind of reply. Judged from the question itself, so it holds
 * with no reference: an answer that explains a mechanism when a choice was asked for, or that
 * describes something else entirely, does not address the question however fluent it is.
 */
import type { Explained } from './explanations';

/** The kinds of reply a question can ask for. */
export type AskKind = 'comparison' | 'mechanism' | 'example' | 'decision';

const ASKS: Array<[AskKind, RegExp]> = [
  ['comparison', /区别|不同|差异|对比|相比|比较|优缺点|优劣|哪个好|哪个更|\bvs\.?\b|versus|differen|compare|comparison|trade-?offs? between|pros and cons|better than/i],
  ['example', /举个?例|举一个|讲一个|讲讲你|说一个|一次|经历|遇到过|有没有.*(?:做过|遇到|踩过)|踩过的坑|tell me about a time|a time when|an example|give me an example|walk me through a (?:time|project|case)|describe a (?:situation|time|project)|have you ever|in your (?:last|previous) (?:role|job|team)/i],
  ['decision', /怎么选|如何选|选哪|该不该|要不要|值不值|会选|选择.*还是|还是.*(?:好|合适)|怎么判断|如何判断|怎么决定|取舍|should (?:we|you|i)|would you (?:choose|pick|use|go with)|which (?:one |would |do )|when would you|how do you (?:decide|choose)|is it worth|go with/i],
  ['mechanism', /原理|机制|怎么工作|如何工作|怎么实现|如何实现|底层|内部|为什么|为啥|怎么做到|how does|how do .* work|how is .* (?:built|implemented)|under the hood|mechanism|why does|why do|what happens when|internally/i],
];

/** What the question asks for, by the first kind its wording names (none for an open "how would you…"). */
export function askedFor(question: string): AskKind | undefined {
  return ASKS.find(([, re]) => re.test(question))?.[0];
}

/** Explanation kinds that reply to each ask. */
const REPLIES: Record<AskKind, ReadonlyArray<Explained['kind']>> = {
  comparison: ['comparison', 'contrast'],
  mechanism: ['cause', 'sequence', 'condition'],
  example: ['example'],
  decision: ['contrast', 'condition', 'comparison'],
};

/** Plain wording that replies in kind when no explanation of that kind was found. */
const REPLY_WORDS: Record<AskKind, RegExp> = {
  comparison: /而|相比|比起|更|不如|区别|不同|优点|缺点|whereas|while|unlike|compared|than|on the other hand|instead|differ/i,
  mechanism: /因为|所以|通过|先.*再|然后|会把|会先|because|so that|by |then|first|which means|works by/i,
  example: /我们|我之前|当时|有一次|上线|线上|项目|\bwe\b|\bI\b|once|last (?:year|month|quarter)|at my|in production|our team/i,
  decision: /我会|我倾向|建议|取决于|看.*(?:场景|情况)|选|用.*就够|I'?d|I would|I'?ll|choose|pick|depends|recommend|go with|prefer/i,
};

/** Whether the answer gives the kind of reply the question asks for. */
export function repliesInKind(ask: AskKind, explained: readonly Explained[], hasIncident: boolean, text: string): boolean {
  if (explained.some((e) => REPLIES[ask].includes(e.kind))) return true;
  if (ask === 'example' && hasIncident) return true;
  return REPLY_WORDS[ask].test(text);
}
