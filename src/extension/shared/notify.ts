import * as vscode from 'vscode';
import { safeMessage } from '../../core';

/** An error notification: the message passes the redactor and is one bounded line. */
export function showError<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(safeMessage(message), ...items);
}

/** A modal question (a confirmation): the message passes the redactor, as every notification's. */
export function askModal<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(safeMessage(message), { modal: true }, ...items);
}

/** A warning notification: the message passes the redactor and is one bounded line. */
export function showWarning<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(safeMessage(message), ...items);
}
