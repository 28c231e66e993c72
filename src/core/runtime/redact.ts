/**
 * The one redaction point. Every error message, log line, printed line and stored report goes
 * through `redactText` (directly, or through `redact`, `redactStrings`, `safeMessage`,
 * `redactingLogger`), so a credential cannot reach stderr, the output channel or a file.
 *
 * It knows two kinds of secret:
 * - the configured values themselves (API keys read from the environment or SecretStorage are
 *   registered with `registerSecret` when they are read), so a key of any shape is replaced;
 * - generic shapes for credentials nobody registered: provider keys (sk-…, sk-ant-…, sk-proj-…),
 *   GitHub (ghp_, gho_, ghs_, ghu_, github_pat_), Slack (xox?-) and AWS (AKIA…/ASIA… with the
 *   secret key beside one) tokens, bearer tokens, `Authorization:` / `x-api-key:` headers,
 *   key-like URL query parameters and the userinfo of a URL (`scheme://user:pass@host`);
 * - and both kinds base64-, base64url- or URL-encoded: a model that echoes a key encoded (or a
 *   header holding one) leaves only `[redacted]`.
 */
import type { Logger } from './logger';

export const REDACTED = '[redacted]';

const SECRET_KEY = /(api[-_]?key|token|secret|password|passwd|authorization|cookie|credential)/i;

/** Shorter values are not treated as secrets: replacing every "abc" would garble all output. */
const MIN_SECRET_LENGTH = 6;

const registered = new Set<string>();
let registeredPattern: RegExp | undefined;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Characters a token may be made of (base64, base64url, hex, dotted JWTs, provider keys). */
const TOKEN = "[A-Za-z0-9._~+/=-]";

/** A bearer token in free text: long, or with a digit (so "Bearer authentication" stays). Exported for the linear-time test. */
export const BEARER_TOKEN = new RegExp(`\\bBearer\\s+(?:(?=${TOKEN}*\\d)${TOKEN}{8,}|${TOKEN}{16,})`, 'g');

// Values stop at a backslash, so redacting JSON text never eats half of an escape (\").
// Each shape is tried only when a cheap substring test says it could be there: a transcript of
// 200,000 words went through every pattern in full for each log line and the stored report.
const HEADER_HINT = /authorization|api[-_]?key|apikey/i;

