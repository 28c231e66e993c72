/**
 * MCP over standard input and output, one JSON-RPC message a line, that survives a bad message.
 * The SDK's stdio transport buffers a line whole and, past 10 MiB, closes itself: the server
 * then ended silently with exit code 0, and the client never learnt why. Here a line over the
 * limit is skipped as it streams in (never buffered past the limit), answered with a JSON-RPC
 * "Invalid Request" error (-32600, with the request's id when it can be found in the line's first
 * or last bytes), logged to standard error, and the next line is served as usual. A line that is
 * not JSON gets "Parse error" (-32700), one that is not a JSON-RPC message "Invalid Request".
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own limit for one message, kept so clients see the same bound. */
export const MAX_MCP_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from each end of a refused line to find its id in. */
const EDGE_BYTES = 4096;

/** JSON-RPC 2.0's error codes for a message that cannot be read. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export interface StdioLineTransportOptions {
  maxMessageBytes?: number;
  /** Where a refused message is reported (standard error); one line each. */
  log?: (line: string) => void;
}

export class StdioLineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly max: number;
  private parts: Buffer[] = [];
  private size = 0;
  /** The line being skipped because it passed the limit: its first and last bytes, and its size so far. */
  private skipping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly options: StdioLineTransportOptions = {},
  ) {
    this.max = options.maxMessageBytes ?? MAX_MCP_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const text = `${JSON.stringify(message)}\n`;
    if (this.output.write(text)) return;
    await new Promise<void>((resolve) => this.output.once('drain', resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    this.parts = [];
    this.size = 0;
    this.skipping = undefined;
    this.onclose?.();
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onEnd = () => {
    void this.close();
  };

  private readonly onData = (data: Buffer | string) => {
    const chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, newline < 0 ? chunk.length : newline);
      this.take(piece);
      if (newline < 0) return;
      this.endLine();
      start = newline + 1;
    }
  };

  /** A piece of the current line: kept, or counted and its edges kept once the line is over the limit. */
  private take(piece: Buffer): void {
    if (!piece.length) return;
    if (this.skipping) {
      this.skipping.bytes += piece.length;
      this.skipping.tail = lastBytes(Buffer.concat([this.skipping.tail, piece.subarray(Math.max(0, piece.length - EDGE_BYTES))]));
      return;
    }
    if (this.size + piece.length <= this.max) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    const kept = Buffer.concat([...this.parts, piece], this.size + piece.length);
    this.skipping = { head: Buffer.from(kept.subarray(0, EDGE_BYTES)), tail: lastBytes(kept), bytes: kept.length };
    this.parts = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      const refused = this.skipping;
      this.skipping = undefined;
      this.refuseOversize(refused);
      return;
    }
    const line = Buffer.concat(this.parts, this.size).toString('utf8');
    this.parts = [];
    this.size = 0;
    this.deliver(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  private deliver(line: string): void {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.refuse(null, PARSE_ERROR, `Parse error: the message is not JSON (${(err as Error).message})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
      this.refuse(typeof id === 'string' || typeof id === 'number' ? id : null, INVALID_REQUEST, 'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuseOversize(line: { head: Buffer; tail: Buffer; bytes: number }): void {
    const mib = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`;
    const id = idIn(line.tail.toString('utf8'), true) ?? idIn(line.head.toString('utf8'), false) ?? null;
    this.refuse(id, INVALID_REQUEST, `Invalid Request: the message is ${mib(line.bytes)}, over the limit of ${mib(this.max)}, and was not read; send a smaller one (a shorter text, or a file path instead of its contents)`);
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    this.options.log?.(`interview-lens mcp: refused a message${id === null ? '' : ` (id ${JSON.stringify(id)})`}: ${message}\n`);
    this.onerror?.(new Error(message));
    // JSON-RPC allows a null id when the request's id cannot be read.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

function lastBytes(b: Buffer): Buffer {
  return b.length > EDGE_BYTES ? Buffer.from(b.subarray(b.length - EDGE_BYTES)) : b;
}

/**
 * The JSON-RPC id in a fragment of a message (`"id":5` or `"id":"a1"`): the last one in the tail
 * (the SDK writes the id after the params), the first one in the head. Read with indexOf, not a
 * pattern, so a hostile fragment costs one pass.
 */
function idIn(text: string, last: boolean): string | number | undefined {
  let found: string | number | undefined;
  for (let at = text.indexOf('"id"'); at >= 0; at = text.indexOf('"id"', at + 4)) {
    let i = at + 4;
    while (text[i] === ' ') i++;
    if (text[i] !== ':') continue;
    i++;
    while (text[i] === ' ') i++;
    let value: string | number | undefined;
    if (text[i] === '"') {
      const end = text.indexOf('"', i + 1);
      if (end > i && end - i <= 256 && !text.slice(i + 1, end).includes('\\')) value = text.slice(i + 1, end);
    } else {
      let j = i;
      if (text[j] === '-') j++;
      while (j < text.length && text[j] >= '0' && text[j] <= '9') j++;
      if (j > i && j - i <= 16 && (text[j] === ',' || text[j] === '}' || text[j] === ' ')) value = Number(text.slice(i, j));
    }
    if (value === undefined) continue;
    found = value;
    if (!last) return found;
  }
  return found;
}
