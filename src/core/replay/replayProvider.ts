/**
 * A model engine that answers from a cassette: each request is looked up by its canonical key, and
 * the same request asked again gets the next recorded answer. Strict by default, so a prompt that
 * changed since the recording fails loudly, naming the recorded request it is closest to.
 */
import { LlmError, type LlmCallOptions, type LlmProvider, type LlmRequest, type LlmResponse } from '../llm/provider';
import { redactStrings } from '../runtime/redact';
import { isRecordedFailure } from '../calls/callRecorder';
import { callKey, canonicalJson } from '../runtime/canonical';
import type { Cassette, CassetteCall } from './cassette';
import { diffableLines, diffLines, formatDiff } from './diff';

/** A request the cassette had no answer for. */
export interface ReplayMiss {
  purpose: string;
  key: string;
  /** The message a strict replay throws: the closest recorded request and a diff. */
  message: string;
  /** Whether a fallback provider answered it (non-strict mode). */
  forwarded: boolean;
}

/** How a ReplayProvider treats a request with no recording. */
export interface ReplayOptions {
  /** Default true: a miss throws LlmError('replay_miss'). False: it goes to `fallback`. */
  strict?: boolean;
  /** The live provider that answers misses in non-strict mode. */
  fallback?: LlmProvider;
}

interface Slot { calls: CassetteCall[]; next: number }

/** Candidates a miss message compares against at most (the closest is searched among these). */
const MAX_CLOSEST_CANDIDATES = 200;

/** An LlmProvider serving the model calls recorded in a cassette. */
export class ReplayProvider implements LlmProvider {
  /** The recorded engine: what the run's results said when recorded, they say again when replayed. */
  readonly engine: LlmProvider['engine'];
  readonly model: string;
  /** Every request that had no recording, in order. */
  readonly misses: ReplayMiss[] = [];
  private readonly slots = new Map<string, Slot>();
  private readonly recorded: CassetteCall[];
  private readonly strict: boolean;
  private readonly fallback?: LlmProvider;
  private prettyCache?: Map<CassetteCall, string[]>;

  constructor(cassette: Cassette, options: ReplayOptions = {}) {
    this.model = cassette.header.model;
    const recorded = cassette.header.engine;
    this.engine = recorded === 'anthropic' || recorded === 'openai-compatible' || recorded === 'vscode-lm' ? recorded : 'replay';
    this.strict = options.strict ?? true;
    this.fallback = options.fallback;
    if (!this.strict && !this.fallback) throw new Error('a non-strict ReplayProvider needs a fallback provider to answer misses');
    this.recorded = cassette.calls.filter((c) => c.kind === 'llm');
    // Keys are recomputed from the stored requests, so a request edited by hand (or a key rule
    // that changed) still matches what the file says; file order is the repeat order.
    for (const call of this.recorded) {
      const request = call.request as LlmRequest;
      const key = callKey('llm', request.purpose, request);
      let slot = this.slots.get(key);
      if (!slot) this.slots.set(key, (slot = { calls: [], next: 0 }));
      slot.calls.push(call);
    }
  }

  /** Recordings served at least once (across rewinds). */
  private readonly served = new Set<CassetteCall>();

  /** Recorded model calls not served yet (since the last rewind). */
  get unused(): number {
    let n = 0;
    for (const slot of this.slots.values()) n += slot.calls.length - slot.next;
    return n;
  }

  /** Recorded model calls never served, whatever the rewinds: what today's code no longer asks. */
  get neverServed(): number {
    return this.recorded.length - this.served.size;
  }

  /** Whether recorded model call `call` (one of the cassette's) was served at least once. */
  wasServed(call: CassetteCall): boolean {
    return this.served.has(call);
  }

  /** Serves every recording again from its first answer. */
  rewind(): void {
    for (const slot of this.slots.values()) slot.next = 0;
  }

  async complete(request: LlmRequest, options: LlmCallOptions): Promise<LlmResponse> {
    if (options.signal.aborted) throw new LlmError('cancelled', 'the model call was cancelled before it started');
    const clean = redactStrings(request);
    const key = callKey('llm', clean.purpose, clean);
    const slot = this.slots.get(key);
    if (slot && slot.next < slot.calls.length) {
      const call = slot.calls[slot.next++];
      this.served.add(call);
      const recorded = call.response;
      if (isRecordedFailure(recorded)) throw new LlmError(recorded.error.kind, recorded.error.message);
      const response = recorded as LlmResponse;
      const text = response.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');
      if (options.onText && text) options.onText(text);
      return structuredClone(response);
    }
    const message = slot
      ? `replay: the request (purpose "${clean.purpose}") was recorded ${slot.calls.length} time${slot.calls.length === 1 ? '' : 's'} and is now asked once more; re-record the run, or replay non-strict to send extra requests to a live model`
      : this.missMessage(clean);
    this.misses.push({ purpose: clean.purpose, key, message, forwarded: !this.strict });
    if (this.strict) throw new LlmError('replay_miss', message);
    return this.fallback!.complete(request, options);
  }

  /** Names the recorded request closest to `request` (fewest changed lines) and shows the diff. */
  private missMessage(request: LlmRequest): string {
    const head = `replay: no recorded model call matches this request (purpose "${request.purpose}")`;
    const fix = 're-record the run to capture the new request, or replay non-strict to send misses to a live model';
    if (this.recorded.length === 0) return `${head}; the cassette has no model calls: ${fix}`;
    const lines = diffableLines(canonicalJson(request, true));
    // Same purpose first: the closest call is almost always the one for the same step.
    const candidates = [...this.recorded.filter((c) => c.name === request.purpose), ...this.recorded.filter((c) => c.name !== request.purpose)]
      .slice(0, MAX_CLOSEST_CANDIDATES);
    this.prettyCache ??= new Map();
    let best: { call: CassetteCall; lines: string[]; changed: number } | undefined;
    for (const call of candidates) {
      let recorded = this.prettyCache.get(call);
      if (!recorded) this.prettyCache.set(call, (recorded = diffableLines(canonicalJson(call.request, true))));
      // Bounded by the best so far: a worse candidate is given up as soon as it is known to be worse.
      const edits = diffLines(recorded, lines, best ? best.changed - 1 : undefined);
      if (!edits) continue;
      const changed = edits.reduce((n, e) => n + (e.op === ' ' ? 0 : 1), 0);
      if (!best || changed < best.changed) best = { call, lines: recorded, changed };
      if (changed <= 2) break;
    }
    if (!best) return `${head}; every recorded request differs from it in more than 2,000 lines: ${fix}`;
    const index = this.recorded.indexOf(best.call);
    const diff = formatDiff(best.lines.join('\n'), lines.join('\n'), { maxLines: 40 });
    return `${head}. Closest recorded: model call ${index + 1} of ${this.recorded.length} (purpose "${best.call.name ?? '?'}"), ${best.changed} line${best.changed === 1 ? '' : 's'} differ (- recorded, + now):\n${diff}\n${fix}`;
  }
}
