/**
 * The offline answer to "what is X?": the knowledge base's expert answer to the closest question,
 * when retrieval is confident it is the same question; otherwise the closest entries and no
 * invented answer. It is what `ask` runs without a model for a question about a concept.
 */
import { REFERENCE_THRESHOLD } from '../../diagnosis/knowledge/confidence';
import type { KnowledgeHitSummary } from '../tools/queryKnowledgeBase';
import { detectLanguage } from '../../text/language';
import { call } from '../../calls/callSkill';
import type { Skill } from '../../calls/skill';

export interface ExplainInput { question: string }

/** How many entries are listed when none answers the question with confidence. */
const CLOSEST = 3;

export const explainConcept: Skill<ExplainInput, { entryId: string | null; closest: KnowledgeHitSummary[] }> = {
  name: 'explain-concept',
  description: 'Answer a question about an AI-agent or LLM-engineering concept with the knowledge base\'s expert answer and its key points, when the knowledge base has that question; otherwise list the closest entries. Not for diagnosing a transcript.',
  triggers: ['what is', 'what are', 'explain', 'how does', 'how do', 'why do', 'why does', 'difference between', '什么是', '是什么', '解释', '怎么', '如何', '为什么', '原理', '区别'],
  requiredTools: ['query_knowledge_base'],
  priority: 5,
  askInput: (request) => ({ question: request.question }),
  async execute(input, ctx) {
    const language = detectLanguage(input.question);
    const { hits } = await call<{ hits: KnowledgeHitSummary[] }>(ctx, 'query_knowledge_base', { query: input.question, topK: CLOSEST });
    const top = hits[0];
    const entry = top && top.confidence >= REFERENCE_THRESHOLD ? ctx.knowledgeBase?.get(top.id) : undefined;
    // Shown in the asker's language when the item has it.
    const shown = entry ? ctx.knowledgeBase?.get(`${language}-${entry.itemId}`) ?? entry : undefined;
    const zh = language === 'zh';
    const lines: string[] = [];
    if (shown) {
      lines.push(`**${shown.question}**`, '', shown.expertAnswer, '', zh ? '要点：' : 'Key points:');
      for (const k of shown.keyPoints) lines.push(`- ${k.label}`);
      const others = hits.slice(1).filter((h) => h.confidence >= REFERENCE_THRESHOLD / 2);
      if (others.length) lines.push('', zh ? '相关条目：' : 'Related entries:', ...others.map((h) => `- ${h.question}`));
    } else {
      lines.push(zh
        ? '知识库里没有足够确定回答这个问题的条目（离线模式不会编造答案）。最接近的条目：'
        : 'No knowledge-base entry answers this question with confidence (offline, nothing is made up). The closest entries:');
      for (const h of hits) lines.push(`- ${h.question} (${Math.round(h.confidence * 100)}%)`);
    }
    return { summary_md: lines.join('\n'), actions: [], warnings: [], raw: { entryId: entry?.id ?? null, closest: hits } };
  },
};
