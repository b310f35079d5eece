/**
 * Body caps hold while the body streams in: a chunked upload with no Content-Length, through a
 * real listening server, is refused with 413 after about the cap, not after buffering it all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../admin/test-helpers';
import { loadConfig } from '../config';
import { MAX_JSON_BODY_BYTES } from '../limits';
import { startServer, type RunningServer } from '../server';

const MB = 1024 * 1024;
const FILE_MAX_BYTES = 2 * MB;

let running: RunningServer;
let dataDir: string;
let authorCookie: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-body-limit-'));
  running = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: false, publicUrl: 'http://quire.test', fileMaxBytes: FILE_MAX_BYTES });
  const author = await buildUser(running.ctx, { roles: ['author'] });
  authorCookie = await signIn(running.ctx, author.id);
});
afterAll(async () => {
  await running.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `total` bytes of JSON-ish junk in 64 KB chunks, made as they are pulled, with no Content-Length. */
function junkStream(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, total - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

function post(pathname: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return fetch(`${running.url}${pathname}`, {
    method: 'POST',
    body,
    headers: { origin: 'http://quire.test', 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);
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
    await (await post('/api/auth/sign-in', junkStream(2 * MB))).text(); // warm-up: first-use code and buffers are not growth
    let status = 0;
    let body: unknown;
    const growth = await peakGrowth(async () => {
      const res = await post('/api/auth/sign-in', junkStream(100 * MB));
      status = res.status;
      body = await res.json();
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ error: { code: 'payload_too_large', message: expect.any(String) } });
    expect(growth).toBeLessThan(40 * MB); // buffering it all grew the process by over 700 MB
  });

  it('still reads a chunked JSON body under the cap', async () => {
    const res = await post('/api/auth/sign-in', new Blob([JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(MAX_JSON_BODY_BYTES / 2) })]).stream());
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('refuses an over-limit file upload stream with 413, and lets one past the JSON cap through', async () => {
    const over = await post('/api/files?name=big.png', junkStream(20 * MB), { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    // Junk bytes are no image: refused by type, which means the body was read past 1 MB.
    const under = await post('/api/files?name=big.png', junkStream(FILE_MAX_BYTES - 1024), { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(under.status).toBe(415);
  });

  it('refuses an over-limit EPUB import stream with 413', async () => {
    const res = await post('/api/books/import', junkStream(60 * MB), { cookie: authorCookie, 'content-type': 'application/epub+zip' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses an over-limit manuscript import stream with 413', async () => {
    const res = await post('/api/manuscripts/import?name=big.md', junkStream(30 * MB), { cookie: authorCookie, 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(413);
  });

  it('never reads an upload from someone who may not send one', async () => {
    const res = await post('/api/books/import', junkStream(60 * MB), { 'content-type': 'application/epub+zip' });
    expect(res.status).toBe(401);
  });
});
