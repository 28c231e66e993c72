/**
 * Practicality evidence: concrete claims. A number counts when the sentence says what it measured
 * (latency, recall, cost, requests…), more when it reports a change ("from 800 ms to 200 ms",
 * "降到 0"); a decision counts when someone ("we", "I", "our team") chose or changed something
 * specific; an incident when it names what broke. "We measured 30%" says nothing measured.
 */
import type { ReadSentence } from './reading';
import { isGlued } from './sentences';

/** One concrete claim found in the answer. */
export interface ConcreteClaim {
  kind: 'measurement' | 'change' | 'decision' | 'incident' | 'number';
  sentence: string;
}

const NUMBER = /\d+(?:\.\d+)?\s*(?:%|percent|ms\b|毫秒|秒|s\b|seconds?|minutes?|分钟|hours?|小时|天|days?|k\b|m\b|x\b|倍|万|亿|千|百|gb|mb|tb|tokens?|qps|rps|tps|\$)?|(?:[两三四五六七八九十百千万亿几][一二两三四五六七八九十百千万亿几]*|一[十百千万亿][一二两三四五六七八九十百千万亿]*)(?:来|多|余)?(?:个|条|次|倍|万|秒|毫秒|分钟|小时|天|周|月|年|成|%|人|行|步|轮|份|家|层|种|位|名|套|台|张)|百分之[一二三四五六七八九十]+|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozen|a few hundred|a couple of)\s+(?:[a-z-]+\s+)?(?:ms|milliseconds|seconds|minutes|hours|days|weeks|turns|steps|retries|tries|times|calls|requests|tokens|documents|docs|chunks|tools|agents|users|people|engineers|examples|cases|tests|queries|percent|k|x)\b|\bhalf\b|\bdouble\b|\btwice\b|一半|翻倍|(?<=降到了?|减到了?|降为)零/gi;
const MEASURED = /latenc|p50|p90|p95|p99|response time|throughput|qps|recall|precision|accuracy|hit rate|error rate|failure rate|success rate|pass rate|cost|bill|spend|dollars?|\$|tokens?|users?|requests?|calls?|queries|documents?|docs|chunks?|tickets?|incidents?|complaints?|samples?|examples?|cases|items|tests?|rows|records|messages|gpus?|memory|size|time|minutes|seconds|hours|days|percent|score|f1|ndcg|mrr|auc|延迟|时延|耗时|响应|吞吐|召回|准确率|精度|精确率|命中率|错误率|失败率|成功率|通过率|成本|费用|花费|账单|token|用户|请求|调用|查询|文档|切块|工单|事故|投诉|样本|用例|条数|记录|消息|显存|内存|大小|时间|分数|指标|效率|比例|占比/i;
const CHANGE = /\bfrom\b.{1,40}\bto\b|dropp(?:ed|ing)|fell|went (?:down|up)|cut|reduc|lower(?:ed)?|improv|increas|rais|doubl|halv|saved|grew|jumped|降到|降低|降了|下降|减少|减到|提升|提高|涨到|增加|从.{1,20}(?:到|降|提|涨)|翻倍|节省|省了|少了|多了/i;
const ACTOR = /\b(?:we|i|our team|my team|our|the team)\b|我们|我|团队|组里|我这边/i;
const DECISION = /\b(?:chose|chosen|choose|picked|went with|switched|moved (?:to|from)|replaced|decided|settled on|ended up|introduced|added|built|set up|set|capped|cap|caps|limited|limit|migrated|rewrote|dropped|removed|adopted|rolled out|put in|wrapped|pinned|pin|switch|moved|started using|stopped using|turned off|turned on|enabled|disabled|split|merged)\b|选了|选择了|选用|改成|换成|改用|换了|换掉|重写|钉到|固定到|决定|最后用|最终用|最终采用|引入|加了|加上|上了|设了|设置了|做了|搭了|迁到|迁移|去掉|拿掉|限制了|规定/i;
const INCIDENT = /\b(?:incident|outage|went down|broke|bug|post-?mortem|root cause|paged|leak(?:ed)?|blew up|melted)\b|故障|事故|挂了|宕机|踩坑|踩过|出过问题|复盘|根因|报警|告警|泄露|炸了/i;

/** Concrete claims of statement sentences that touch the subject (at most one per kind per sentence). */
export function findConcreteClaims(sentences: readonly ReadSentence[], onTopic: (s: ReadSentence) => boolean): ConcreteClaim[] {
  const out: ConcreteClaim[] = [];
  for (const s of sentences) {
    if (!s.shape.statement) continue;
    const text = s.text;
    // A number counts inside a clause ("latency dropped from 800 ms to 200 ms"), not as a bare
    // figure between commas ("92% pass rate", "循环率降低 80%").
    const clauses = text.split(/[，,；;:：]/).filter((c) => isGlued(c));
    const numbers = clauses.flatMap((c) => [...c.matchAll(NUMBER)]).filter((m) => m[0].trim() !== '' && !/^\d{4}$/.test(m[0].trim()));
    const topic = onTopic(s);
    if (numbers.length > 0) {
      // A change ("dropped from 20 to zero") says what moved; otherwise the sentence must name what was counted.
      if (topic && CHANGE.test(text)) out.push({ kind: 'change', sentence: text });
      else if (topic && MEASURED.test(text)) out.push({ kind: 'measurement', sentence: text });
      else out.push({ kind: 'number', sentence: text });
    }
    if (topic && ACTOR.test(text) && DECISION.test(text)) out.push({ kind: 'decision', sentence: text });
    if (topic && INCIDENT.test(text) && s.shape.size >= 8) out.push({ kind: 'incident', sentence: text });
  }
  return out;
}
