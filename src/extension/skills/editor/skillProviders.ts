import * as path from 'node:path';
import * as vscode from 'vscode';
import { addNotForFix, bumpVersionFix, completionsAt, fixesFor, hoverAt, type CompletionEntry, type QuickFix } from '../../../core/skills/editor';
import { toVscodeRange, type SkillDiagnostics } from './skillDiagnostics';

const KINDS: Record<CompletionEntry['kind'], vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  snippet: vscode.CompletionItemKind.Snippet,
  enum: vscode.CompletionItemKind.EnumMember,
  action: vscode.CompletionItemKind.Function,
  variable: vscode.CompletionItemKind.Variable,
  field: vscode.CompletionItemKind.Field,
  function: vscode.CompletionItemKind.Method,
  filter: vscode.CompletionItemKind.Function,
  test: vscode.CompletionItemKind.Keyword,
  skill: vscode.CompletionItemKind.Module,
  value: vscode.CompletionItemKind.Value,
};

/** Characters after which completion opens by itself: templates ({ . |), values (: and space). */
export const TRIGGER_CHARACTERS = ['{', '.', '|', ' ', ':'];

/** Completion of keys, values, primitives, template names and filters, and skill names in chains. */
export class SkillCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly diagnostics: SkillDiagnostics) {}

  provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position, _token: vscode.CancellationToken, context: vscode.CompletionContext): vscode.CompletionItem[] {
    const kind = this.diagnostics.kindOf(doc);
    if (!kind) return [];
    const trigger = context.triggerKind === vscode.CompletionTriggerKind.TriggerCharacter ? context.triggerCharacter : undefined;
    const skills = this.diagnostics.skills().map((s) => ({ name: s.name, description: s.manifest?.description }));
    return completionsAt(doc.getText(), doc.offsetAt(position), kind, { skills, triggerCharacter: trigger }).map((e) => {
      const item = new vscode.CompletionItem(e.label, KINDS[e.kind]);
      if (e.detail) item.detail = e.detail;
      if (e.documentation) item.documentation = new vscode.MarkdownString(e.documentation);
      item.insertText = e.snippet ? new vscode.SnippetString(e.insertText) : e.insertText;
      item.range = new vscode.Range(doc.positionAt(e.replace.start), doc.positionAt(e.replace.end));
      if (e.keepWhitespace) item.keepWhitespace = true;
      if (e.sortText) item.sortText = e.sortText;
      return item;
    });
  }
}

/** Hover: a key's or an action's documentation, where a template name comes from. */
export class SkillHoverProvider implements vscode.HoverProvider {
  constructor(private readonly diagnostics: SkillDiagnostics) {}

  provideHover(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const kind = this.diagnostics.kindOf(doc);
    if (!kind) return undefined;
    const h = hoverAt(doc.getText(), doc.offsetAt(position), kind);
    if (!h) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(h.markdown), new vscode.Range(doc.positionAt(h.range.start), doc.positionAt(h.range.end)));
  }
}

/** A fix's title in the UI language. */
function fixTitle(fix: QuickFix): string {
  switch (fix.id) {
    case 'add-keys': return vscode.l10n.t('Add {0}', fix.args[0]);
    case 'rename-to-folder': return vscode.l10n.t('Change name to "{0}" (the folder\'s name)', fix.args[0]);
    case 'use-suggestion': return vscode.l10n.t('Change to "{0}"', fix.args[0]);
    case 'bump-version': return vscode.l10n.t('Raise version to {0}', fix.args[0]);
    case 'add-not-for': return vscode.l10n.t('Add a "Not for …" sentence to the description');
    case 'migrate-to-spec': return vscode.l10n.t('Rewrite this skill in the spec\'s form (as skills migrate does)');
  }
}

/** Quick fixes from the problems of the last check, plus raising `version` and the "Not for" sentence where the cursor is. */
export class SkillCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: SkillDiagnostics) {}

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const kind = this.diagnostics.kindOf(doc);
    if (!kind) return [];
    const text = doc.getText();
    const folderName = path.basename(path.dirname(doc.uri.fsPath));
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<string>();
    const add = (fix: QuickFix, diagnostic?: vscode.Diagnostic) => {
      const title = fixTitle(fix);
      if (seen.has(title)) return;
      seen.add(title);
      const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      const edit = new vscode.WorkspaceEdit();
      for (const e of fix.edits) edit.replace(doc.uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.newText);
      action.edit = edit;
      if (diagnostic) action.diagnostics = [diagnostic];
      if (fix.preferred) action.isPreferred = true;
      actions.push(action);
    };
    for (const p of this.diagnostics.problemsOf(doc)) {
      const pr = toVscodeRange(p);
      if (!pr.intersection(range) && !pr.contains(range.start)) continue;
      const diagnostic = context.diagnostics.find((d) => d.code === p.code && d.range.isEqual(pr));
      for (const fix of fixesFor(text, kind, p, { folderName })) add(fix, diagnostic);
    }
    if (kind === 'skill') {
      const bump = bumpVersionFix(text, range.start.line);
      if (bump) add(bump);
      const line = doc.lineAt(range.start.line).text;
      if (/^description\s*:/.test(line)) {
        const notFor = addNotForFix(text);
        if (notFor) add(notFor);
      }
    }
    return actions;
  }
}
