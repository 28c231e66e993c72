import { GENERAL_LINES } from './meaningLexicon/general';
import { ENGINEERING_LINES } from './meaningLexicon/engineering';
import { LLM_LINES } from './meaningLexicon/llm';
import { AGENT_LINES } from './meaningLexicon/agents';

// Bilingual meaning lexicon of the offline judge: the actions, objects, properties and relations
// that interview answers use to state a claim ("validate", "execute", "send back", "before",
// "idempotent", "at-least-once"...), each with the ways people say it in Chinese and English,
// formal and spoken ("塞回去", "扔给模型", "kick off", "bump the limit"). It is finer-grained than the
// topic lexicon of the knowledge base (src/core/diagnosis/knowledge/conceptTerms.ts): a key point and an answer
// sentence are both reduced to these ids, so they meet even when they share no word or language.
// Written from the domain and the knowledge base, not from any evaluation set.
//
// Format: one synset per line, `id: term | term | ...`; `#` lines are comments. Matching is done
// by the judge's lexicon matcher: Chinese terms match anywhere in the text; an English term matches
// at the start of a word and may end inside one (so stems such as "validat" or "retriev" cover their
// inflections), except terms of three letters or fewer, which must be whole words ("run" is not in
// "runtime"). Everything is lower case. A term belongs to several synsets only when it truly means
// each of them; the two directions of a relation (increase/decrease, allow/block, before/after,
// cheap/expensive, keep/delete, split/merge...) are separate synsets.
// The parts, joined in the order the lexicon was written (one file per area, so each stays readable).
export const MEANING_LINES = ['', GENERAL_LINES, ENGINEERING_LINES, LLM_LINES, AGENT_LINES].map((part) => part.replace(/^\n|\n$/g, '')).join('\n') + '\n';
