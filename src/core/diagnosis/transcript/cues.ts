/**
 * What a piece of speech reads like: a question, small talk, a backchannel ("嗯", "OK"), a
 * clarifying question asked back. Role inference and the Q&A splitter lean on these; they
 * are deliberately simple, explainable rules in both languages.
 */

// Every pattern here runs on whole turns of the user's file, so none may backtrack more than
// linearly: no two loops that can take the same characters next to each other (`\s*x*\s*` gave
// "?" and 50,000 spaces ten seconds), no loop inside a loop over the same characters.
// test/unit/regexLinear.test.ts checks each of them on attack strings.
const QUESTION_END = /[?？]\s*(?:["'”’」)）]+\s*)?$/;
const TAG_QUESTION = /(?:对吧|是吧|对不对|是不是|好吧|right|yeah|you know|ok|okay|correct)\s*[?？]\s*$/i;
const ASK_START_ZH = /^(?:那|好的?[，,。]?(?:\s*那)?|嗯[，,]?(?:\s*那)?|接下来|下面|然后|我们(?:来|先|再)?|先|首先|最后|再)?\s*(?:请你?|麻烦你?|你能|你可以|能不能|能否|可以|说说|说一下|讲讲|讲一下|谈谈|聊聊|介绍一下|简单介绍|做个|做一下|解释一下|描述一下|分享一下|举个例子|如果让你|假如|假设|你会怎么|你怎么|怎么(?!说呢)|如何|为什么|为啥|什么是|什么叫|哪些|有哪些|你觉得|你认为|你们是怎么|你们怎么|你有没有|有没有|在你|你之前|你最近|你做过|你了解|你知道|你用过|你对)/;
const ASK_START_EN = /^(?:(?:ok(?:ay)?|alright|great|cool|good|right|so|and|now|next|thanks?|let'?s move on)[,.!]?\s+)*(?:tell me|can you|could you|would you|will you|please|walk me through|explain|describe|talk (?:me )?(?:about|through)|give me|share|introduce yourself|how (?:do|does|did|would|will|can|could|is|are|should|many|much|long|often)\b|what(?:'s| is| are| was| were| do| does| did| would| will| happens| if| kind| type| are| makes)\b|why (?:do|does|did|would|is|are|not|should|did)\b|when (?:do|does|did|would|should|is)\b|which\b|where (?:do|does|did|would|is)\b|have you|has your|do you|did you|are you|were you|is there|suppose|imagine|let'?s say|say you|if you (?:had|were|could|need))/i;
const SELF_INTRO = /自我介绍|introduce yourself|tell me (?:a bit |a little )?about yourself/i;
const INTERROGATIVE = /什么|怎么|如何|为什么|哪些|哪个|多少|是否|吗|呢|\b(?:what|how|why|which|when|where|who)\b/i;

const SMALL_TALK = /(?:^|[，,。.!！\s])(?:你好|您好|欢迎|hello(?![a-z])|hi(?![a-z])|hey(?![a-z])|welcome|good (?:morning|afternoon|evening)|(?:nice|great|good|glad|pleased|lovely) to (?:meet|see)|很高兴|听得[到见]|听到我|能听[见到]|can you hear|hear me|how are you|how'?s it going|how was your|thanks? (?:you )?for (?:joining|coming|your time|taking|making)|谢谢你?(?:抽时间|参加|来)|等一下|稍等|开始吧|let'?s (?:get )?start|shall we (?:get )?start|我是今天的面试官|I'?m .{0,30} (?:and I'?ll be|interviewing)|我先介绍一下)/i;
const CLOSING = /(?:你有什么(?:问题|想问)|你还有什么(?:问题|想问|要问)|有什么想问我|any questions for (?:me|us)|anything you'?d like to ask|今天(?:就)?(?:先)?到这里|that'?s all (?:I have|from me|for today)|we'?re (?:out of|about out of) time|后续(?:HR|hr|人事)?会(?:联系|通知)|we'?ll be in touch)/i;
const CLARIFY = /^(?:(?:嗯|呃|额|那个|就是)[，,]?\s*)?(?:[你您](?:是说|是指|指的是|的意思是)|是指|意思是|是说|就是说.{0,30}[吗嘛]|我确认一下|确认一下|想确认|do you mean|you mean|are you asking|by .{1,30} do you mean|just to (?:clarify|confirm)|to clarify|should i (?:assume|focus)|is (?:this|that) (?:about|for|in)|can i assume|are we talking about)/i;
// What a candidate says before asking back ("Before I answer:", "Sorry, just so I understand —",
// "我想先确认一下，"): with a question after it, the turn pins the question down.
const CLARIFY_LEAD = /^(?:(?:sorry(?: to interrupt)?|quick question|one question|before I (?:answer|start|begin|dive in|go on)|just (?:so|to make sure) I(?:'m| am)? (?:understand|clear|get (?:it|this|that) right)|so I understand|to make sure I understand|just to be (?:sure|clear)|(?:can|may|could) I (?:ask|check)(?: something| one thing)?|不好意思|抱歉|我(?:想)?(?:先)?(?:确认|问)一下|先(?:确认|问)一下|想(?:先)?(?:确认|问)一下|我有个问题)\s*[,，:：—–-]?\s*)+/i;
// Openers before the first question ("Before we dig in", "To start", "那我们直接开始", "我们先从项目开始吧").
const OPENING = /^(?:(?:and|so|ok(?:ay)?|alright|now|well)[,\s]+)?(?:before we (?:dig in|get (?:into it|going|started)|start|begin|jump in)|to (?:start|begin|kick (?:things |it )?off)(?: with)?|first(?:ly| of all| off)?|to begin with|as a warm-?up|for (?:the|our|my) first (?:question|one|topic)|let'?s (?:start|begin|get started|kick off|dive in|dig in|jump (?:right )?in)(?: then| now)?)$|^(?:那|好|好的|嗯)?(?:我们)?(?:就|先|现在)?(?:直接)?(?:开始(?:吧|面试吧?)?|进入正题吧?|从.{1,20}开始吧?|开始之前|第一个问题|首先|热身一下)$/i;
// Thanks or a short verdict on the last answer ("Thanks, that's clear.", "好的，了解了。"), said before moving on.
const ACKNOWLEDGEMENT = /^(?:ok(?:ay)?|alright|great|good|nice|cool|perfect|excellent|thanks?|thank you|got it|i see|makes sense|fair enough|(?:that'?s|that is|it'?s|sounds|very|really) ?(?:very |really )?(?:clear|helpful|great|good|interesting|useful|fair|reasonable|right)|好的?|行|不错|很好|明白了?|了解了?|谢谢|(?:很|非常|挺|比较)?(?:清楚|清晰|有意思|有道理|合理))$/i;
// A run such as "嗯嗯嗯" is taken whole ((?!嗯) after it): split over the loop's rounds it could
// be read in 2^n ways, and a 30-character "嗯嗯…x" took seconds.
const BACKCHANNEL = /^(?:嗯+(?!嗯)|嗯哼|哦+(?!哦)|噢|啊|对+(?!对)|是的?|好+(?!好)的?|ok(?:ay)?|mm+-?hm+|uh-?huh|right|sure|yes|yeah|yep|got it|i see|great|cool|明白了?|了解了?|理解|可以|没问题|继续|请继续|go on|please continue|continue|interesting|nice)[。.!！,， ]*(?:(?:嗯+(?!嗯)|对+(?!对)|好+(?!好)的?|ok(?:ay)?|right|sure|yes|yeah|got it|i see|继续|请继续|go on|please continue)[。.!！,， ]*)*$/i;

function stripLeadingNoise(text: string): string {
  return text.replace(/^[\s"'“‘「(（\-–—*>]+/, '');
}

/** Last sentence of a turn (questions usually come last). */
function lastSentence(text: string): string {
  const t = text.trim();
  const parts = t.split(/(?<=[。.!！?？])\s*/).filter((p) => p.trim() !== '');
  return parts[parts.length - 1] ?? t;
}

function length(text: string): number {
  // A counting loop, not regex matches: this runs on every turn of transcripts of many MB.
  let cjk = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x3400 && c <= 0x9fff) cjk++;
    const latin = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (latin && !inWord) words++;
    inWord = latin;
  }
  return cjk + words * 2;
}

const asksAtStart = (s: string) => ASK_START_ZH.test(s) || ASK_START_EN.test(s) || SELF_INTRO.test(s);

/**
 * A clause that only greets, opens, moves on or acknowledges: what comes before a question, not
 * part of it. Cheap anchored tests first: this runs on the first clause of most turns.
 */
function isLeadClause(clause: string): boolean {
  // Callers cut clauses at their marks, so only spaces remain around them.
  const c = clause.trim();
  if (c === '') return true;
  const n = length(c);
  if (n > 30) return false;
  if (BACKCHANNEL.test(c) || OPENING.test(c) || ACKNOWLEDGEMENT.test(c)) return true;
  if (n > 16) return false;
  // "can you hear me" is small talk although it opens like an ask.
  if (SMALL_TALK.test(c)) return !SELF_INTRO.test(c);
  return isTransition(c) && !asksAtStart(c);
}

const CLAUSE_MARK = /[，,:：;；—–]/g;
const CLAUSE_OR_SENTENCE_MARK = /[，,:：;；—–。.!！?？]/g;

/** A sentence without its leading lead-in clauses ("Before we dig in, walk me…" → "walk me…"); unchanged when none. */
function withoutLeadClauses(sentence: string): string {
  let from = 0;
  for (let k = 0; k < 3; k++) {
    // Lead-ins are short: a clause mark past the first 40 characters ends the search at once.
    CLAUSE_MARK.lastIndex = from;
    const mark = CLAUSE_MARK.exec(sentence);
    if (!mark || mark.index - from > 40 || !isLeadClause(sentence.slice(from, mark.index))) break;
    from = mark.index + 1;
  }
  return from === 0 ? sentence : sentence.slice(from).trimStart();
}

/** Score of how much a piece of speech reads like an interviewer's question (≥ 1.5: a question). */
export function questionScore(text: string): number {
  const t = stripLeadingNoise(text.trim());
  if (t === '') return 0;
  let score = 0;
  const last = lastSentence(t);
  const firstSentence = t.split(/(?<=[。.!！?？])\s*/)[0] ?? t;
  const len = length(t);
  const endsWithQuestion = QUESTION_END.test(t);
  if (endsWithQuestion) score += 2;
  else if (/[?？]/.test(t)) score += 0.5;
  if (TAG_QUESTION.test(t)) score -= 1.5;
  // "Before we dig in, walk me through…", "那我们直接开始，先介绍一下…": the ask follows an opener.
  const asks = (s: string) => {
    if (asksAtStart(s)) return true;
    const rest = withoutLeadClauses(s);
    return rest !== s && asksAtStart(rest);
  };
  // An ask in the last sentence is the question; one in the first counts only in short turns,
  // so an answer that opens with "为什么要这么做？因为……" stays an answer.
  if (asks(last)) score += 1.5;
  else if (asks(firstSentence) && (endsWithQuestion || (len <= 80 && !/[?？]/.test(t)))) score += 1;
  if (INTERROGATIVE.test(last)) score += 0.5;
  if (len > 400) score -= 2;
  else if (len > 200) score -= 1;
  return score;
}

/** Reads as a question or an ask ("Tell me about…", "说说…"). */
export function isQuestionLike(text: string): boolean {
  return questionScore(text) >= 1.5;
}

/** Greeting, audio check or introductions before the interview starts. */
export function isSmallTalk(text: string): boolean {
  if (length(text) >= 120 || !SMALL_TALK.test(text) || SELF_INTRO.test(text)) return false;
  // "你好，先请你讲一个项目？": the greeting is small talk, the rest is the first question.
  const rest = text.split(/(?<=[。.!！?？，,])\s*/).filter((s) => !SMALL_TALK.test(s)).join('');
  return length(rest) < 6 || !isQuestionLike(rest);
}

/**
 * Nothing but greetings, openers, transitions and thanks ("Great." "Let's start." "你好，欢迎来面试。"
 * "Thanks, that's clear."): a cue or line that leads into a question without being part of it.
 */
export function isLeadIn(text: string): boolean {
  const t = stripLeadingNoise(text.trim());
  if (length(t) > 40) return false;
  let from = 0;
  while (from < t.length) {
    CLAUSE_OR_SENTENCE_MARK.lastIndex = from;
    const mark = CLAUSE_OR_SENTENCE_MARK.exec(t);
    const end = mark ? mark.index : t.length;
    if (!isLeadClause(t.slice(from, end))) return false;
    from = end + 1;
  }
  return true;
}

/** The interviewer wrapping up ("Do you have any questions for us?"); not a technical question. */
export function isClosing(text: string): boolean {
  return CLOSING.test(text);
}

/** The candidate asking back to pin the question down ("你是指…吗？", "Do you mean…?", "Before I answer: is it…?"). */
export function isClarifyingQuestion(text: string): boolean {
  const t = stripLeadingNoise(text.trim());
  if (length(t) > 80) return false;
  if (CLARIFY.test(t)) return true;
  const rest = t.replace(CLARIFY_LEAD, '');
  if (rest !== t && (QUESTION_END.test(rest) || CLARIFY.test(rest))) return true;
  // Short alternatives asked back: "生产端还是消费端？", "the retriever or the whole pipeline?"
  return QUESTION_END.test(t) && length(t) <= 30 && (/^(?:是|就是|包括|包含|只|也)[^？?]*[吗呢][？?]$/.test(t) || /还是/.test(t) || /^(?:the|a|an|is it|only|both)\b.* or /i.test(t));
}

/**
 * A question put back to the interviewer in any wording: short and ending in a question mark
 * ("Before launch or while the sale is running?"), not a check-in tag ("…, right?"). Only a
 * clarification when it comes before the answer; the splitter checks that.
 */
export function isAskedBack(text: string): boolean {
  const t = text.trim();
  return QUESTION_END.test(t) && !TAG_QUESTION.test(t) && length(t) <= 40;
}

/** A short acknowledgement that does not take the floor ("嗯", "OK", "Right, go on"). */
export function isBackchannel(text: string): boolean {
  const t = text.trim();
  return t !== '' && length(t) <= 12 && BACKCHANNEL.test(t);
}

/** A short reply confirming or correcting ("对，就是网关层。", "Yes, the write path."). */
export function isShortReply(text: string): boolean {
  return !isQuestionLike(text) && length(text) <= 60;
}

/** Interviewer moving on ("好，下一个问题。", "Let's move on."); a line that belongs to the next question. */
export function isTransition(text: string): boolean {
  return length(text) <= 40 && /下一个问题|下个问题|换个话题|我们(?:再)?(?:来)?(?:聊|看|说)|接下来|next question|moving on|let'?s (?:move on|switch|talk about|turn to|start|get started|begin)|我们开始吧|开始吧|another (?:question|topic)|^(?:好的?|ok(?:ay)?|great|thanks?|thank you|alright|cool)[。.!！,， ]*$/i.test(text.trim());
}

/** Size of a text in words (an English word or a Chinese character counts as one unit, words double). */
export function speechLength(text: string): number {
  return length(text);
}
