/**
 * A skill's input that is only a web address (input kind `link`, or text that is one http(s)
 * URL) is the page at that address: it is fetched and the skill reads the page's text, with
 * `input.url` set to where it was read. Bounded like anything from the network: http and https
 * only, a timeout, at most 2 MB, at most 5 redirects, and only HTML or plain text. A page that
 * cannot be read stops the run before any model call, with an error naming the address.
 */
import { CancelledError } from '../../runtime/abort';
import { ManifestRunError, type ManifestInput } from './runManifestSkill';
import { htmlToText } from './htmlText';

/** The bounds of one fetch. */
export interface LinkLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** Defaults: generous for a job posting, small enough that a wrong link costs little. */
export const LINK_LIMITS: Readonly<LinkLimits> = Object.freeze({ timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 });

/** The media types a skill can read as text. */
const READABLE_TYPES = ['text/html', 'text/plain'];

/** The page could not be read; the message names the address and what to do. Nothing was written. */
export class LinkFetchError extends ManifestRunError {
  constructor(readonly url: string, why: string) {
    super(`could not read ${url}: ${why}. Check the address (and that the page is public), or save the page's text to a file and run the skill on that file; nothing was written`);
    this.name = 'LinkFetchError';
  }
}

/** What was read at an address. */
export interface FetchedPage {
  /** Where the page was read, after redirects. */
  url: string;
  title: string;
  /** The readable text (HTML turned into lines). */
  text: string;
  contentType: string;
}

/** The URL when `text` is nothing but one http(s) address, else undefined. */
export function bareUrl(text: string): string | undefined {
  const t = text.trim();
  return /^https?:\/\/\S+$/i.test(t) ? t : undefined;
}

/** How a fetch is made: the global fetch, or a stand-in. */
export type FetchImpl = typeof fetch;

/** The charset a response names, in its header or (for HTML) in a <meta> near its start. */
function charsetOf(contentType: string, head: Uint8Array, html: boolean): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  if (html) {
    const start = Buffer.from(head.subarray(0, 4096)).toString('latin1');
    const fromMeta = metaCharset(start);
    if (fromMeta) return fromMeta;
  }
  return 'utf-8';
}

/**
 * The charset of the first <meta> tag that names one. Tag by tag, each read once up to its ">",
 * so a page of unclosed "<meta" costs linear time (one pattern over the whole head did not).
 */
function metaCharset(head: string): string | undefined {
  const lower = head.toLowerCase();
  for (let at = lower.indexOf('<meta'); at >= 0; at = lower.indexOf('<meta', at + 5)) {
    const end = lower.indexOf('>', at);
    if (end < 0) return undefined;
    const named = /charset\s*=\s*["']?([\w.:-]+)/.exec(lower.slice(at + 5, end))?.[1];
    if (named) return named;
    at = end - 4;
  }
  return undefined;
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown label: UTF-8 is what almost every page is.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Reads at most `max` bytes of a body; more is an error (the rest is not downloaded). */
async function readCapped(res: Response, max: number, url: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new LinkFetchError(url, `the page is ${(declared / 1048576).toFixed(1)} MB, more than the ${max / 1048576} MB a skill reads`);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new LinkFetchError(url, `the page is more than the ${max / 1048576} MB a skill reads`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Fetches the page at `address` within `limits`; throws LinkFetchError (or CancelledError when `signal` aborts). */
export async function fetchPage(address: string, options: { signal: AbortSignal; limits?: Partial<LinkLimits>; fetchImpl?: FetchImpl }): Promise<FetchedPage> {
  const limits = { ...LINK_LIMITS, ...options.limits };
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), limits.timeoutMs);
  const onOuter = () => timeout.abort();
  options.signal.addEventListener('abort', onOuter, { once: true });
  let current: URL;
  try {
    current = new URL(address);
  } catch {
    throw new LinkFetchError(address, 'it is not a web address');
  }
  try {
    for (let hops = 0; ; hops++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new LinkFetchError(address, `${hops ? 'it redirects to' : 'it is'} a ${current.protocol.replace(/:$/, '')} address; only http and https pages are read`);
      }
      let res: Response;
      try {
        res = await fetchImpl(current, {
          redirect: 'manual', signal: timeout.signal,
          headers: { accept: 'text/html, text/plain;q=0.9', 'user-agent': 'InterviewLens (reads one page for a skill)' },
        });
      } catch (err) {
        if (options.signal.aborted) throw new CancelledError();
        if (timeout.signal.aborted) throw new LinkFetchError(address, `no answer within ${limits.timeoutMs / 1000} s`);
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        throw new LinkFetchError(address, `it cannot be reached (${cause?.code ?? cause?.message ?? (err as Error).message})`);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel().catch(() => undefined);
        if (hops >= limits.maxRedirects) throw new LinkFetchError(address, `it redirects more than ${limits.maxRedirects} times`);
        current = new URL(res.headers.get('location')!, current);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new LinkFetchError(address, `the site answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
      }
      const contentType = res.headers.get('content-type') ?? '';
      const type = contentType.split(';')[0].trim().toLowerCase();
      if (!READABLE_TYPES.includes(type)) {
        await res.body?.cancel().catch(() => undefined);
        throw new LinkFetchError(address, `it is ${type ? `a ${type} file` : 'of no stated type'}, not a web page (a skill reads text/html or text/plain)`);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readCapped(res, limits.maxBytes, address);
      } catch (err) {
        if (err instanceof LinkFetchError) throw err;
        if (options.signal.aborted) throw new CancelledError();
        if (timeout.signal.aborted) throw new LinkFetchError(address, `the page did not arrive within ${limits.timeoutMs / 1000} s`);
        throw new LinkFetchError(address, `the page broke off while it was read (${(err as Error).message})`);
      }
      const html = type === 'text/html';
      const body = decode(bytes, charsetOf(contentType, bytes, html));
      const page = html ? htmlToText(body) : { title: '', text: body.trim() };
      if (page.text === '' && page.title === '') throw new LinkFetchError(address, 'the page has no text (it may need a browser to show it)');
      return { url: current.toString(), title: page.title, text: page.text, contentType: type };
    }
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onOuter);
  }
}

/**
 * The input a skill reads: when it is only a web address, the page there (its title, then its
 * text), with kind `link` and `url` set to where it was read; any other input as it is.
 */
export async function withLinkFetched<T extends ManifestInput>(input: T, options: { signal: AbortSignal; limits?: Partial<LinkLimits>; fetchImpl?: FetchImpl }): Promise<T> {
  const address = bareUrl(input.text);
  if (!address) return input;
  const page = await fetchPage(address, options);
  const text = page.title && !page.text.startsWith(page.title) ? `${page.title}\n\n${page.text}` : page.text;
  return { ...input, text, kind: 'link', url: page.url };
}
