import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bodyToTempFile, sweepStaleUploads, uploadTempRoot } from './stream';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

it('removes the upload folders a dead process left a day ago, and nothing newer or not its own', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sweep-'));
  roots.push(dataDir);
  const tempRoot = uploadTempRoot(dataDir);
  const tooLarge = () => new Error('too large');
  // Two uploads that were never disposed of, as after a kill -9 mid-upload.
  const old = await bodyToTempFile(new Blob(['old']).stream(), 100, tooLarge, tempRoot);
  const recent = await bodyToTempFile(new Blob(['recent']).stream(), 100, tooLarge, tempRoot);
  fs.mkdirSync(path.join(tempRoot, 'something-else'));
  const now = Date.now();
  const dayAndAMinuteAgo = new Date(now - 24 * 60 * 60 * 1000 - 60_000);
  fs.utimesSync(path.dirname(old.file), dayAndAMinuteAgo, dayAndAMinuteAgo);

  expect(await sweepStaleUploads(tempRoot, now)).toBe(1);
  expect(fs.existsSync(old.file)).toBe(false);
  expect(fs.readFileSync(recent.file, 'utf8')).toBe('recent');
  expect(fs.existsSync(path.join(tempRoot, 'something-else'))).toBe(true);
  // A data directory that never had an upload.
  expect(await sweepStaleUploads(path.join(dataDir, 'none'), now)).toBe(0);
});
