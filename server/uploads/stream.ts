import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A request body read as it streams in, counting bytes: past `maxBytes` the reading stops with
 * `tooLarge()`, whatever the request declared, so a metadata file is parsed without ever being
 * held whole (uploadLimit has already refused a declared length over the cap).
 */
export async function* bodyText(body: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): AsyncGenerator<string> {
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      yield decoder.decode(value, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    reader.releaseLock();
  }
}

/** The stream's first text, then all of it again: lets the format be sniffed from the first bytes. */
export async function peek(chunks: AsyncGenerator<string>): Promise<{ first: string; all: AsyncGenerator<string> }> {
  let first = '';
  const held: string[] = [];
  while (first.trim() === '') {
    const next = await chunks.next();
    if (next.done) break;
    held.push(next.value);
    first += next.value;
  }
  async function* all() {
    yield* held;
    yield* chunks;
  }
  return { first, all: all() };
}

/**
 * A request body written to a new temp file under `tempRoot` (the data directory's tmp/, on the
 * same disk as the blobs — /tmp may be a RAM disk) as it streams in, hashed (sha-256) and counted on the
 * way: past `maxBytes` the writing stops with `tooLarge()`. Only one chunk is held at a time. The
 * caller removes the folder (`dispose`) whatever happens.
 */
export async function bodyToTempFile(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: () => Error,
  tempRoot: string,
): Promise<{ file: string; hash: string; size: number; dispose: () => Promise<void> }> {
  await fs.promises.mkdir(tempRoot, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(tempRoot, 'upload-'));
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'body');
  const hash = createHash('sha256');
  let size = 0;
  try {
    const handle = await fs.promises.open(file, 'w');
    try {
      if (body) {
        const reader = body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            size += value.byteLength;
            if (size > maxBytes) throw tooLarge();
            hash.update(value);
            await handle.write(value);
          }
        } finally {
          reader.releaseLock();
        }
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { file, hash: hash.digest('hex'), size, dispose };
}
