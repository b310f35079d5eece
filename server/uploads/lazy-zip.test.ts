import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSource, readCentralDirectory, readEntry, ZipFormatError } from './lazy-zip';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function sourceOf(bytes: Uint8Array) {
  const file = path.join(dir, `${n++}.zip`);
  fs.writeFileSync(file, bytes);
  return fileSource(file);
}

const text = (s: string) => new TextEncoder().encode(s);
const words = text('the orchard ran down to the sea '.repeat(2000));

describe('lazy ZIP reading', () => {
  it('lists the central directory and inflates stored and deflated entries one at a time', async () => {
    const zip = zipSync({ 'a/book.txt': [words, { level: 9 }], 'raw.bin': [text('plain'), { level: 0 }], 'ü.txt': text('utf-8 name') });
    const source = await sourceOf(zip);
    const entries = await readCentralDirectory(source);
    expect(entries.map((e) => [e.name, e.method, e.size])).toEqual([
      ['a/book.txt', 8, words.byteLength],
      ['raw.bin', 0, 5],
      ['ü.txt', 8, 10],
    ]);
    expect(entries[0]!.compressedSize).toBeLessThan(words.byteLength / 10);
    expect(Buffer.from(await readEntry(source, entries[0]!)).equals(Buffer.from(words))).toBe(true);
    expect(new TextDecoder().decode(await readEntry(source, entries[1]!))).toBe('plain');
    await source.close();
  });

  it('refuses an entry that inflates past its declared size, or whose checksum does not match', async () => {
    const zip = zipSync({ 'a.txt': [words, { level: 9 }] });
    const source = await sourceOf(zip);
    const [entry] = await readCentralDirectory(source);
    await expect(readEntry(source, { ...entry!, size: 1000 })).rejects.toThrow(ZipFormatError);
    await expect(readEntry(source, { ...entry!, crc: entry!.crc ^ 1 })).rejects.toThrow(/checksum/);
    await source.close();
  });

  it('refuses a file that is not a complete ZIP', async () => {
    const zip = zipSync({ 'a.txt': words });
    const cut = await sourceOf(zip.subarray(0, zip.byteLength - 10));
    await expect(readCentralDirectory(cut)).rejects.toThrow(ZipFormatError);
    await cut.close();
    const junk = await sourceOf(text('not a zip at all'));
    await expect(readCentralDirectory(junk)).rejects.toThrow(ZipFormatError);
    await junk.close();
  });
});

describe('a local header longer than the slack read with it', () => {
  it('reads the entry with a second read', async () => {
    const name = `${'n'.repeat(1500)}.txt`;
    const source = await sourceOf(zipSync({ [name]: text('long name') }));
    const [entry] = await readCentralDirectory(source);
    expect(new TextDecoder().decode(await readEntry(source, entry!))).toBe('long name');
    await source.close();
  });
});
