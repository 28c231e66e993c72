import * as vscode from 'vscode';
import type { CassetteReplayResult, ReplayCallResult } from '../../../core/replay';
import { lineRange, type CassetteItems } from './cassetteItems';

/** What the Test Explorer was told about an item in the last run that reported it. */
export type ItemState = 'passed' | 'failed' | 'skipped' | 'errored';
export interface ItemOutcome { state: ItemState; messages: vscode.TestMessage[] }

/**
 * A TestRun that also remembers what it reported: the outcome of each item (for tests and the
 * continuous runs) and CLI-like output lines (`\r\n`, as the terminal of the Test Results view wants).
 */
export class ReportingRun {
  constructor(readonly run: vscode.TestRun, private readonly outcomes: Map<string, ItemOutcome>) {}

  passed(item: vscode.TestItem): void {
    this.run.passed(item);
    this.outcomes.set(item.id, { state: 'passed', messages: [] });
  }

  failed(item: vscode.TestItem, messages: vscode.TestMessage[]): void {
    this.run.failed(item, messages);
    this.outcomes.set(item.id, { state: 'failed', messages });
  }

  errored(item: vscode.TestItem, message: vscode.TestMessage): void {
    this.run.errored(item, message);
    this.outcomes.set(item.id, { state: 'errored', messages: [message] });
  }

  skipped(item: vscode.TestItem, messages: vscode.TestMessage[] = []): void {
    this.run.skipped(item);
    this.outcomes.set(item.id, { state: 'skipped', messages });
  }

  output(text: string, item?: vscode.TestItem, line?: number): void {
    const location = item?.uri && line ? new vscode.Location(item.uri, lineRange(line)) : undefined;
    this.run.appendOutput(`${text.split('\n').join('\r\n')}\r\n`, location, item);
  }
}

/** A message at a line of the cassette. */
export function messageAt(text: string, item: vscode.TestItem, line: number): vscode.TestMessage {
  const message = new vscode.TestMessage(text);
  if (item.uri) message.location = new vscode.Location(item.uri, lineRange(line));
  return message;
}

const what = (c: { kind: string; name?: string }) => `${c.kind === 'tool' ? 'tool' : 'model'} ${c.name ?? '?'}`;

/** The message of a call that did not pass, at its line: a side-by-side diff for a mismatch. */
function callMessage(c: ReplayCallResult, item: vscode.TestItem, line: number): vscode.TestMessage {
  if (c.status === 'mismatch') {
    const text = vscode.l10n.t('Call {0} ({1}) returns a different result than the recording.', c.index, what(c));
    const message = vscode.TestMessage.diff(`${text}\n${c.normalisation ?? ''}${c.message ? `\n${c.message}` : ''}`, c.expected ?? '', c.actual ?? '');
    if (item.uri) message.location = new vscode.Location(item.uri, lineRange(line));
    return message;
  }
  return messageAt(`${vscode.l10n.t('Call {0} ({1}) asked the model something the cassette has no answer for.', c.index, what(c))}\n${c.message ?? ''}`, item, line);
}

/**
 * A stale cassette's verdict: errored, not failed (the recording no longer describes the skill,
 * so a difference says nothing about the code) and not skipped (TestRun.skipped carries no
 * message, and looks like a test the user left out). The message says why and what to do.
 */
function staleMessage(result: CassetteReplayResult, item: vscode.TestItem, line: number): vscode.TestMessage {
  const { counts } = result;
  return messageAt(vscode.l10n.t('Stale: skill "{0}" changed since this cassette was recorded, so the recording no longer describes it ({1} of {2} tool calls still give the recorded result). Re-record it with the "Re-record" run profile, or accept today\'s results with "interview-lens replay --update".', result.stale!.skill, counts.pass, counts.calls), item, line);
}

/** A call of a stale cassette that no longer gives its recorded result: the stale reason, and the diff when there is one. */
function staleCallMessage(c: ReplayCallResult, result: CassetteReplayResult, item: vscode.TestItem, line: number): vscode.TestMessage {
  const text = vscode.l10n.t('Call {0} ({1}) differs from the recording, which is stale: skill "{2}" changed since it was recorded. Re-record the cassette.', c.index, what(c), result.stale!.skill);
  if (c.status !== 'mismatch') return messageAt(`${text}\n${c.message ?? ''}`, item, line);
  const message = vscode.TestMessage.diff(`${text}\n${c.normalisation ?? ''}`, c.expected ?? '', c.actual ?? '');
  if (item.uri) message.location = new vscode.Location(item.uri, lineRange(line));
  return message;
}

/**
 * Reports one cassette's replay: each chosen call item, then the file item with the aggregate.
 * A stale cassette is errored with why and what to do (see staleMessage), and its calls that
 * still give their recorded result pass.
 */
