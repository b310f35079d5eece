import { describe, expect, it } from 'vitest';
import { CanonicalBookSchema, type CanonicalBookInput } from './book-format';

function buildBook(overrides: Partial<CanonicalBookInput> = {}): CanonicalBookInput {
  return {
    metadata: {
      id: 'b1',
      slug: 'a-small-book',
      title: 'A Small Book',
      language: 'en-GB',
      contributors: [{ name: 'A. Writer', role: 'author' }],
      isbn: '9798204517363',
      priceCents: 0,
      currency: 'USD',
      genres: ['Fiction'],
    },
    chapters: [{ id: 'c1', title: 'One', xhtml: '<h1>One</h1><p>Hello, <em>world</em>.</p>' }],
    assets: [{ path: 'images/cover.svg', mediaType: 'image/svg+xml' }],
    coverPath: 'images/cover.svg',
    ...overrides,
  };
}

describe('CanonicalBookSchema', () => {
  it('accepts a well-formed book and fills defaults', () => {
    const book = CanonicalBookSchema.parse(buildBook());
    expect(book.metadata.subtitle).toBe('');
    expect(book.metadata.publisher).toBe('');
    expect(book.chapters).toHaveLength(1);
  });

  it('refuses a bad slug, language, currency or ISBN', () => {
    const base = buildBook();
    for (const bad of [{ slug: 'Not A Slug' }, { language: 'english' }, { currency: 'usd' }, { isbn: '9798204517364' }, { priceCents: -1 }]) {
      expect(CanonicalBookSchema.safeParse({ ...base, metadata: { ...base.metadata, ...bad } }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses a book without chapters or contributors', () => {
    expect(CanonicalBookSchema.safeParse(buildBook({ chapters: [] })).success).toBe(false);
    const base = buildBook();
    expect(CanonicalBookSchema.safeParse({ ...base, metadata: { ...base.metadata, contributors: [] } }).success).toBe(false);
  });

  it('refuses duplicate chapter ids, duplicate asset paths and a cover that is not an asset', () => {
    const chapter = { id: 'c1', title: 'One', xhtml: '<p>x</p>' };
    expect(CanonicalBookSchema.safeParse(buildBook({ chapters: [chapter, chapter] })).success).toBe(false);
    const asset = { path: 'a.png', mediaType: 'image/png' };
    expect(CanonicalBookSchema.safeParse(buildBook({ assets: [asset, asset], coverPath: 'a.png' })).success).toBe(false);
    expect(CanonicalBookSchema.safeParse(buildBook({ coverPath: 'missing.png' })).success).toBe(false);
  });

  it('refuses a fixed-layout page without its size, and fills reflowable defaults', () => {
    const page = { id: 'p1', title: 'One', xhtml: '<p>x</p>', layout: 'pre-paginated' as const };
    expect(CanonicalBookSchema.safeParse(buildBook({ chapters: [page] })).success).toBe(false);
    const ok = CanonicalBookSchema.parse(
      buildBook({ chapters: [{ ...page, viewport: { width: 600, height: 800 }, pageSpread: 'left' }], layout: 'pre-paginated' }),
    );
    expect(ok.chapters[0]).toMatchObject({ layout: 'pre-paginated', pageSpread: 'left', viewport: { width: 600, height: 800 } });
    const plain = CanonicalBookSchema.parse(buildBook());
    expect([plain.layout, plain.spread, plain.chapters[0]!.layout]).toEqual(['reflowable', 'auto', 'reflowable']);
  });

  it('refuses asset paths that climb out of the book', () => {
    for (const path of ['../etc/passwd', '/abs.png', 'a/../../b.png', 'a\\b.png']) {
      expect(CanonicalBookSchema.safeParse(buildBook({ assets: [{ path, mediaType: 'image/png' }], coverPath: undefined })).success, path).toBe(false);
    }
  });

  it('refuses chapter XHTML that still carries scripts or event handlers', () => {
    for (const xhtml of ['<script>alert(1)</script>', '<p onclick="x()">hi</p>', '<a href="javascript:x()">hi</a>']) {
      expect(CanonicalBookSchema.safeParse(buildBook({ chapters: [{ id: 'c1', title: 'One', xhtml }] })).success, xhtml).toBe(false);
    }
  });
});
