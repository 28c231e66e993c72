import * as vscode from 'vscode';
import type { RecordRow } from '../../core/records/rows';
import type { RecordsHost } from './recordsHost';
import { oneLine } from './recordLabels';
import { shownWhen } from './jobSearchTree';

/** How often due reminders are looked for while the window is open. */
export const REMINDER_CHECK_MS = 30 * 60 * 1000;
/** globalState key: ids of the due reminders already announced (shared by the windows). */
const ANNOUNCED_KEY = 'interviewLens.reminders.announced';

/** What a check found. */
export interface ReminderCheck {
  /** Reminders due now and not done. */
  due: RecordRow[];
  /** Those among them announced by this check. */
  announced: RecordRow[];
}

/**
 * Surfaces due reminders: a status-bar item with how many are due (hidden when none; a click
 * shows them in the Job Search view), and one notification for the reminders that fell due since
 * they were last announced (each is announced once, whichever window saw it first). Checks when
 * the window opens (only if a records file exists: nothing is loaded otherwise), every 30
 * minutes, and whenever a run or an edit changes the records.
 */
export class ReminderWatcher implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private timer: NodeJS.Timeout | undefined;
  private readonly subs: vscode.Disposable[] = [];
  private running: Promise<ReminderCheck> | undefined;
  /** Set by dispose: a check still reading the records then shows and announces nothing. */
  private disposed = false;

  constructor(
    private readonly records: RecordsHost,
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.item = vscode.window.createStatusBarItem('interviewLens.reminders', vscode.StatusBarAlignment.Left, 20);
    this.item.name = vscode.l10n.t('Interview Lens Reminders');
    this.item.command = 'interviewLens.showReminders';
  }

  /** Starts watching: a first check now if there are records, then on a timer and on changes. */
  start(): this {
    if (this.records.exists) void this.check();
    this.timer = setInterval(() => void this.check(), REMINDER_CHECK_MS);
    this.subs.push(this.records.onDidChange(() => void this.check()));
    return this;
  }

  /** Looks for due reminders now; one check at a time. */
  check(): Promise<ReminderCheck> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<ReminderCheck> {
    if (this.disposed) return { due: [], announced: [] };
    if (!this.records.exists) {
      this.item.hide();
      return { due: [], announced: [] };
    }
    let due: RecordRow[];
    try {
      due = (await this.records.open()).dueReminders(this.clock());
    } catch (err) {
      this.log.warn(`reminders: ${(err as Error).message}`);
      this.item.hide();
      return { due: [], announced: [] };
    }
    if (this.disposed) return { due, announced: [] };
    this.show(due.length);
    const before = new Set(this.state.get<string[]>(ANNOUNCED_KEY, []));
    const fresh = due.filter((r) => !before.has(r.id));
    // Only ids still due are kept: a reminder done or deleted leaves the list.
    await this.state.update(ANNOUNCED_KEY, due.map((r) => r.id));
    if (fresh.length) this.announce(fresh);
    return { due, announced: fresh };
  }

  private show(count: number): void {
    if (count === 0) {
      this.item.hide();
      return;
    }
    this.item.text = `$(bell-dot) ${count}`;
    this.item.tooltip = count === 1 ? vscode.l10n.t('1 reminder is due: show it in Job Search') : vscode.l10n.t('{0} reminders are due: show them in Job Search', count);
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.item.show();
  }

  private announce(fresh: RecordRow[]): void {
    const list = fresh.slice(0, 3).map((r) => `${oneLine(r.title, 50)} (${shownWhen(r.due_at)})`).join('; ') + (fresh.length > 3 ? '; …' : '');
    const message = fresh.length === 1 ? vscode.l10n.t('Reminder due: {0}', list) : vscode.l10n.t('{0} reminders due: {1}', fresh.length, list);
    this.log.info(`reminders: ${fresh.length} fell due`);
    const show = vscode.l10n.t('Show');
    void vscode.window.showInformationMessage(message, show).then((c) => c === show && vscode.commands.executeCommand('interviewLens.showReminders'));
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    for (const s of this.subs) s.dispose();
    this.item.dispose();
  }
}
