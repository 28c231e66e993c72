// The description linter. A model picks a skill (and fills output_schema) from descriptions
// alone, so a skill's description should say three things: what it does (a verb and its
// object), when to use it, and when not to (the neighbouring inputs that belong to another
// skill). A property of output_schema needs a description that tells the model what to put
// there; "the name" or "data" does not. English and Chinese. Heuristics, tuned to stay quiet on
// any description that has the part: a warning that is wrong teaches people to ignore warnings.

import type { DescriptionPart } from './problems';

const CJK = (c: string) => (c >= '\u3400' && c <= '\u9fff') || (c >= '\uf900' && c <= '\ufaff');
const LETTER = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** Lowercase English words (with ' and -) and single CJK characters, in order. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const t = text.replace(/[\u2018\u2019]/g, "'");
  while (i < t.length) {
    const c = t[i];
    if (LETTER(c)) {
      const start = i;
      while (i < t.length && (LETTER(t[i]) || ((t[i] === "'" || t[i] === '-') && i + 1 < t.length && LETTER(t[i + 1])))) i++;
      out.push(t.slice(start, i).toLowerCase());
      continue;
    }
    if (CJK(c)) out.push(c);
    i++;
  }
  return out;
}

const SENTENCE_END = new Set(['.', '!', '?', ';', '\n', '。', '！', '？', '；']);
const CLAUSE_END = new Set([...SENTENCE_END, ',', ':', '，', '：', '、', '(', ')', '（', '）']);

/** Pieces of text between the given separators (a "." inside a word, as in "e.g." or a URL, does not end one). */
function split(text: string, ends: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!ends.has(text[i])) continue;
    if (text[i] === '.' && i + 1 < text.length && !/\s/.test(text[i + 1])) continue;
    out.push(text.slice(start, i));
    start = i + 1;
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Words that start a sentence without saying what the skill does. */
const NOT_A_VERB = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'it', 'its', 'it\'s', 'my', 'our', 'your', 'his', 'her', 'their',
  'skill', 'skills', 'tool', 'tools', 'helper', 'plugin', 'for', 'when', 'whenever', 'if', 'use', 'uses', 'used', 'using',
  'not', 'no', 'don\'t', 'do', 'does', 'never', 'only', 'just', 'here', 'some', 'any', 'all', 'every', 'each', 'with',
  'about', 'in', 'on', 'of', 'from', 'by', 'as', 'is', 'was', 'are', 'be', 'has', 'have', 'i', 'we', 'you', 'they',
  'yes', 'thus', 'plus', 'less', 'always', 'sometimes', 'perhaps', 'news', 'series', 'status', 'various', 'previous',
]);

/**
 * Verbs a description often starts with, in the base form (an imperative); third-person forms
 * ("Extracts", "Keeps") are recognised by their -s.
 */
const VERBS = new Set([
  'add', 'analyse', 'analyze', 'answer', 'archive', 'ask', 'assess', 'attach', 'book', 'break', 'build', 'calculate',
  'capture', 'check', 'choose', 'classify', 'clean', 'coach', 'collect', 'compare', 'compute', 'convert', 'copy', 'count',
  'create', 'critique', 'define', 'delete', 'describe', 'detect', 'diagnose', 'draft', 'edit', 'email', 'enrich',
  'estimate', 'evaluate', 'explain', 'export', 'extract', 'fetch', 'file', 'fill', 'find', 'fix', 'format', 'generate',
  'get', 'give', 'grade', 'group', 'help', 'identify', 'import', 'index', 'keep', 'label', 'link', 'list', 'log', 'look',
  'make', 'map', 'mark', 'match', 'measure', 'merge', 'monitor', 'move', 'normalise', 'normalize', 'note', 'notify',
  'organise', 'organize', 'outline', 'parse', 'pick', 'plan', 'practise', 'practice', 'prepare', 'prioritise',
  'prioritize', 'pull', 'put', 'rank', 'rate', 'read', 'recommend', 'record', 'register', 'remind', 'remove', 'render',
  'reply', 'report', 'respond', 'review', 'rewrite', 'route', 'run', 'save', 'scan', 'schedule', 'score', 'search',
  'select', 'send', 'set', 'show', 'sort', 'split', 'store', 'structure', 'suggest', 'summarise', 'summarize', 'sync',
  'tag', 'take', 'test', 'track', 'train', 'transcribe', 'transform', 'translate', 'turn', 'update', 'upload', 'validate',
  'verify', 'write',
]);

function isVerb(word: string): boolean {
  if (NOT_A_VERB.has(word)) return false;
  if (VERBS.has(word)) return true;
  // "Extracts", "Keeps", "Logs", "Summarizes", "Classifies"; "Extracting"; not "class" or "status".
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return true;
  return word.length > 5 && word.endsWith('ing');
}

