/**
 * A small closed-loop HTTP/1.1 load generator for `npm run bench:api`: `connections` keep-alive
 * sockets, each sending its next request as soon as the previous answer has fully arrived, for
 * `seconds`. Raw sockets with a pre-built request, like autocannon, so the client spends as little
 * of the shared CPU as it can (fetch costs more per request than the servers it would measure).
 * Answers are framed by Content-Length or chunked encoding; any other framing is an error.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  /** Answers with a status other than `expectStatus`. */
  failures: number;
  seconds: number;
  latenciesMs: number[];
}

const HEADER_END = Buffer.from('\r\n\r\n');

function requestBytes(origin: URL, req: LoadRequest): Buffer {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const lines = [`${req.method} ${req.path} HTTP/1.1`, `host: ${origin.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(req.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body ?? Buffer.alloc(0)]);
}

/** Where the answer at the start of `buf` ends, or null while it is incomplete. Throws on framing it cannot read. */
function answerEnd(buf: Buffer): { end: number; status: number } | null {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buf.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buf.length >= end ? { end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
      at = lineEnd + 2 + size + 2; // the chunk and its CRLF
      if (buf.length < at) return null;
      if (size === 0) return { end: at, status }; // no trailers are sent by these servers
    }
  }
  if (status === 204 || status === 304) return { end: bodyStart, status };
  throw new Error(`An answer without Content-Length or chunked encoding: ${head.split('\r\n')[0]}`);
}

export async function runLoad(
  originText: string,
  req: LoadRequest,
  options: { connections: number; seconds: number; expectStatus?: number },
): Promise<LoadResult> {
  const origin = new URL(originText);
  const bytes = requestBytes(origin, req);
  const expectStatus = options.expectStatus ?? 200;
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  const stopAt = started + options.seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(origin.port), origin.hostname);
      socket.setNoDelay(true);
      let pending = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(bytes);
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        let answer;
        try {
          answer = answerEnd(pending);
        } catch (error) {
          socket.destroy();
          reject(error as Error);
          return;
        }
        if (!answer) return;
        const now = performance.now();
        latenciesMs.push(now - sentAt);
        if (answer.status !== expectStatus) failures++;
        pending = pending.subarray(answer.end);
        if (now < stopAt) send();
        else socket.end();
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });

  await Promise.all(Array.from({ length: options.connections }, connection));
  return { requests: latenciesMs.length, failures, seconds: (performance.now() - started) / 1000, latenciesMs };
}
