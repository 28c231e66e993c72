import * as vscode from 'vscode';
import { TemplateError } from '../../core/runtime/template';
import { templateErrorZh } from '../../core/runtime/template/errorZh';

/**
 * What an error says to the user, in the UI's language: a template error's reason in Chinese with
 * a Chinese UI (the engine writes it in English, as the CLI and the log keep it), else its message.
 */
export function errorText(err: unknown): string {
  if (err instanceof TemplateError && vscode.env.language.toLowerCase().startsWith('zh')) return templateErrorZh(err);
  return err instanceof Error ? err.message : String(err);
}