export function reportReplay(r: ReportingRun, items: CassetteItems, fileItem: vscode.TestItem, chosen: 'all' | ReadonlySet<vscode.TestItem>, result: CassetteReplayResult): void {
  const data = items.fileData(fileItem);
  const lines = data?.calls ?? [];
  const lineOf = (index: number) => lines[index - 1]?.line ?? index + 1;
  const headerLine = (fileItem.range?.start.line ?? 0) + 1;
  const wanted = (child: vscode.TestItem) => chosen === 'all' || chosen.has(child) || chosen.has(fileItem);
  const byIndex = new Map(result.calls.map((c) => [c.index, c]));
  const unused = new Set(result.llmUnusedAt ?? []);
  const name = vscode.workspace.asRelativePath(result.file);
  const { counts } = result;
  const flow = byIndex.get(0);

  if (result.status === 'stale') {
    r.output(vscode.l10n.t('STALE   {0}: skill "{1}" changed since the recording ({2} of {3} tool calls still pass); re-record it (the Re-record run profile), or accept today\'s results with "interview-lens replay --update".', name, result.stale!.skill, counts.pass, counts.calls), fileItem, headerLine);
    for (const line of lines) {
      const child = items.callItem(fileItem, line.index);
      if (!child || !wanted(child)) continue;
      const c = byIndex.get(line.index);
      if (line.kind === 'llm' ? unused.has(line.index) : c && c.status !== 'pass') {
        if (c) r.output(`  ${vscode.l10n.t('call {0} ({1}): {2}', c.index, what(c), c.status)}\n${c.diff ?? c.message ?? ''}`, child, line.line);
        r.errored(child, c ? staleCallMessage(c, result, child, lineOf(c.index)) : staleMessage(result, child, line.line));
      } else if (!c && line.kind !== 'llm') {
        r.skipped(child);
      } else {
        r.passed(child);
      }
    }
    if (chosen === 'all' || chosen.has(fileItem)) r.errored(fileItem, staleMessage(result, fileItem, headerLine));
    return;
  }

  for (const line of lines) {
    const child = items.callItem(fileItem, line.index);
    if (!child || !wanted(child)) continue;
    if (line.kind === 'llm') {
      if (unused.has(line.index)) {
        r.failed(child, [messageAt(vscode.l10n.t('Model call {0} ({1}) was recorded, but today\'s code never asks for it: the flow changed; re-record the cassette.', line.index, line.name ?? '?'), child, line.line)]);
      } else {
        r.passed(child);
      }
      continue;
    }
    const c = byIndex.get(line.index);
    if (!c) {
      r.skipped(child);
      continue;
    }
    if (c.liveServed) r.output(`  ${vscode.l10n.t('call {0} ({1}): {2}', c.index, what(c), c.message ?? '')}`, child, line.line);
    if (c.status === 'pass') {
      r.passed(child);
    } else {
      const message = callMessage(c, child, lineOf(c.index));
      r.failed(child, [message]);
      r.output(`  ${vscode.l10n.t('call {0} ({1}): {2}', c.index, what(c), c.status)}\n${c.diff ?? c.message ?? ''}`, child, line.line);
    }
  }

  if (result.status === 'pass') {
    r.output((counts.calls === 1 ? vscode.l10n.t('PASS    {0}: 1 tool call as recorded', name) : vscode.l10n.t('PASS    {0}: {1} tool calls as recorded', name, counts.calls)), fileItem, headerLine);
    if (result.message) r.output(`        ${result.message}`, fileItem, headerLine);
    if (chosen === 'all' || chosen.has(fileItem)) r.passed(fileItem);
    return;
  }
  r.output(vscode.l10n.t('FAIL    {0}: {1} mismatches and {2} misses of {3} tool calls, {4} recorded model calls never asked for', name, counts.mismatch, counts.miss, counts.calls, counts.llmUnused), fileItem, headerLine);
  if (result.message) r.output(`        ${result.message}`, fileItem, headerLine);
  if (chosen === 'all' || chosen.has(fileItem)) {
    const messages = [messageAt(vscode.l10n.t('{0} mismatches and {1} misses of {2} tool calls, {3} recorded model calls never asked for.', counts.mismatch, counts.miss, counts.calls, counts.llmUnused)
      + (result.message ? `\n${result.message}` : ''), fileItem, headerLine)];
    if (flow && flow.status !== 'pass') messages.push(messageAt(vscode.l10n.t('The recorded flow "{0}" did not replay: {1}', flow.name ?? '?', flow.message ?? ''), fileItem, headerLine));
    r.failed(fileItem, messages);
  }
}
