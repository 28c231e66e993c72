import * as vscode from 'vscode';
import { CATEGORIES, conceptLabel, msg, sharedWords, type Category } from '../../core';
import type { KnowledgePanel } from './knowledgePanel';
import { uiLanguage } from './knowledgePanel';
import type { CoreHost } from '../shared/coreHost';

/** A search hit as the command returns it (for scripts and tests). */
export interface KnowledgeSearchHit {
  id: string; question: string; dimension: string; confidence: number;
  /** The concepts the query and the entry share, named in the UI language (why it matched). */
  concepts: string[];
  /** The words of the query found in this entry, in the query's order (what this result has in common with it). */
  shared: string[];
}

/** The detail line of a result: its own words in common with the query, then concepts they do not already name. */
function matchDetail(h: KnowledgeSearchHit): string {
  const words = h.shared.map((w) => w.toLowerCase());
  const extra = h.concepts.filter((c) => !words.some((w) => c.toLowerCase().includes(w) || w.includes(c.toLowerCase())));
  if (h.shared.length && extra.length) return vscode.l10n.t('Shares: {0} · related: {1}', h.shared.join(', '), extra.join(' · '));
  if (h.shared.length) return vscode.l10n.t('Shares: {0}', h.shared.join(', '));
  if (extra.length) return vscode.l10n.t('Related through: {0} (no words in common)', extra.join(' · '));
  return vscode.l10n.t('Similar in meaning (no words in common)');
}

/** A dimension's display name, from the core's messages (the report uses the same ones). */
function dimensionName(c: string): string {
  return CATEGORIES.includes(c as Category) ? msg(uiLanguage(), `category.${c as Category}`) : c;
}

/**
 * "Interview Lens: Search Knowledge Base": pick a dimension (or all), type a question, open the
 * entry with its expert and novice answers side by side. Called with `{ query, dimension }` it
 * returns the hits without UI.
 */
export async function searchKnowledgeCommand(
  host: CoreHost, panel: KnowledgePanel, args?: { query?: string; dimension?: Category; topK?: number },
): Promise<KnowledgeSearchHit[] | boolean | undefined> {
  const core = await host.get();
  const search = (query: string, dimension?: Category, topK = 20): KnowledgeSearchHit[] =>
    query.trim() === '' ? [] : core.knowledgeBase.search(query, { topK, category: dimension }).map((h) => ({
      id: h.entry.id, question: h.entry.question, dimension: h.entry.category, confidence: h.confidence,
      concepts: (h.concepts ?? []).map((c) => conceptLabel(c, uiLanguage())),
      shared: sharedWords(query, h.entry),
    }));
  if (args && typeof args.query === 'string') {
    if (args.dimension !== undefined && !CATEGORIES.includes(args.dimension)) return [];
    return search(args.query, args.dimension, args.topK);
  }
  const all = vscode.l10n.t('All dimensions');
  const pickedDimension = await vscode.window.showQuickPick(
    [{ label: all, value: undefined as Category | undefined }, ...CATEGORIES.map((c) => ({ label: dimensionName(c), description: c, value: c as Category | undefined }))],
    { title: vscode.l10n.t('Search Knowledge Base: dimension'), placeHolder: vscode.l10n.t('Which dimension? (Escape to cancel)') },
  );
  if (!pickedDimension) return undefined;
  const dimension = pickedDimension.value;
  const quick = vscode.window.createQuickPick<vscode.QuickPickItem & { id: string }>();
  quick.title = vscode.l10n.t('Search Knowledge Base: {0}', pickedDimension.label);
  quick.placeholder = vscode.l10n.t('Type an interview question, in Chinese or English');
  quick.matchOnDescription = false;
  // Results come from the hybrid search, not from VS Code's fuzzy filter.
  (quick as { sortByLabel?: boolean }).sortByLabel = false;
  const update = (value: string) => {
    quick.items = search(value, dimension).map((h) => ({
      id: h.id, label: h.question, description: `${dimensionName(h.dimension)} · ${Math.round(h.confidence * 100)}%`, alwaysShow: true,
      detail: matchDetail(h),
    }));
  };
  quick.onDidChangeValue(update);
  const chosen = await new Promise<string | undefined>((resolve) => {
    quick.onDidAccept(() => resolve(quick.selectedItems[0]?.id));
    quick.onDidHide(() => resolve(undefined));
    quick.show();
  });
  quick.dispose();
  if (!chosen) return undefined;
  return panel.show(chosen);
}
