/**
 * What the misconception check asks of every answer sentence, once per sentence rather than once
 * per (sentence, misconception pattern) pair: its lower-cased text, whether it refutes or tells
 * of a superseded approach, its language and its strength words. A diagnosis checks each sentence
 * against dozens of patterns (the reference's, the nearby entries', the general list's), and
 * recomputing these regexes per pair was most of the judge's time. Facts are kept per sentence
 * object (a WeakMap), so they live as long as the answer's reading does and no longer.
 */
import { detectLanguage } from '../../text/language';
import type { Language } from '../../text/language';
import { negatedSpans } from './units';

export const REFUTATION = /而不是|rather than|instead of|not enough|isn'?t enough|aren'?t enough|is not sufficient|insufficient|doesn'?t (?:work|help|solve|guarantee)|won'?t (?:work|help|solve)|myth|misconception|a common mistake|is a mistake|mistake to|is wrong|are wrong|naive|people (?:often |sometimes )?(?:think|assume|believe)|a common (?:error|trap)|it'?s tempting|is a trap|不够|不足以|误区|误解|错误的|不对|是错的|有人(?:认为|觉得|以为)|很多人(?:认为|觉得|以为)|并不能|不能保证|保证不了|解决不了|没用|不行|靠不住|不靠谱|是不行的|治标不治本|但(?:是)?(?:要|必须|需要|得)|更合理/i;

// A qualification ("可以做预标注，但要抽样人工核对") or a better measure ("比单次调用成本更合理") limits the claim it names.
// A past approach told as replaced ("我们最早是失败就从头重新规划……后来改成局部重规划", "at first
// we retried everything, then we…") is a lesson learned, not a claim.
export const SUPERSEDED = /(?:最早|一开始|起初|以前|原来|最初|早期).{0,60}(?:后来|改成|换成|改为|才)|\b(?:at first|initially|we used to|originally|early on)\b.{0,120}\b(?:then|later|switched|moved|changed|until|now)\b/i;

// What makes many a claim wrong is its strength ("一定", "就能保证", "always", "any"): a sentence
// without that strength says something else ("先写出推理步骤再给答案" is not "写出推理步骤答案就一定对").
const STRENGTH = /一定|肯定|总是|一直|都要|都会|都能|都可以|只要|就能|就行|就够|就可以|保证|无所谓|随便|永远|完全|彻底|直接|任何|所有|\b(?:always|never|guarantee[sd]?|any|all|every|just|only|enough|fully|completely|no matter|whatever|directly|replaces?|eliminates?)\b/gi;

/** The strength words of a text, lower-cased. */
export function strengths(text: string): Set<string> {
  return new Set((text.match(STRENGTH) ?? []).map((x) => x.toLowerCase()));
}

/** The facts of one sentence the misconception check reads (computed when first asked for). */
export class SentenceFacts {
  readonly lower: string;
  private refutedCache: boolean | undefined;
  private languageCache: Language | undefined;
  private strengthCache: Set<string> | undefined;
  private spansCache: Array<[number, number]> | undefined;

  constructor(readonly text: string) {
    this.lower = text.toLowerCase();
  }

  /** The sentence refutes a claim or tells of an approach since replaced (REFUTATION or SUPERSEDED). */
  get refuted(): boolean {
    this.refutedCache ??= REFUTATION.test(this.text) || SUPERSEDED.test(this.text);
    return this.refutedCache;
  }

  get language(): Language {
    this.languageCache ??= detectLanguage(this.text);
    return this.languageCache;
  }

  get strengths(): Set<string> {
    this.strengthCache ??= strengths(this.text);
    return this.strengthCache;
  }

  /** Character ranges under a negation (units.ts's negatedSpans of the lower-cased text). */
  get negated(): Array<[number, number]> {
    this.spansCache ??= negatedSpans(this.lower);
    return this.spansCache;
  }
}

const facts = new WeakMap<object, SentenceFacts>();

/** The facts of a sentence, computed once per sentence object. */
export function factsOf(sentence: { text: string }): SentenceFacts {
  let f = facts.get(sentence);
  if (!f || f.text !== sentence.text) facts.set(sentence, (f = new SentenceFacts(sentence.text)));
  return f;
}

