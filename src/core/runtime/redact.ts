const SECRET_KEY = /(api[-_]?key|token|secret|password|passwd|authorization|cookie|credential)/i;
// Shapes of provider keys that may sit inside free text (Anthropic, OpenAI, bearer headers).
const SECRET_VALUE = /(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,}|Bearer\s+[A-Za-z0-9._-]{8,})/g;

/** Replaces secret-looking keys and values so a log line can never carry a credential. */
export function redact(value: unknown, secretKeys: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SECRET_VALUE, '[redacted]');
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, secretKeys, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) || secretKeys.includes(k) ? '[redacted]' : redact(v, secretKeys, depth + 1);
  }
  return out;
}

/** A one-line, redacted, length-bounded summary of tool arguments for the call log. */
export function summarizeArgs(args: unknown, secretKeys: readonly string[] = [], max = 200): string {
  let text: string;
  try {
    text = JSON.stringify(redact(args, secretKeys)) ?? String(args);
  } catch {
    text = '[unserializable]';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
