import { describe, expect, it } from 'vitest';
import { CanonicalBookSchema } from '../../../sync/book-format';
import { buildBook, readPackage } from './build-book';
import { epub3, fixedLayoutEpub } from './test-epubs';

const build = (bytes: Uint8Array) => CanonicalBookSchema.parse(buildBook(readPackage(bytes), { bookId: 'fx1', slug: 'the-little-boat' }).book);
const PAGE = { width: 600, height: 800 };

describe('fixed-layout EPUBs', () => {
  it('keep their layout, spread rule, page sides and page sizes', () => {
    const book = build(fixedLayoutEpub());
    expect(book.layout).toBe('pre-paginated');
    expect(book.spread).toBe('auto');
    expect(book.chapters.map((c) => c.layout)).toEqual(Array(6).fill('pre-paginated'));
    expect(book.chapters.map((c) => c.pageSpread)).toEqual(['right', undefined, undefined, undefined, undefined, undefined]);
    // Page 4 states no size: it takes the one the other pages state. Page 6 is an SVG: its viewBox.
    expect(book.chapters.map((c) => c.viewport)).toEqual(Array(6).fill(PAGE));
    expect(book.chapters.map((c) => c.title)).toEqual(['Cover', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'The End']);
  });

  it('shows an SVG page as an image of itself, and keeps positioned boxes of XHTML pages', () => {
    const book = build(fixedLayoutEpub());
    const svgPage = book.chapters[5]!.xhtml;
    expect(svgPage).toMatch(
      /^<div class="quire-body"><img src="\/api\/books\/fx1\/assets\/p6\.svg" alt="The end" style="[^"]*width: 100%; height: 100%"\/><\/div>$/,
    );
    const page = book.chapters[1]!.xhtml;
    expect(page).toContain('style="position: absolute; top: 60px; left: 50px; width: 500px; height: 420px"');
    expect(page).toContain('src="/api/books/fx1/assets/images/boat.svg"');
  });

  it('still sanitises fixed pages: no fixed or sticky boxes, small z-index, no outside loads or scripts', () => {
    const hostile = `<div style="position: fixed; top: 0; left: 0; width: 100%; height: 100%">cover the app</div>
<p style="position: sticky; top: 0">stuck</p>
<p style="position: absolute; z-index: 2147483647; top: 5px">high</p>
<p style="left: url(http://x/y); top: expression(alert(1))">loads</p>
<script>alert(1)</script><p onclick="x()">click</p>`;
    const book = build(
      fixedLayoutEpub({ chapters: [{ id: 'p1', title: 'Hostile', body: hostile, head: '<meta name="viewport" content="width=600, height=800"/>' }] }),
    );
    const xhtml = book.chapters[0]!.xhtml;
    expect(xhtml).not.toMatch(/fixed|sticky|url|expression|script|onclick/);
    expect(xhtml).toContain('style="top: 0; left: 0; width: 100%; height: 100%"');
    expect(xhtml).toContain('style="position: absolute; z-index: 10; top: 5px"');
  });

  it('leave reflowable books exactly as before: no positioning, no sizes, pre-paginated items read as text', () => {
    const body = '<p style="position: absolute; top: 5px">placed</p>';
    const book = build(
      epub3({
        chapters: [
          {
            id: 'c1',
            title: 'One',
            body,
            properties: 'rendition:layout-pre-paginated page-spread-right',
            head: '<meta name="viewport" content="width=600, height=800"/>',
          },
          { id: 'c2', title: 'Two', body: '<p>Two</p>' },
          { id: 'c3', title: 'Three', body: '<p>Three</p>' },
        ],
      }),
    );
    expect(book.layout).toBe('reflowable');
    expect(book.chapters.map((c) => [c.layout, c.pageSpread, c.viewport])).toEqual(Array(3).fill(['reflowable', undefined, undefined]));
    expect(book.chapters[0]!.xhtml).toContain('<p>placed</p>');
  });

  it('is fixed-layout when most pages are, whatever the package says; a reflowable page keeps no size', () => {
    const viewport = '<meta name="viewport" content="width=1024, height=768"/>';
    const pages = (props: (string | undefined)[]) =>
      props.map((properties, i) => ({ id: `p${i + 1}`, title: `P${i + 1}`, body: `<p>${i + 1}</p>`, head: viewport, ...(properties ? { properties } : {}) }));
    const mixed = build(fixedLayoutEpub({ chapters: pages(['rendition:layout-reflowable page-spread-left', undefined, undefined]) }));
    expect(mixed.layout).toBe('pre-paginated');
    expect(mixed.chapters[0]).toMatchObject({ layout: 'reflowable', pageSpread: 'left' });
    expect(mixed.chapters[0]!.viewport).toBeUndefined();
    expect(mixed.chapters[1]).toMatchObject({ layout: 'pre-paginated', viewport: { width: 1024, height: 768 } });

    const overridden = build(epub3({ chapters: pages(['rendition:layout-pre-paginated', 'rendition:layout-pre-paginated', undefined]) }));
    expect(overridden.layout).toBe('pre-paginated');
    expect(overridden.chapters.map((c) => c.layout)).toEqual(['pre-paginated', 'pre-paginated', 'reflowable']);
  });

  it("fall back to the package's rendition:viewport, else a portrait default, for pages stating no size", () => {
    const bare = [{ id: 'p1', title: 'One', body: '<p>1</p>' }];
    expect(
      build(fixedLayoutEpub({ chapters: bare, rendition: { layout: 'pre-paginated', viewport: 'width=1200, height=1600' } })).chapters[0]!.viewport,
    ).toEqual({
      width: 1200,
      height: 1600,
    });
    expect(build(fixedLayoutEpub({ chapters: bare })).chapters[0]!.viewport).toEqual({ width: 768, height: 1024 });
  });

  it('keep the progression of right-to-left books without implying vertical text for their pages', () => {
    const book = build(fixedLayoutEpub({ rtl: true, language: 'ja', rendition: { layout: 'pre-paginated', spread: 'landscape' } }));
    expect(book.direction).toBe('rtl');
    expect(book.spread).toBe('landscape');
    expect(book.writingMode).toBe('horizontal-tb');
  });
});
