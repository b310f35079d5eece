import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedPages, routePattern } from './prerendered';

let dir: string | undefined;
afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

describe('routePattern', () => {
  it('matches one segment per parameter, a trailing slash, and nothing longer', () => {
    const book = routePattern('/book/:bookId');
    expect(book.test('/book/demo-salt')).toBe(true);
    expect(book.test('/book/demo-salt/')).toBe(true);
    expect(book.test('/book/demo-salt/sample')).toBe(false);
    expect(book.test('/book')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/books')).toBe(false);
    expect(routePattern('/store').test('/store/advanced-search')).toBe(false);
  });
});

describe('prerenderedPages', () => {
  it('finds a path’s page in the build’s file, reads a rebuilt file again, and finds none without one', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-prerendered-'));
    const find = prerenderedPages(dir);
    expect(find('/')).toBeNull();
    const file = path.join(dir, 'prerendered.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ '/': { html: '<p>home</p>', styles: ['/assets/home.css'] }, '/book/:bookId': { html: '<p>book</p>', styles: [] } }),
    );
    expect(find('/')).toEqual({ html: '<p>home</p>', styles: ['/assets/home.css'] });
    expect(find('/book/x1')?.html).toBe('<p>book</p>');
    expect(find('/books')).toBeNull();
    fs.writeFileSync(file, JSON.stringify({ '/': { html: '<p>new home</p>', styles: [] } }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(find('/')?.html).toBe('<p>new home</p>');
  });
});
