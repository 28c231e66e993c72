/**
 * Sentences of an answer and their shape: whether a sentence states something (a clause with the
 * small words that hold a claim together) or only names things (a list of terms, a fragment).
 * The judge credits statements; a string of terms gets little, whatever terms it holds.
 */

/** A sentence of the answer with its offsets (UTF-16, into the answer text). */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

// Sentence ends: Chinese and full-width marks always; a Latin period, ? or ! before a space or the
// end (so "3.5", "e.g." inside a word and "v1.2" stay whole); line breaks.
const BOUNDARY = /[。！？；!?;\n]+|\.(?=\s|$)|…+/g;

/** Splits text into trimmed, non-empty sentences. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number, next: number) => {
    const raw = text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body.replace(/[\s\p{P}]/gu, '') !== '') out.push({ text: body, start: from + lead, end: from + lead + body.length });
    from = next;
  };
  for (const m of text.matchAll(BOUNDARY)) push(m.index! + m[0].length, m.index! + m[0].length);
  push(text.length, text.length);
  return out;
}

// Words that hold an English clause together: determiners, pronouns, auxiliaries, prepositions.
// "and"/"or" are left out (a list joins its items with them), and so are the connectives a judge
// is tempted to reward ("because", "so", "then", "first"): glue is what is left when those are gone.
const EN_FUNCTION = new Set((
  'the a an this that these those it its we our us i my me you your they their them he she his her ' +
  'is are was were be been being do does did done have has had will would can could should may might must ' +
  'to of in on at for with by from into onto over under which who what how ' +
  'not no there each every any some all only just also about as up out back until ' +
  'where whether per via whatever whenever both either neither let ' +
  "it's that's we're we've we'd i'm i've i'd don't doesn't didn't isn't aren't can't won't wouldn't shouldn't"
).split(' '));

// Small words of a Chinese clause (particles, pronouns, prepositions, auxiliaries, adverbs, linkers).
// 和/与/及/、 are left out for the same reason as "and".
// Single characters that also sit inside content words (时 in 超时, 过 in 过滤, 等 in 等待) are
// left out: technical Chinese is dense, and a false "glue" would make a list look like a claim.
// Connectives (因为, 所以, 然后, 先, 再…) are left out, as in English, and so are the characters
// of common content words (要 in 摘要, 会 in 会话, 由 in 路由, 更 in 更新).
const ZH_FUNCTION = /的|了|是|(?<![存现正实内外潜所])在|把(?!握)|被|(?<![机社开])会(?!话)|就|(?<![摘需重主必概纲])要|让|给|(?<![核针反相绝])对(?![比齐象话应])|从|而(?!已)|也|都|(?<!还)还(?!原)|(?<![性功智可技本])能(?![力够])|可以|我们|它|这|那|才|又|只(?!读)|不|没|很|更(?!新)|最|(?<![对类占排])比(?![例较])|跟(?!踪)|将|(?<![路理自])由|你|(?<!自)我|他|她|怎么|什么|其实|并且|用来|通过|根据|当/g;

const LIST_SEPARATOR = /[,，、/|;；]|\s+(?:and|or|&)\s+|\s*(?:和|与|及|以及|或者|或)\s*/;

function englishWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9'_-]*/g) ?? [];
}

function cjkCount(text: string): number {
  return text.match(/[\u3400-\u9fff]/g)?.length ?? 0;
}

/** How much a piece of text says, in content units: Chinese characters plus English words. */
export function contentLength(text: string): number {
  return cjkCount(text) + (text.match(/[A-Za-z0-9]+/g)?.length ?? 0);
}

/** A common verb of the domain opening a stretch, followed by at least two words. */
const EN_IMPERATIVE = /^(?:use|disable|enable|raise|lower|add|set|cap|limit|validate|check|retry|store|cache|send|return|run|call|log|track|measure|split|chunk|embed|index|rerank|filter|route|redact|mask|encrypt|isolate|sandbox|confirm|require|keep|drop|remove|delete|write|read|stream|batch|queue|propagate|render|handle|reject|block|allow|pin|deploy|test|evaluate|compare|monitor|alert|degrade|fine-tune|train|distill|quantize|ground|cite|refuse|verify|dedupe|deduplicate|commit|acknowledge|persist|replicate|expire|invalidate|truncate|summarize|summarise|compress|retrieve|fetch|parse|escape|sanitize|review|approve|escalate)\s+\S+\s+\S+/i;

