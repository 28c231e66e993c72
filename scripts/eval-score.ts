// npm run eval:score — on strong/weak answer pairs we wrote (test/fixtures/scoring/pairs.yaml),
// how often the offline scorer ranks the strong answer higher, through the same path a
// diagnosis takes (retrieve the reference, analyse the answer). Exit 1 below the 85% target.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { MIN_REFERENCE_CONFIDENCE } from '../src/core/skills/diagnoseTranscript';
import { createCore, prepareCore } from '../src/core/services';
import { detectLanguage } from '../src/core/transcript/language';
import type { AnswerAnalysis } from '../src/core/llm/offline';

interface Pair { question: string; strong: string; weak: string }

(async () => {
  await prepareCore();
  const core = createCore({ knowledgeDir: path.resolve(__dirname, '..', 'knowledge') });
  const pairs = parse(fs.readFileSync(path.resolve(__dirname, '..', 'test', 'fixtures', 'scoring', 'pairs.yaml'), 'utf8')) as Pair[];
  const ctx = core.context({ caller: 'eval' });
  const score = async (question: string, answer: string, referenceId?: string) => {
    const language = detectLanguage(question + answer);
    const r = await core.tools.execute<AnswerAnalysis>('analyze_content', { question, answer, language, ...(referenceId ? { referenceId } : {}) }, ctx);
    if (!r.success) throw new Error(r.error!.message);
    return r.data!.contentScore;
  };
  let right = 0;
  let tied = 0;
  let referenced = 0;
  for (const p of pairs) {
    const language = detectLanguage(p.question);
    const hit = core.knowledgeBase.search(p.question, { topK: 1, language })[0];
    const ref = hit && hit.confidence >= MIN_REFERENCE_CONFIDENCE ? hit.entry.id : undefined;
    if (ref) referenced++;
    const [s, w] = [await score(p.question, p.strong, ref), await score(p.question, p.weak, ref)];
    const verdict = s > w ? 'ok  ' : s === w ? 'TIE ' : 'FAIL';
    if (s > w) right++;
    else if (s === w) tied++;
    console.log(`${verdict} ${String(s).padStart(3)} vs ${String(w).padStart(3)}  ${ref ?? '(no reference)'}  ${p.question}`);
  }
  const rate = right / pairs.length;
  console.log(`\n${right}/${pairs.length} pairs ranked right (${(rate * 100).toFixed(1)}%), ${tied} tied; ${referenced} had a knowledge-base reference. Target ≥ 85%.`);
  process.exitCode = rate >= 0.85 ? 0 : 1;
})();
