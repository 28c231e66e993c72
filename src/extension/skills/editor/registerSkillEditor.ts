import * as vscode from 'vscode';
import type { SkillCatalog } from '../skillCatalog';
import { SkillDiagnostics } from './skillDiagnostics';
import { SkillCodeActionProvider, SkillCompletionProvider, SkillHoverProvider, TRIGGER_CHARACTERS } from './skillProviders';

/** The documents the providers are asked about; each provider checks the folder rules itself. */
const SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', pattern: '**/skill.yaml' },
  { scheme: 'file', pattern: '**/*.chain.yaml' },
];

/**
 * The editor's language features for skill.yaml and *.chain.yaml: diagnostics as you type,
 * completion, hover and quick fixes. Returns the diagnostics (the integration tests wait on them).
 */
export function registerSkillEditor(context: vscode.ExtensionContext, catalog: SkillCatalog): SkillDiagnostics {
  const diagnostics = new SkillDiagnostics(catalog, (context.extension as vscode.Extension<unknown> | undefined)?.packageJSON);
  context.subscriptions.push(
    diagnostics,
    vscode.languages.registerCompletionItemProvider(SELECTOR, new SkillCompletionProvider(diagnostics), ...TRIGGER_CHARACTERS),
    vscode.languages.registerHoverProvider(SELECTOR, new SkillHoverProvider(diagnostics)),
    vscode.languages.registerCodeActionsProvider(SELECTOR, new SkillCodeActionProvider(diagnostics), { providedCodeActionKinds: SkillCodeActionProvider.kinds }),
  );
  return diagnostics;
}
