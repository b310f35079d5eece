import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EpubError } from './epub-error';
import { openZip, readZip } from './read-zip';
import { epub3 } from './test-epubs';

describe('openZip (decision 060)', () => {
  it('reads every entry as readZip does, stored or deflated, and knows what is not there', () => {
    const bytes = epub3();
    const all = readZip(bytes);
    const lazy = openZip(bytes);
    expect(all.size).toBeGreaterThan(4);
    for (const [name, data] of all) {
      expect(lazy.has(name)).toBe(true);
      expect(lazy.get(name)).toEqual(data);
    }
    expect(lazy.has('OEBPS/missing.xhtml')).toBe(false);
    expect(lazy.get('OEBPS/missing.xhtml')).toBeUndefined();
    // `mimetype` is stored (not compressed) in every EPUB.
    expect(new TextDecoder().decode(lazy.get('mimetype'))).toBe('application/epub+zip');
  });

  it('finds a damaged entry only when it is read, and refuses it as a damaged archive', () => {
    const text = 'The ledger was kept. '.repeat(200);
    const bytes = zipSync({ 'a.txt': [strToU8(text), { level: 9 }], 'b.txt': [strToU8(text), { level: 9 }] });
    // The first entry's data starts after its local header (30 bytes, its name and extra field).
    const start = 30 + (bytes[26]! | (bytes[27]! << 8)) + (bytes[28]! | (bytes[29]! << 8));
    bytes.fill(0xff, start, start + 8);
    const zip = openZip(bytes);
    expect(new TextDecoder().decode(zip.get('b.txt'))).toBe(text);
    expect(() => zip.get('a.txt')).toThrow(EpubError);
    expect(() => zip.get('a.txt')).toThrow(/damaged or unreadable/);
  });

  it('applies the caps before inflating anything, as readZip does', () => {
    const bomb = zipSync({ mimetype: strToU8('application/epub+zip'), 'big.txt': [new Uint8Array(2 * 1024 * 1024), { level: 9 }] });
    expect(() => openZip(bomb)).toThrow(/compressed suspiciously well/);
    expect(() => openZip(zipSync({ '../evil.txt': strToU8('x') }))).toThrow(/unsafe path/);
    expect(() => openZip(strToU8('PK\u0003\u0004 not really'))).toThrow(/damaged or unreadable/);
  });
});
