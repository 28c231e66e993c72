/**
 * The `tests:` written in a skill.yaml, run offline: each case's input as a dry run on empty
 * records, the model (when the skill needs one) answering with the case's `model_output`, and
 * what it planned compared with `expect` (output fields, the planned actions in order with the
 * parameters the case writes, warnings). Used by `interview-lens skills test`; a Test Explorer
 * can list the same cases and show the same differences.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LoadedSkill, SkillTestCase } from '../manifest';
import { primitiveOf } from '../manifest';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../llm/provider';
import { LlmError } from '../../llm/provider';
import { RecordsStore } from '../../records/recordsStore';
import type { Logger } from '../../runtime/logger';
import { canonicalJson } from '../../runtime/canonical';
import { runLoadedSkill } from './runLoadedSkill';
import type { ManifestRunResult } from './runManifestSkill';

/** How one case ended. */
export interface InlineTestResult {
  skill: string;
  name: string;
  status: 'pass' | 'fail';
  /** One line per difference (or the error that stopped the run); empty when it passed. */
  differences: string[];
  /** What the run planned, as `primitive` names in order (for a report). */
  planned: string[];
}

/** The model of a test: it answers each call with the next of the case's outputs. */
class GivenOutputs implements LlmProvider {
  readonly engine = 'replay' as const;
  readonly model = 'inline-test';
  private next = 0;

  constructor(private readonly outputs: unknown[], private readonly test: string) {}

  async complete(request: LlmRequest): Promise<LlmResponse> {
    if (this.next >= this.outputs.length) {
      throw new LlmError('replay_miss', `test "${this.test}" gives ${this.outputs.length} model output${this.outputs.length === 1 ? '' : 's'}, and the skill made call ${this.next + 1} (${request.purpose}): add one to model_output`);
    }
    const value = this.outputs[this.next++];
    return {
      content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }], stopReason: 'end_turn', model: this.model,
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, costUsd: 0, durationMs: 0, attempts: 1,
    };
  }
}

const shown = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** The differences between what a case expects and what its run did. */
export function compareInlineTest(test: SkillTestCase, result: ManifestRunResult): string[] {
  const out: string[] = [];
  const expect = test.expect ?? {};
  if (result.status === 'invalid' && !expect.warnings) out.push(`the run wrote nothing: ${result.warnings[0] ?? 'its output was not valid'}`);
  for (const [field, want] of Object.entries(expect.output ?? {})) {
    const got = result.output && typeof result.output === 'object' ? (result.output as Record<string, unknown>)[field] : undefined;
    if (!same(want, got)) out.push(`output.${field}: expected ${shown(want)}, got ${shown(got)}`);
  }
  if (expect.actions) {
    const planned = result.planned;
    expect.actions.forEach((item, i) => {
      const primitive = primitiveOf(item) ?? (typeof item.primitive === 'string' ? item.primitive : undefined);
      const got = planned[i];
      if (!got) {
        out.push(`action ${i + 1}: expected ${primitive ?? 'an action'}, but only ${planned.length} ${planned.length === 1 ? 'was' : 'were'} planned`);
        return;
      }
      if (primitive !== got.primitive) {
        out.push(`action ${i + 1}: expected ${primitive}, got ${got.primitive}`);
        return;
      }
      const params = (primitive && item[primitive] !== undefined ? item[primitive] : item.params) as Record<string, unknown> | undefined;
      for (const [k, want] of Object.entries(params ?? {})) {
        if (!same(want, got.params[k])) out.push(`action ${i + 1} (${primitive}).${k}: expected ${shown(want)}, got ${shown(got.params[k])}`);
      }
    });
    if (planned.length > expect.actions.length) out.push(`${planned.length - expect.actions.length} more action${planned.length - expect.actions.length === 1 ? '' : 's'} planned than expected: ${planned.slice(expect.actions.length).map((p) => p.primitive).join(', ')}`);
  }
  if (expect.warnings) {
    expect.warnings.forEach((want, i) => {
      const got = result.warnings[i];
      if (got === undefined || !got.includes(want)) out.push(`warning ${i + 1}: expected one containing ${JSON.stringify(want)}, got ${shown(got)}`);
    });
    if (result.warnings.length > expect.warnings.length) out.push(`${result.warnings.length - expect.warnings.length} more warning(s) than expected: ${result.warnings.slice(expect.warnings.length).join(' | ')}`);
  }
  return out;
}

/** A case's input as a skill reads it. */
function inputOf(test: SkillTestCase): { text: string; url?: string; kind?: 'text' | 'link' | 'image' | 'audio'; source?: string } {
  if (typeof test.input === 'string') return { text: test.input, source: `test:${test.name}` };
  const i = test.input;
  const kind = i.kind === 'text' || i.kind === 'link' || i.kind === 'image' || i.kind === 'audio' ? i.kind : undefined;
  return {
    text: typeof i.text === 'string' ? i.text : typeof i.text === 'object' && i.text !== null ? JSON.stringify(i.text) : '',
    ...(typeof i.url === 'string' ? { url: i.url } : {}), ...(kind ? { kind } : {}),
    source: typeof i.source === 'string' ? i.source : `test:${test.name}`,
  };
}

/** Ids from a seed, so a case plans the same ids every time. */
function seeded(seed: string): () => string {
  let n = 0;
  return () => {
    const h = createHash('sha256').update(`${seed}:${n++}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

/**
 * Runs every inline test of `skill` (valid), each as a dry run on its own empty records; a
 * workspace script runs only when `trusted`. Never writes anything.
 */
export async function runInlineTests(skill: LoadedSkill, options: { trusted: boolean; logger: Logger; signal: AbortSignal; workspaceRoot?: string; clock?: () => Date }): Promise<InlineTestResult[]> {
  const tests = skill.manifest?.tests ?? [];
  const results: InlineTestResult[] = [];
  for (const test of tests) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'il-inline-test-'));
    const records = await RecordsStore.open(path.join(scratch, 'records.sqlite'));
    try {
      const now = test.now !== undefined ? new Date(test.now) : (options.clock ?? (() => new Date()))();
      if (Number.isNaN(now.getTime())) {
        results.push({ skill: skill.name, name: test.name, status: 'fail', differences: [`now: "${test.now}" is not an ISO 8601 time such as 2026-12-01T09:00:00Z`], planned: [] });
        continue;
      }
      const outputs = test.model_output === undefined ? undefined : Array.isArray(test.model_output) ? test.model_output : [test.model_output];
      const result = await runLoadedSkill(skill, inputOf(test), {
        records, signal: options.signal, now: () => now, dryRun: true, trusted: options.trusted, logger: options.logger,
        newId: seeded(`${skill.name}:${test.name}`), ...(options.workspaceRoot ? { workspaceRoot: options.workspaceRoot } : {}),
        ...(outputs ? { llm: new GivenOutputs(outputs, test.name) } : {}),
      });
      const differences = compareInlineTest(test, result);
      results.push({ skill: skill.name, name: test.name, status: differences.length ? 'fail' : 'pass', differences, planned: result.planned.map((p) => p.primitive) });
    } catch (err) {
      if (options.signal.aborted) throw err;
      results.push({ skill: skill.name, name: test.name, status: 'fail', differences: [`the run failed: ${err instanceof Error ? err.message : String(err)}`], planned: [] });
    } finally {
      records.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return results;
}
