/**
 * Body caps hold while the body streams in: a chunked upload with no Content-Length, through a
 * real listening server, is refused with 413 after about the cap, not after buffering it all.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../admin/test-helpers';
import { EPUB_MAX_UPLOAD_BYTES, MAX_JSON_BODY_BYTES } from '../limits';
import { IMPORT_MAX_UPLOAD_BYTES } from '../manuscripts/import/limits';
import { listeningServer } from '../test/listening-server';

const MB = 1024 * 1024;
const FILE_MAX_BYTES = 2 * MB;
const CHUNK = 64 * 1024;

const running = listeningServer({ fileMaxBytes: FILE_MAX_BYTES });
let authorCookie: string;
beforeAll(async () => {
  const author = await buildUser(running().ctx, { roles: ['author'] });
  authorCookie = await signIn(running().ctx, author.id);
});

/**
 * POSTs a chunked body (no Content-Length) on a connection of its own: `body` as given, or that
 * many bytes of junk made as they are sent. Like a browser, it stops sending once the answer
 * arrives (the server drains a refused body only briefly before dropping the connection).
 */
function post(pathname: string, body: number | string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    let answered = false;
    // Keep-alive, as browsers send: with `Connection: close` the server hangs up right after
    // answering, and the still-arriving body makes that a reset that loses the answer.
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request(
      `${running().ctx.selfUrl}${pathname}`,
      { method: 'POST', agent, headers: { origin: 'http://quire.test', 'content-type': 'application/json', ...headers } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          agent.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        });
      },
    );
    req.on('error', (error) => answered || reject(error));
    async function* junk(total: number) {
      for (let sent = 0; sent < total && !answered; sent += CHUNK) {
        yield Buffer.alloc(Math.min(CHUNK, total - sent), 0x20);
        await new Promise(setImmediate); // let the answer in between chunks
      }
    }
    Readable.from(typeof body === 'number' ? junk(body) : [body]).pipe(req);
  });
}

/** The most the process grew, in bytes, while `work` ran (sampled, since the GC frees it after). */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => process.memoryUsage().rss;
  const before = used();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, used()) - before;
}

describe('request bodies are capped while they stream', () => {
  it('refuses a signed-out 100 MB chunked sign-in with 413 without holding it', async () => {
    await post('/api/auth/sign-in', 2 * MB); // warm-up: first-use code and buffers are not growth
    let res = { status: 0, body: undefined as unknown };
    const growth = await peakGrowth(async () => {
      res = await post('/api/auth/sign-in', 100 * MB);
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload_too_large', message: expect.any(String) } });
    expect(growth).toBeLessThan(40 * MB); // buffering it all grew the process by over 700 MB
  });

  it('still reads a chunked JSON body under the cap', async () => {
    const res = await post('/api/auth/sign-in', JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(MAX_JSON_BODY_BYTES / 2) }));
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('lets each upload route read its body past the JSON cap', async () => {
    const size = MAX_JSON_BODY_BYTES + 512 * 1024;
    // Junk bytes are no image, EPUB or manuscript: refused by type, so the body was read whole.
    const file = await post('/api/files?name=big.png', size, { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(file.status).toBe(415);
    const epub = await post('/api/books/import', size, { cookie: authorCookie, 'content-type': 'application/epub+zip' });
    expect(epub.status).toBe(202); // stored and queued; the import job finds it is no EPUB
    const manuscript = await post('/api/manuscripts/import?name=big.md', size, { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(manuscript.status).not.toBe(413);
    expect(manuscript.status).toBeLessThan(500);
  });

  it('refuses an over-limit file upload stream with 413', async () => {
    const res = await post('/api/files?name=big.png', FILE_MAX_BYTES + MB, { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses an over-limit EPUB import stream with 413', async () => {
    const res = await post('/api/books/import', EPUB_MAX_UPLOAD_BYTES + MB, { cookie: authorCookie, 'content-type': 'application/epub+zip' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses an over-limit manuscript import stream with 413', async () => {
    const res = await post('/api/manuscripts/import?name=big.md', IMPORT_MAX_UPLOAD_BYTES + MB, {
      cookie: authorCookie,
      'content-type': 'application/octet-stream',
    });
    expect(res.status).toBe(413);
  });

  it('never reads an upload from someone who may not send one', async () => {
    const res = await post('/api/books/import', EPUB_MAX_UPLOAD_BYTES + MB, { 'content-type': 'application/epub+zip' });
    expect(res.status).toBe(401);
  });
});

/** POSTs `body` with its Content-Length (what fetch and browsers send for a JSON body). */
async function postWithLength(pathname: string, body: string, declared = Buffer.byteLength(body)) {
  const res = await fetch(`${running().ctx.selfUrl}${pathname}`, {
    method: 'POST',
    headers: { origin: 'http://quire.test', 'content-type': 'application/json', 'content-length': String(declared) },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('request bodies with a declared length', () => {
  it('refuses a declared length over the cap with 413', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const res = await postWithLength('/api/auth/sign-in', body);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('reads a body of its declared length under the cap', async () => {
    const res = await postWithLength('/api/auth/sign-in', JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }));
    expect(res.status).toBe(401); // read and parsed: the credentials were checked
  });
});
