import { msg } from '../../text/i18n';
import type { KnowledgeBase } from '../knowledge/knowledgeBase';
import { patternLanguage } from '../knowledge/loader';
import type { KnowledgeEntry } from '../knowledge/types';
import type { Language } from '../../text/language';
import { escapeHtml as esc } from './htmlText';

/** Styles of the entry page on top of REPORT_CSS: expert and novice answers side by side. */
export const ENTRY_CSS = `
.side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
@media (max-width: 700px) { .side { grid-template-columns: 1fr; } }
.side section { border: 1px solid var(--vscode-panel-border, #ccc); border-radius: 6px; padding: 8px 14px; }
.side .expert h2 { color: var(--vscode-testing-iconPassed, #2e7d32); }
.side .novice h2 { color: var(--vscode-editorWarning-foreground, #b26a00); }
.kp .w { font-variant-numeric: tabular-nums; color: var(--vscode-descriptionForeground, #666); }
body.vscode-high-contrast .side section { border-color: var(--vscode-contrastBorder); }
`;

/**
 * One knowledge-base entry as a page: question, expert and novice answers side by side, the gap,
 * weighted key points with their synonyms, common mistakes and follow-ups (linked by id when the
 * follow-up is another entry).
 */
export function renderEntryBody(entry: KnowledgeEntry, lang: Language, kb?: KnowledgeBase): string {
  const followUps = entry.followUps.map((f) => {
    const other = kb?.get(`${entry.language}-${f}`) ?? kb?.get(`zh-${f}`) ?? kb?.get(`en-${f}`);
    return other ? `<li data-entry="${esc(other.id)}">${esc(other.question)}</li>` : `<li>${esc(f)}</li>`;
  });
  return `<main class="report entry" data-entry-id="${esc(entry.id)}">
<h1 data-testid="entry-question">${esc(entry.question)}</h1>
<p class="muted">${esc(msg(lang, 'entry.dimension'))}: ${esc(msg(lang, `category.${entry.category}`))} · ${esc(msg(lang, 'entry.difficulty'))}: ${esc(msg(lang, `difficulty.${entry.difficulty}`))} · ${esc(entry.id)}</p>
${entry.aliases.length ? `<p class="muted">${esc(msg(lang, 'entry.paraphrases'))}: ${entry.aliases.map(esc).join(' · ')}</p>` : ''}
<div class="side">
  <section class="expert" data-testid="entry-expert"><h2>${esc(msg(lang, 'entry.expert'))}</h2><p>${esc(entry.expertAnswer)}</p></section>
  <section class="novice" data-testid="entry-novice"><h2>${esc(msg(lang, 'entry.novice'))}</h2><p>${esc(entry.noviceAnswer)}</p></section>
</div>
<h2>${esc(msg(lang, 'entry.gap'))}</h2><p>${esc(entry.gap)}</p>
<h2>${esc(msg(lang, 'entry.keyPoints'))}</h2>
<ul class="kp">${entry.keyPoints.map((k) => `<li><b>${esc(k.label)}</b> <span class="w">×${k.weight}</span> <span class="muted">${k.keywords.map(esc).join(', ')}</span></li>`).join('')}</ul>
${entry.misconceptions.length ? `<h2>${esc(msg(lang, 'entry.mistakes'))}</h2><ul>${entry.misconceptions.map((m) => `<li>“${esc(m.patterns.find((p) => patternLanguage(p) === entry.language) ?? m.patterns[0])}” → ${esc(m.correction)}</li>`).join('')}</ul>` : ''}
${followUps.length ? `<h2>${esc(msg(lang, 'entry.followUps'))}</h2><ul>${followUps.join('')}</ul>` : ''}
</main>`;
}
