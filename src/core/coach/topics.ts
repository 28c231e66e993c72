/**
 * The knowledge-base categories a practice topic names, as people type it after `/mock`: the
 * category's id or its name in either language, whole or in part ("rag", "tool calling", "记忆").
 * Nothing matched means the topic is not one of the knowledge base's, and the caller says so.
 */
import { msg } from '../text/i18n';
import { CATEGORIES, type Category } from '../diagnosis/knowledge/types';

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s_-]+/g, '');

/** The categories `topic` names; empty when it names none. */
export function categoriesForTopic(topic: string): Category[] {
  const t = norm(topic);
  if (!t) return [];
  return CATEGORIES.filter((c) => [c, msg('en', `category.${c}`), msg('zh', `category.${c}`)].some((name) => {
    const n = norm(name);
    return n === t || (t.length >= 2 && (n.includes(t) || t.includes(n)));
  }));
}