/** A common verb of the domain followed by its object (two or more characters) in the same stretch. */
const ZH_VERB_OBJECT = /(?:加上?|做|用|设置?|调用|调整|调高|调低|提交|去重|保证|校验|检查|执行|返回|存到|存入|存进|写入|写到|读取|删除|删掉|改成|改为|换成|拆成|拆分|切成|合并|过滤|排序|召回|检索|缓存|重试|拒绝|确认|隔离|限制|开启|打开|关闭|记录|监控|上线|回滚|部署|训练|微调|蒸馏|量化|压缩|抽取|生成|传给|传入|发给|发送|放到|放进|塞进|塞到|引入|接入|识别|检测|脱敏|加密|审计|评估|测试|对比|拦截|降级|熔断|扩容|要求|允许|禁止|降低|提高|减少|增加)[^、，,。；;]{2,}/;

/** Units from which a Chinese stretch without particles still reads as a clause rather than a term. */
const ZH_CLAUSE_LENGTH = 9;

/** Whether a stretch of text (a clause between commas) has the glue of a claim, not just terms. */
export function isGlued(segment: string): boolean {
  const cjk = cjkCount(segment);
  const words = englishWords(segment);
  // An enumeration of short items ("tenant_id、ACL、元数据过滤、最小权限") is terms, whatever small
  // words sit inside its items (最 in 最小权限).
  const items = segment.split(/[、]/).map((x) => contentLength(x)).filter((n) => n > 0);
  if (items.length >= 3 && items.filter((n) => n <= 8).length / items.length >= 0.6) return false;
  if (cjk > words.length) {
    if ((segment.match(ZH_FUNCTION) ?? []).length >= 1) return true;
    // Terse technical Chinese drops particles ("消费端处理完业务再手动提交 offset"): a long stretch
    // that is not an enumeration (items between 、) still reads as a clause, and so does a verb
    // with its object after it ("生产端 ack 加重试", "用消息 ID 去重"), where a term puts the object
    // first ("重复检测", "参数校验").
    if (!segment.includes('、') && contentLength(segment) >= 5 && ZH_VERB_OBJECT.test(segment)) return true;
    const items = segment.split(/[、和与及/]/).filter((x) => contentLength(x) > 0);
    return contentLength(segment) >= ZH_CLAUSE_LENGTH && items.every((x) => contentLength(x) >= ZH_CLAUSE_LENGTH);
  }
  // An imperative with its object ("disable proxy buffering", "raise the timeouts") is a claim
  // about what to do even without function words.
  return words.length >= 3 && (words.some((w) => EN_FUNCTION.has(w)) || EN_IMPERATIVE.test(segment.trim()));
}

/**
 * Share of an answer's content (0–1) in stretches without glue: terms strung together with commas
 * and full stops. Candidates' own answers stay under about a quarter; lists of key terms, even with
 * "because" and a number, are mostly above a third.
 */
export function telegraphicShare(text: string): number {
  let total = 0;
  let bare = 0;
  for (const seg of text.split(/[，,；;:：。.!?！？\n()（）]+/)) {
    const n = contentLength(seg);
    total += n;
    if (n > 0 && !isGlued(seg)) bare += n;
  }
  return total === 0 ? 0 : bare / total;
}

/** The shape of one sentence. */
export interface SentenceShape {
  /** Content units (Chinese characters + English words). */
  size: number;
  /** Share of the size made of function words (0–1). */
  functionShare: number;
  /** A list of short items with few or no function words ("Validate, execute, return result."). */
  listLike: boolean;
  /** Reads as a claim: a clause of some size held together by function words, not a list or a fragment. */
  statement: boolean;
}

/** Whether a sentence states something or only names terms. */
export function shapeOf(text: string): SentenceShape {
  const words = englishWords(text);
  const enFunction = words.filter((w) => EN_FUNCTION.has(w)).length;
  const cjk = cjkCount(text);
  const zhFunction = cjk > 0 ? (text.match(ZH_FUNCTION) ?? []).reduce((n, m) => n + m.length, 0) : 0;
  const size = cjk + words.length;
  const functionShare = size === 0 ? 0 : (enFunction + zhFunction) / size;
  const items = text.split(LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean);
  const shortItems = items.filter((s) => contentLength(s) <= (cjkCount(s) > 0 ? 7 : 3)).length;
  const chinese = cjk > words.length;
  const zhGlue = chinese ? (text.match(ZH_FUNCTION) ?? []).length : 0;
  const listLike = items.length >= 3 && shortItems / items.length >= 0.6 && (chinese ? zhGlue === 0 : functionShare < 0.2);
  // A claim needs a few units and, for most of its length, clauses rather than bare terms (see
  // isGlued); English may also pass on its share of function words.
  const glued = 1 - telegraphicShare(text);
  const enough = chinese ? size >= 6 && glued >= 0.5 : size >= 4 && (functionShare >= 0.15 || glued >= 0.5);
  return { size, functionShare, listLike: listLike && glued < 0.5, statement: enough && !(listLike && glued < 0.5) };
}
