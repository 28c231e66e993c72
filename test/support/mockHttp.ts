/**
 * What the mock model servers share: a local HTTP server on a random port that records every
 * request, a queue of scripted faults for the next requests, and a way to see that a client gave
 * up on a request (its connection closed before the answer was complete).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A failure the next requests get instead of (or, for latency, before) a normal answer. */
export type MockFault =
  /** Answers normally after `ms`. */
  | { kind: 'latency'; ms: number }
  /** An API error with this status; `retryAfter` (seconds or an HTTP date) and `retryAfterMs` become headers. */
  | { kind: 'status'; status: number; retryAfter?: string; retryAfterMs?: number; message?: string }
  /** Never answers (the client's timeout or cancel must end it). */
  | { kind: 'hang' }
  /** Starts a normal answer (headers and a first part of the body or stream), then stops sending. */
  | { kind: 'stall' }
  /** Destroys the connection without an answer. */
  | { kind: 'reset' }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed' }
  /** A normal answer whose text is not valid JSON (for callers that asked for a JSON object). */
  | { kind: 'non_json_text' };

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: any;
  raw: string;
  /** Set when the client closed the connection before the answer was complete. */
  closedEarly: boolean;
  /** The fault this request got, if any. */
  fault?: MockFault;
}

export type MockHandler = (req: http.IncomingMessage, res: http.ServerResponse, record: RecordedRequest, fault: MockFault | undefined) => Promise<void>;

/** The running server, as both mocks expose it. */
export interface MockHttpServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** The next `times` requests get `fault`, after the faults already scripted. */
  script(fault: MockFault, times?: number): void;
  /**
   * Resolves with a request matching `match` once its client has closed the connection before
   * the answer ended (at once if it already has). Without `match`: the next such request.
   */
  whenClientClosed(match?: (r: RecordedRequest) => boolean): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Headers of a scripted error status. */
export function retryHeaders(fault: Extract<MockFault, { kind: 'status' }>): Record<string, string> {
  const h: Record<string, string> = {};
  if (fault.retryAfter !== undefined) h['retry-after'] = fault.retryAfter;
  if (fault.retryAfterMs !== undefined) h['retry-after-ms'] = String(fault.retryAfterMs);
  return h;
}

/** Starts a server on 127.0.0.1, port 0; `handler` answers each request after its body is read. */
export async function startMockHttp(handler: MockHandler): Promise<MockHttpServer> {
  const requests: RecordedRequest[] = [];
  const faults: MockFault[] = [];
  let closeWaiters: Array<{ match: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }> = [];
  let closing = false;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, raw, closedEarly: false };
      requests.push(record);
      res.on('close', () => {
        // The server's own reset is not the client giving up.
        if (res.writableFinished || closing || record.fault?.kind === 'reset') return;
        record.closedEarly = true;
        const waiting = closeWaiters.filter((w) => w.match(record));
        closeWaiters = closeWaiters.filter((w) => !waiting.includes(w));
        for (const w of waiting) w.resolve(record);
      });
      const fault = faults.shift();
      record.fault = fault;
      handler(req, res, record, fault).catch((err: Error) => {
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: { type: 'mock_error', message: `mock server failed: ${err.message}` } });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    script(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    whenClientClosed(match) {
      const done = match && requests.find((r) => r.closedEarly && match(r));
      return done ? Promise.resolve(done) : new Promise((resolve) => closeWaiters.push({ match: match ?? (() => true), resolve }));
    },
    async close() {
      closing = true;
      // Hanging and stalled requests keep their sockets open; close would wait for them forever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits text into pieces of about `size` characters (stream deltas). */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** What a test holds of a mock model API: its address, what it saw, and how to steer it. */
export interface MockModelServer<Usage, Responder> {
  /** The base URL a client is configured with. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Usage reported for each answered request, in order. */
  usages: Usage[];
  script(fault: MockFault, times?: number): void;
  setResponder(responder: Responder): void;
  /** See MockHttpServer.whenClientClosed. */
  whenClientClosed(match?: (r: RecordedRequest) => boolean): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/** The handle a test holds of a mock model API built on a MockHttpServer. */
export function modelServerHandle<Usage, Responder>(base: MockHttpServer, url: string, usages: Usage[], setResponder: (r: Responder) => void): MockModelServer<Usage, Responder> {
  return {
    url, port: base.port, requests: base.requests, usages, script: base.script, setResponder,
    whenClientClosed: base.whenClientClosed, close: base.close,
  };
}
