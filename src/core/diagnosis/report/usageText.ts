/**
 * What a report says about the engine that scored it: the model, the run's tokens, cache hits
 * and cost, and which questions fell back to the offline judge. Shared by the HTML and the
 * terminal summary so both say the same.
 */
import { count, msg } from '../../text/i18n';
import type { Language } from '../../text/language';
import type { QuestionReport, Report } from './model';

const n = (x: number, lang: Language) => x.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');

/** "claude-sonnet-5-5 (anthropic)", or the engine alone for the offline judge. */
export function engineLabel(report: Pick<Report, 'engine' | 'model'>): string {
  return report.model ? `${report.model} (${report.engine})` : report.engine;
}

/** One line of the run's model usage; undefined when no model was called. */
export function usageLine(report: Pick<Report, 'usage' | 'language'>): string | undefined {
  const u = report.usage;
  if (!u || u.calls === 0) return undefined;
  const lang = report.language;
  const cost = u.costUsd === null ? msg(lang, 'report.costUnknown') : `$${u.costUsd.toFixed(4)}`;
  return msg(lang, 'report.usageLine', u.calls, n(u.usage.inputTokens + u.usage.cacheReadTokens + u.usage.cacheWriteTokens, lang),
    n(u.usage.cacheReadTokens, lang), n(u.usage.cacheWriteTokens, lang), n(u.usage.outputTokens, lang), cost);
}

/** How many questions a model engine left to the offline judge, as a sentence; undefined when none. */
export function fallbackLine(report: Pick<Report, 'perQuestion' | 'language'>): string | undefined {
  const k = report.perQuestion.filter((q) => q.scoredBy?.fallback).length;
  return k ? msg(report.language, 'report.fallbacks', count(report.language, k, 'question')) : undefined;
}

/** Who scored one question: the model, or the offline judge with the reason it stood in. */
export function scoredByLine(q: Pick<QuestionReport, 'scoredBy'>, lang: Language): string | undefined {
  const s = q.scoredBy;
  if (!s || (s.engine === 'offline' && !s.fallback)) return undefined;
  return s.fallback ? `${msg(lang, 'report.fallback')} — ${s.fallback}` : `${s.model ?? s.engine}${s.repairs ? ` (${s.repairs}×)` : ''}`;
}