const GENERIC: Array<[RegExp, string | ((...m: string[]) => string), (text: string) => boolean]> = [
  // scheme://user:pass@host or scheme://token@host: the whole userinfo.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]+@/gi, `$1${REDACTED}@`, (t) => t.includes('://')],
  // ?api-key=…, &key=…, ?access_token=… in URLs.
  [/([?&;](?:x-)?(?:api[-_]?key|apikey|key|access[-_]?token|token|auth|password|passwd|secret|client[-_]secret|sig|signature)=)[^&#\s"'<>\\]+/gi, `$1${REDACTED}`, (t) => t.includes('=')],
  // Authorization: Bearer …, "x-api-key": "…", api_key=… (headers echoed in an error body, JSON or text).
  [/\b((?:proxy-)?authorization|x-api-key|api[-_]?key|apikey|x-goog-api-key)(["']?\s*[:=]\s*["']?)(?:(Bearer|Basic|Token|Digest)\s+)?[^\s"',;}&\\]+/gi,
    (_m, name, sep, scheme) => `${name}${sep}${scheme ? `${scheme} ` : ''}${REDACTED}`, (t) => HEADER_HINT.test(t)],
  // A bearer token in free text: long, or with a digit (so "Bearer authentication" stays).
  [BEARER_TOKEN, `Bearer ${REDACTED}`, (t) => t.includes('Bearer')],
  // Provider key shapes (Anthropic, OpenAI's sk-… and sk-proj-…).
  [/\bsk-ant-[A-Za-z0-9_-]{8,}/g, REDACTED, (t) => t.includes('sk-ant-')],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED, (t) => t.includes('sk-')],
  // GitHub tokens (personal, OAuth, app, user-to-server, refresh; fine-grained personal).
  [/\bgh[oprsu]_[A-Za-z0-9]{20,}/g, REDACTED, (t) => t.includes('gh')],
  [/\bgithub_pat_[A-Za-z0-9_]{20,}/g, REDACTED, (t) => t.includes('github_pat_')],
  // Slack tokens (bot, user, app-level, refresh, legacy).
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}/g, REDACTED, (t) => t.includes('xox')],
  // AWS access key ids; the secret key beside one is a 40-character base64 run (below).
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, REDACTED, (t) => t.includes('AKIA') || t.includes('ASIA')],
  [/(aws_?secret_?access_?key["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}/gi, `$1${REDACTED}`, (t) => /aws_?secret/i.test(t)],
];

/** A run of characters a base64, base64url or URL-encoded token is made of (one class: linear). */
const ENCODED_RUN = /[A-Za-z0-9+/=_%.~-]+/g;
/** Encoded runs shorter than this are not decoded: no key fits in them. */
const MIN_ENCODED_RUN = 16;

/** The pattern of the registered secrets (literal alternatives), for the linear-time test. */
export function registeredSecretsPattern(): RegExp | undefined {
  return registeredPattern;
}

/** Remembers a configured secret (an API key) so that it is replaced wherever it appears. */
export function registerSecret(value: string | undefined | null): void {
  const v = value?.trim();
  if (!v || v.length < MIN_SECRET_LENGTH) return;
  const forms = [v, encodeURIComponent(v), JSON.stringify(v).slice(1, -1), ...base64Forms(v)];
  let added = false;
  for (const f of forms) {
    if (!registered.has(f)) {
      registered.add(f);
      added = true;
    }
  }
  if (!added) return;
  // Longest first, so a key that contains another registered key is replaced whole.
  const alternatives = [...registered].sort((a, b) => b.length - a.length).map(escapeRegExp);
  registeredPattern = new RegExp(alternatives.join('|'), 'g');
}

/**
 * The base64 and base64url text that `value` becomes inside any base64-encoded text: its bytes
 * start at one of three offsets in a 3-byte group, and only the characters made of its bytes alone
 * are the same whatever surrounds it (so "Authorization: KEY" encoded still contains one of them).
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core.length < MIN_SECRET_LENGTH) continue;
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/**
 * Registers the credentials an endpoint URL carries: the userinfo (`https://user:key@host`) and
 * key-like query parameters (`?api-key=…`, `?key=…`, `?access_token=…`).
 */
export function registerEndpointSecrets(endpoint: string | undefined | null): void {
  if (!endpoint) return;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return;
  }
  registerSecret(safeDecode(url.password));
  registerSecret(safeDecode(url.username));
  for (const [name, value] of url.searchParams) {
    if (/^(x-)?(api[-_]?key|apikey|key|access[-_]?token|token|auth|password|passwd|secret|client[-_]secret|sig|signature)$/i.test(name)) registerSecret(value);
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Forgets registered secrets (tests only). */
export function forgetSecrets(): void {
  registered.clear();
  registeredPattern = undefined;
}

/** Replaces registered secrets and credential shapes in a text, also when base64- or URL-encoded. */
export function redactText(text: string): string {
  let out = redactPlain(text);
  // Encoded forms: a run that decodes (base64 or percent-encoding) to text holding a secret goes whole.
  // AWS: a 40-character base64 run beside an access key id is its secret key.
  const awsSecretNearby = out !== text && /(?:AKIA|ASIA)[A-Z0-9]{16}/.test(text);
  if (hasLongRun(out)) {
    out = out.replace(ENCODED_RUN, (run) => {
      if (run.length < MIN_ENCODED_RUN) return run;
      if (awsSecretNearby && run.length === 40 && !run.includes('%') && /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run)) return REDACTED;
      for (const decoded of decodings(run)) if (redactPlain(decoded) !== decoded) return REDACTED;
      return run;
    });
  }
  return out;
}

/** `text` with registered secrets and known shapes replaced, as written (not decoded). */
function redactPlain(text: string): string {
  let out = registeredPattern ? text.replace(registeredPattern, REDACTED) : text;
  for (const [pattern, replacement, couldMatch] of GENERIC) {
    if (!couldMatch(out)) continue;
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out;
}

/** Whether `text` has a stretch of MIN_ENCODED_RUN characters without a space (cheap pre-check). */
function hasLongRun(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    run = c > 32 && c < 127 ? run + 1 : 0;
    if (run >= MIN_ENCODED_RUN) return true;
  }
  return false;
}

/** What an encoded run may stand for: its percent-decoding, and its base64 decoding when that is text. */
function decodings(run: string): string[] {
  const out: string[] = [];
  if (run.includes('%')) {
    try {
      out.push(decodeURIComponent(run));
    } catch {
      // not percent-encoding
    }
  }
  let end = run.length;
  while (end > 0 && run[end - 1] === '=') end--;
  const body = run.slice(0, end);
  if (!body.includes('%') && !body.includes('=') && !body.includes('.') && !body.includes('~')) {
    const decoded = Buffer.from(body, 'base64').toString('utf8');
    // Printable text only: random base64 decodes to binary, which holds no key.
    if (decoded.length >= 8 && isMostlyPrintable(decoded)) out.push(decoded);
  }
  return out;
}

function isMostlyPrintable(text: string): boolean {
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) bad++;
  }
  return bad * 10 <= text.length;
}

