import * as vscode from 'vscode';
import type { SaveOutcome, SkillAction } from '../../core';
import { showWarning } from '../shared/notify';

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Tells the user when saving a report removed old ones or could not keep it (size limit). */
export function showHistoryNotice(actions: readonly SkillAction[]): void {
  const action = actions.find((a) => a.kind === 'history.save' || a.kind === 'history.skip');
  const outcome = action?.detail as SaveOutcome | undefined;
  if (!outcome) return;
  if (!outcome.saved) {
    void showWarning(vscode.l10n.t(
      'This report ({0} MB compressed) is larger than the history limit of {1} MB, so it was not saved to history. Raise interviewLens.history.maxSizeMB to keep it.',
      mb(outcome.reportBytes), mb(outcome.limitBytes),
    ));
  } else if (outcome.pruned > 0) {
    void vscode.window.showInformationMessage(outcome.pruned === 1
      ? vscode.l10n.t('History reached its {0} MB limit: removed the 1 oldest report ({1} MB) to keep this one. Change interviewLens.history.maxSizeMB to keep more.', mb(outcome.limitBytes), mb(outcome.prunedBytes))
      : vscode.l10n.t(
        'History reached its {0} MB limit: removed the {1} oldest reports ({2} MB) to keep this one. Change interviewLens.history.maxSizeMB to keep more.',
        mb(outcome.limitBytes), outcome.pruned, mb(outcome.prunedBytes),
      ));
  }
}