/** Chinese openings that are about the skill, not what it does. */
const ZH_NOT_WHAT = ['这是', '这个', '一个', '本技能', '该技能', '技能', '当', '如果', '不', '请勿', '仅', '只'];

/** Phrases (as word sequences) that say when not to use a skill. */
const NOT_FOR_PHRASES = [
  'not for', 'not to', 'not meant', 'not intended', 'not suitable', 'not when', 'not on', 'not used', 'not use',
  "don't", 'do not', 'does not', "doesn't", 'rather than', 'other than', 'only for', 'only when', 'only if', 'only on',
].map((p) => ` ${p} `);
const NOT_FOR_WORDS = new Set(['never', 'avoid', 'instead', 'unless', 'except', 'excluding']);
const ZH_NOT_FOR = ['不用于', '不适用', '不适合', '不要', '请勿', '勿用', '不是', '不处理', '不能', '而非', '而不是', '除了', '仅用于', '只用于', '仅适用', '只适用', '不包括', '别用'];

/** Words and phrases that say when to use a skill. */
// Not "before" or "after": "a reminder before the deadline" says nothing about when to use the skill.
const WHEN_WORDS = new Set(['when', 'whenever', 'if', 'use', 'used']);
const ZH_WHEN = ['用于', '适用', '使用', '用来', '当', '如果', '时', '遇到', '场景', '情况'];

const joinWords = (ws: readonly string[]) => ` ${ws.join(' ')} `;

function saysNotFor(clause: string): boolean {
  const words = tokens(clause).filter((w) => !CJK(w));
  const line = joinWords(words);
  return NOT_FOR_PHRASES.some((p) => line.includes(p)) || words.some((w) => NOT_FOR_WORDS.has(w)) || ZH_NOT_FOR.some((p) => clause.includes(p));
}

/** The parts a skill description lacks (empty when it says what, when and when not). */
export function missingDescriptionParts(description: string): DescriptionPart[] {
  const missing: DescriptionPart[] = [];
  const first = split(description, SENTENCE_END)[0] ?? '';
  const firstTrim = first.trimStart();
  if (firstTrim && CJK(firstTrim[0])) {
    const chars = [...firstTrim].filter(CJK).length;
    if (chars < 4 || ZH_NOT_WHAT.some((p) => firstTrim.startsWith(p))) missing.push('what');
  } else {
    const words = tokens(first).filter((w) => !CJK(w));
    const verbAt = words[0] === 'to' ? 1 : 0;
    // A verb and at least one word after it (its object), or a CJK part right after the verb.
    const objectFollows = words.length > verbAt + 1 || [...first].some(CJK);
    if (!(words.length > verbAt && isVerb(words[verbAt]) && objectFollows)) missing.push('what');
  }
  const clauses = split(description, CLAUSE_END);
  const positive = clauses.filter((c) => !saysNotFor(c));
  const when = positive.some((c) => {
    const words = tokens(c).filter((w) => !CJK(w));
    return words.some((w) => WHEN_WORDS.has(w)) || ZH_WHEN.some((p) => c.includes(p));
  });
  if (!when) missing.push('when');
  if (!clauses.some(saysNotFor)) missing.push('not-for');
  return missing;
}

/** Descriptions that tell a model nothing about what to put in a field. */
const GENERIC = new Set([
  'data', 'info', 'information', 'value', 'values', 'string', 'text', 'name', 'field', 'number', 'integer', 'boolean',
  'bool', 'list', 'array', 'object', 'id', 'todo', 'tbd', 'n/a', 'na', 'none', 'description', 'details', 'stuff',
  'result', 'results', 'output', 'item', 'items', 'thing', 'things', 'content', 'misc', 'other', 'property', 'key',
  '数据', '信息', '名称', '名字', '字段', '值', '文本', '字符串', '内容', '结果', '描述', '其他',
]);

/**
 * Why a property description is too vague to guide a model, or undefined when it is fine: it is
 * a generic word, only repeats the property's name, or is a single word.
 */
export function vagueDescriptionReason(property: string, description: string): string | undefined {
  let plain = description.trim().toLowerCase();
  while (plain && '.。!！:：'.includes(plain[plain.length - 1])) plain = plain.slice(0, -1).trimEnd();
  const words = tokens(plain);
  const english = words.filter((w) => !CJK(w));
  const meaningful = english[0] === 'the' || english[0] === 'a' || english[0] === 'an' ? english.slice(1) : english;
  const cjk = words.filter(CJK).length;
  const bare = meaningful.join(' ');
  const nameWords = tokens(property.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')).join(' ');
  if (GENERIC.has(bare) || GENERIC.has(plain)) return 'it is a generic word';
  if (cjk === 0 && bare === nameWords) return 'it only repeats the property name';
  if (cjk < 3 && meaningful.length < 2) return 'it is a single word';
  return undefined;
}