/** How many secrets redacting `text` replaced (for a run's summary: "2 secrets were redacted"). */
export function redactCounting(text: string): { text: string; redacted: number } {
  const out = redactText(text);
  return { text: out, redacted: out === text ? 0 : Math.max(1, occurrences(out, REDACTED) - occurrences(text, REDACTED)) };
}

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/** Replaces secret-looking keys and values so a log line can never carry a credential. */
export function redact(value: unknown, secretKeys: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, secretKeys, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) || secretKeys.includes(k) ? REDACTED : redact(v, secretKeys, depth + 1);
  }
  return out;
}

/** Every string of a value (a report) redacted; keys and structure kept. Returns the same object when nothing changed. */
export function redactStrings<T>(value: T): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const mapped = value.map((v) => redactStrings(v));
    return (mapped.some((v, i) => v !== value[i]) ? mapped : value) as T;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = redactStrings(v);
    if (out[k] !== v) changed = true;
  }
  return (changed ? out : value) as T;
}

/** `value` with strings cut to `chars` and lists to their first items (for summaries that show only a prefix). */
function shorten(value: unknown, chars: number, depth = 0): unknown {
  if (typeof value === 'string') return value.length > chars ? value.slice(0, chars) : value;
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => shorten(v, chars, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = shorten(v, chars, depth + 1);
  return out;
}

/** A one-line, redacted, length-bounded summary of tool arguments for the call log. */
export function summarizeArgs(args: unknown, secretKeys: readonly string[] = [], max = 200): string {
  let text: string;
  try {
    // Only the first `max` characters are shown: cut long strings and lists before redacting, so a
    // 2 MB transcript argument costs a log line microseconds, not seconds. The margin keeps a key
    // that straddles the cut whole for the redactor (the part shown ends well before it).
    text = JSON.stringify(redact(shorten(args, max * 2), secretKeys)) ?? String(args);
  } catch {
    text = '[unserializable]';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How long an error message shown to a user may be. */
export const MAX_MESSAGE_LENGTH = 500;

/**
 * Characters a terminal acts on (C0 except tab and newline, DEL, C1) and bidi controls that
 * reorder what is shown: never printed raw.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Unsafe characters shown as `\uXXXX` (also a valid JSON escape of the same character). */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An error message fit to show: redacted, on one line (line breaks become spaces, other control
 * characters and bidi overrides are shown escaped) and at most `max` characters.
 */
export function safeMessage(text: string, max = MAX_MESSAGE_LENGTH): string {
  // One pass over each blank run (a pattern with \s* on both sides restarts inside long runs of spaces).
  const line = escapeControls(redactText(text).replace(/\s+/g, (run) => (/[\r\n\t\v\f]/.test(run) ? ' ' : run))).trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A logger whose messages and fields are redacted before they reach `inner`. */
export function redactingLogger(inner: Logger): Logger {
  if ((inner as { redacting?: boolean }).redacting) return inner;
  const wrap = (write: Logger['info']) => (message: string, fields?: Record<string, unknown>) =>
    write.call(inner, redactText(message), fields ? (redact(fields) as Record<string, unknown>) : undefined);
  return Object.assign(
    { debug: wrap(inner.debug), info: wrap(inner.info), warn: wrap(inner.warn), error: wrap(inner.error) },
    { redacting: true },
  );
}
