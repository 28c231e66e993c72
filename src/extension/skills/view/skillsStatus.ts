import * as vscode from 'vscode';
import type { SkillsRegistry } from '../../../core/skills/catalog';
import { SKILLS_VIEW } from './skillsTree';

/** Counts of what the registry holds: skills, chains, and entries whose latest version is invalid. */
export function skillCounts(registry: SkillsRegistry): { skills: number; chains: number; invalid: number; lastGood: number } {
  const all = [...registry.skills(), ...registry.chains()];
  const broken = all.filter((e) => !e.latest.valid);
  return { skills: registry.skills().length, chains: registry.chains().length, invalid: broken.length, lastGood: broken.filter((e) => e.running).length };
}

/**
 * The status bar item "4 skills · 1 invalid": counts from the registry, updated on every reload;
 * a click opens the Skills view. It stands out (warning colours of the theme) while something
 * is invalid.
 */
export class SkillsStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('interviewLens.skills.status', vscode.StatusBarAlignment.Left, 10);
  private readonly subscription: { dispose(): void };

  constructor(private readonly registry: SkillsRegistry) {
    this.item.name = vscode.l10n.t('Interview Lens Skills');
    this.item.command = `${SKILLS_VIEW}.focus`;
    this.subscription = registry.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    if (!this.registry.isLoaded) {
      this.item.hide();
      return;
    }
    const c = skillCounts(this.registry);
    const parts = [c.skills === 1 ? vscode.l10n.t('1 skill') : vscode.l10n.t('{0} skills', c.skills)];
    if (c.invalid) parts.push(vscode.l10n.t('{0} invalid', c.invalid));
    this.item.text = `$(symbol-event) ${parts.join(' · ')}`;
    this.item.tooltip = [
      vscode.l10n.t('{0} skills and {1} chains; {2} invalid ({3} still running their last good version).', c.skills, c.chains, c.invalid, c.lastGood),
      vscode.l10n.t('Click to open the Skills view.'),
    ].join('\n');
    this.item.backgroundColor = c.invalid ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  /** The item's text and tooltip, for tests. */
  get shown(): { text: string; tooltip: string } {
    return { text: this.item.text, tooltip: String(this.item.tooltip ?? '') };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
