/**
 * Depth evidence: explanations that connect ideas. A connective ("because", "instead of", "if",
 * "first … then", "than", 因为/而不是/如果/先…再/相比) counts only when it joins two parts that
 * each say something about the subject (a meaning from the lexicons and a few words) inside a
 * sentence that is a statement. "Because trade-off, we measured 30%" joins nothing to nothing.
 */
import type { ReadSentence } from './reading';
import { contentLength, isGlued } from './sentences';

/** The kinds of connection an explanation makes. */
export type RelationKind = 'cause' | 'contrast' | 'condition' | 'sequence' | 'comparison' | 'example';

/** One explanation found in the answer. */
export interface Explained {
  kind: RelationKind;
  marker: string;
  sentence: string;
}

const MARKERS: Record<RelationKind, RegExp> = {
  cause: /\b(?:because|since|so that|which means|that means|that's why|which is why|the point is|the idea is|the benefit is|therefore|thus|hence|due to|as a result|otherwise|that way|in order to|to avoid|to prevent|prevents?|ensures?|guarantees?|the reason|leads? to|caus(?:es|ed|ing)|results? in|so)\b|因为|所以|因此|因而|于是|导致|造成|使得|由于|否则|不然|以便|以免|为了|从而|这样(?:一来|的话)?|才能|才会|就会|原因是|原因在于|之所以|是因为|目的是|好处是|看中|意味着|避免|防止|保证/gi,
  contrast: /\b(?:instead of|instead|rather than|but|however|whereas|unlike|the downside|the catch|at the cost of|trade-?offs?|the problem is|on the other hand|although|though)\b|而不是|而是|与其|但是|不过|然而|相比之下|代价|缺点|权衡|反而|却|问题是|坏处|坏处是|虽然|只代表/gi,
  condition: /\b(?:if|when|unless|only if|as long as|depends on|once|whenever|in case)\b|如果|要是|假如|若是|一旦|只要|只有|除非|取决于|的时候|的话|时候|(?<![同及实暂临准超定计按小当])时(?![间延候刻长效序段])/gi,
  sequence: /\b(?:then|after that|afterwards|before|after|finally|next|first)\b|然后|之后|以后|接着|随后|最后|首先|其次|再去|再把|再用|先/gi,
  comparison: /\b(?:than|compared (?:to|with)|versus|vs\.?)\b|相比|比起|相对于|(?<![对类占排])比(?![较如方例率重特])/gi,
  example: /\b(?:for example|for instance|e\.g\.|such as|say,|like when|in one case|last time)\b|比如|例如|举个例子|举例|像是|上次|有一次/gi,
};

/** Whether a unit says something specific (rare enough among key points), given by the caller. */
export type Informative = (key: string) => boolean;

/** The specific units of one side of a connective (none when the side is only a word or two). */
function sideUnits(text: string, units: ReadSentence['units'], from: number, to: number, informative: Informative): Set<string> {
  // A side is a clause with glue ("the model is trained on this"), not a term ("accuracy 99%").
  if (contentLength(text) < (/[\u3400-\u9fff]/.test(text) ? 3 : 2) || !text.split(/[,，;；]/).some(isGlued)) return new Set();
  return new Set(units.filter((u) => u.start >= from && u.end <= to && informative(u.key)).map((u) => u.key.replace(/^!/, '')));
}

/** Two sides connect two ideas when each says something specific the other does not ("team … so … team" does not). */
function connects(a: Set<string>, b: Set<string>): boolean {
  return [...a].some((k) => !b.has(k)) && [...b].some((k) => !a.has(k));
}

/** Content units (Chinese characters + English words) each explanation of a sentence needs. */
const WORDS_PER_EXPLANATION = 15;

/** Explanations of one kind a sentence can add: one, or two in a long sentence of several clauses (Chinese chains claims with commas). */
function perKind(sentence: ReadSentence): number {
  return sentence.shape.size >= 40 ? 2 : 1;
}

/** The explanations of an answer: at most one per kind per sentence (two in long ones), only in statements about the subject. */
export function findExplanations(sentences: readonly ReadSentence[], onTopic: (s: ReadSentence) => boolean, informative: Informative): Explained[] {
  const out: Explained[] = [];
  sentences.forEach((s, i) => {
    if (!s.shape.statement || !onTopic(s)) return;
    // An explanation needs room: a short sentence stuffed with connectives ("首先隔离然后确认，因为
    // 安全和体验要权衡") explains at most once per WORDS_PER_EXPLANATION units.
    const room = Math.max(1, Math.floor(s.shape.size / WORDS_PER_EXPLANATION));
    const before = out.length;
    const lower = s.text.toLowerCase();
    for (const kind of Object.keys(MARKERS) as RelationKind[]) {
      const re = MARKERS[kind];
      re.lastIndex = 0;
      let found = 0;
      for (let m = re.exec(lower); m && found < perKind(s); m = re.exec(lower)) {
        const at = m.index;
        const after = at + m[0].length;
        let left: [number, number] = [0, at];
        let right: [number, number] = [after, lower.length];
        const head = lower.slice(0, at).replace(/[\s,，:：、]+/g, '');
        if (head.length <= 2) {
          // "Because X, Y" / "如果 X，就 Y": the two parts are both after the connective.
          const comma = lower.slice(after).search(/[,，;；]/);
          if (comma > 0) {
            left = [after, after + comma];
            right = [after + comma + 1, lower.length];
          } else if (i > 0 && (kind === 'cause' || kind === 'contrast' || kind === 'sequence')) {
            // "So …", "But …", "Then …" continue the previous sentence.
            const prev = sentences[i - 1];
            const before = sideUnits(prev.text, prev.units, 0, prev.text.length, informative);
            if (connects(before, sideUnits(s.text.slice(right[0]), s.units, right[0], right[1], informative))) {
              out.push({ kind, marker: m[0], sentence: s.text });
              found++;
            }
            continue;
          }
        }
        if (connects(sideUnits(s.text.slice(left[0], left[1]), s.units, left[0], left[1], informative), sideUnits(s.text.slice(right[0], right[1]), s.units, right[0], right[1], informative))) {
          out.push({ kind, marker: m[0], sentence: s.text });
          found++;
        }
      }
    }
    if (out.length - before > room) out.splice(before + room);
  });
  return out;
}
