import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from './xml';
import { commonViewport, itemRendition, packageRendition, parseViewport, svgPage, xhtmlViewport } from './rendition';

const metasOf = (metadata: string) => findAll(parseXml(`<package><metadata>${metadata}</metadata></package>`, 'test.opf'), 'meta');
const enc = (s: string) => new TextEncoder().encode(s);

describe('packageRendition', () => {
  it('reads rendition:layout, rendition:spread and rendition:viewport', () => {
    const metas = metasOf(`<meta property="rendition:layout">pre-paginated</meta>
      <meta property="rendition:spread">landscape</meta>
      <meta property="rendition:viewport">width=1200, height=1600</meta>`);
    expect(packageRendition(metas, new Map())).toEqual({ layout: 'pre-paginated', spread: 'landscape', viewport: { width: 1200, height: 1600 } });
  });

  it('defaults to a reflowable book with automatic spreads; portrait spreads mean both', () => {
    expect(packageRendition(metasOf(''), new Map())).toEqual({ layout: 'reflowable', spread: 'auto' });
    expect(packageRendition(metasOf('<meta property="rendition:spread">portrait</meta>'), new Map()).spread).toBe('both');
    expect(packageRendition(metasOf('<meta property="rendition:spread">sideways</meta>'), new Map()).spread).toBe('auto');
    // A refinement of another property is not the book's layout.
    expect(packageRendition(metasOf('<meta refines="#x" property="rendition:layout">pre-paginated</meta>'), new Map()).layout).toBe('reflowable');
  });

  it('takes the older fixed-layout signals: the fixed-layout meta and Apple display options', () => {
    expect(packageRendition(metasOf('<meta name="fixed-layout" content="true"/>'), new Map()).layout).toBe('pre-paginated');
    const apple = new Map([
      [
        'META-INF/com.apple.ibooks.display-options.xml',
        enc('<display_options><platform name="*"><option name="fixed-layout">true</option></platform></display_options>'),
      ],
    ]);
    expect(packageRendition(metasOf(''), apple).layout).toBe('pre-paginated');
  });
});

describe('itemRendition', () => {
  it('inherits the book layout unless the itemref overrides it', () => {
    expect(itemRendition([], 'pre-paginated')).toEqual({ layout: 'pre-paginated' });
    expect(itemRendition(['rendition:layout-reflowable'], 'pre-paginated')).toEqual({ layout: 'reflowable' });
    expect(itemRendition(['rendition:layout-pre-paginated'], 'reflowable')).toEqual({ layout: 'pre-paginated' });
  });

  it('reads the side of the spread in its EPUB 3.0 and rendition: spellings', () => {
    expect(itemRendition(['page-spread-left'], 'pre-paginated').pageSpread).toBe('left');
    expect(itemRendition(['rendition:page-spread-right'], 'pre-paginated').pageSpread).toBe('right');
    expect(itemRendition(['rendition:page-spread-center'], 'pre-paginated').pageSpread).toBe('center');
    expect(itemRendition(['rendition:spread-none'], 'pre-paginated').pageSpread).toBeUndefined();
  });
});

describe('viewports', () => {
  it('parses the viewport meta content, tolerating units, spaces and semicolons', () => {
    expect(parseViewport('width=600, height=837')).toEqual({ width: 600, height: 837 });
    expect(parseViewport(' height = 1024px ; width = 768px ')).toEqual({ width: 768, height: 1024 });
    expect(parseViewport('width=device-width, initial-scale=1')).toBeUndefined();
    expect(parseViewport('width=600')).toBeUndefined();
    expect(parseViewport('width=0, height=800')).toBeUndefined();
    expect(parseViewport('width=1e9, height=800')).toBeUndefined();
  });

  it("reads an XHTML page's viewport from its head only", () => {
    const page = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>p1</title>
      <meta name="viewport" content="width=600, height=837"/></head><body><meta name="viewport" content="width=1, height=1"/></body></html>`;
    expect(xhtmlViewport(page)).toEqual({ width: 600, height: 837 });
    expect(xhtmlViewport('<html><head><title>x</title></head><body><p>no size</p></body></html>')).toBeUndefined();
  });

  it("reads an SVG page's viewBox (its coordinate space) before its width and height, and its title", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="736px" height="1162px" viewBox="0 0 368 581"><title>Page 2</title></svg>`;
    expect(svgPage(svg, 'p.svg')).toEqual({ viewport: { width: 368, height: 581 }, title: 'Page 2' });
    expect(svgPage('<svg xmlns="http://www.w3.org/2000/svg" width="595.28" height="841.89"/>', 'p.svg')).toEqual({
      viewport: { width: 595.28, height: 841.89 },
    });
    expect(svgPage('<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>', 'p.svg')).toEqual({});
  });

  it('finds the size most pages state', () => {
    const a = { width: 600, height: 800 };
    const b = { width: 800, height: 600 };
    expect(commonViewport([a, undefined, b, a])).toEqual(a);
    expect(commonViewport([undefined])).toBeUndefined();
  });
});
