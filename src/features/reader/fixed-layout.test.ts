import { describe, expect, it } from 'vitest';
import { buildSpreads, fixedPages, pageLabel, pageProgress, placeSpread, spreadIndexOf, typicalSize, wantsTwoUp, type FixedPage } from './fixed-layout';

const SIZE = { width: 600, height: 800 };
const page = (n: number, side?: FixedPage['side'], viewport: FixedPage['viewport'] | null = SIZE): FixedPage => ({
  id: `p${n}`,
  number: n,
  title: `Page ${n}`,
  ...(side ? { side } : {}),
  ...(viewport ? { viewport } : {}),
});
const ids = (spreads: ReturnType<typeof buildSpreads>) => spreads.map((s) => s.pages.map((p) => p.number).join('+'));

describe('fixedPages', () => {
  it('numbers the readable pages and keeps their sides and sizes', () => {
    const chapters = [
      { id: 'a', title: 'Cover', linear: true, wordCount: 0, readable: true, pageSpread: 'right' as const, viewport: SIZE },
      { id: 'b', title: 'Locked', linear: true, wordCount: 0, readable: false, viewport: SIZE },
      { id: 'c', title: 'Page 3', linear: true, wordCount: 0, readable: true, viewport: SIZE },
    ];
    expect(fixedPages({ chapters })).toEqual([
      { id: 'a', number: 1, title: 'Cover', side: 'right', viewport: SIZE },
      { id: 'c', number: 2, title: 'Page 3', viewport: SIZE },
    ]);
  });
});

describe('wantsTwoUp', () => {
  const wide = { width: 1300, height: 740 };
  const tall = { width: 390, height: 760 };
  it('pairs portrait pages on a landscape screen by default, never on a phone or when the book says none', () => {
    expect(wantsTwoUp('auto', wide, SIZE)).toBe(true);
    expect(wantsTwoUp('auto', tall, SIZE)).toBe(false);
    expect(wantsTwoUp('none', wide, SIZE)).toBe(false);
    expect(wantsTwoUp(undefined, wide, SIZE)).toBe(true);
  });
  it('keeps landscape pages single unless the book asks for spreads; both means portrait screens too', () => {
    const landscapePage = { width: 1024, height: 768 };
    expect(wantsTwoUp('auto', wide, landscapePage)).toBe(false);
    expect(wantsTwoUp('landscape', wide, landscapePage)).toBe(true);
    expect(wantsTwoUp('both', { width: 800, height: 1000 }, SIZE)).toBe(true);
    expect(wantsTwoUp('both', { width: 500, height: 1000 }, SIZE)).toBe(false);
  });
});

describe('buildSpreads', () => {
  it('shows one page at a time when not two up', () => {
    expect(ids(buildSpreads([page(1), page(2), page(3)], 'ltr', false))).toEqual(['1', '2', '3']);
  });

  it('pairs pages in order, the earlier on the left, or on the right for right-to-left books', () => {
    const pages = [page(1), page(2), page(3), page(4), page(5)];
    const ltr = buildSpreads(pages, 'ltr', true);
    expect(ids(ltr)).toEqual(['1+2', '3+4', '5']);
    expect(ltr[0]!.sides).toEqual(['left', 'right']);
    expect(ltr[2]!.sides).toEqual(['left']);
    const rtl = buildSpreads(pages, 'rtl', true);
    expect(ids(rtl)).toEqual(['1+2', '3+4', '5']);
    expect(rtl[0]!.sides).toEqual(['right', 'left']);
  });

  it('honours page-spread sides: a cover on the right stands alone, a start-side page opens a spread', () => {
    expect(ids(buildSpreads([page(1, 'right'), page(2), page(3), page(4)], 'ltr', true))).toEqual(['1', '2+3', '4']);
    expect(buildSpreads([page(1, 'right')], 'ltr', true)[0]!.sides).toEqual(['right']);
    expect(ids(buildSpreads([page(1), page(2, 'left'), page(3, 'right')], 'ltr', true))).toEqual(['1', '2+3']);
    // Right to left: the cover on the left closes its (empty) spread; then right + left pairs.
    expect(ids(buildSpreads([page(1, 'left'), page(2, 'right'), page(3, 'left')], 'rtl', true))).toEqual(['1', '2+3']);
  });

  it('keeps centred and reflowable pages alone', () => {
    expect(ids(buildSpreads([page(1), page(2, 'center'), page(3), page(4, undefined, null), page(5)], 'ltr', true))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('finds the spread showing a page', () => {
    const spreads = buildSpreads([page(1, 'right'), page(2), page(3)], 'ltr', true);
    expect(spreadIndexOf(spreads, 'p3')).toBe(1);
    expect(spreadIndexOf(spreads, 'nope')).toBe(0);
  });
});

describe('placeSpread', () => {
  const area = { width: 1200, height: 800 };
  it('fits one page to the whole area', () => {
    const [slot] = placeSpread({ pages: [page(1)], sides: ['center'] }, { width: 390, height: 760 }, false, 'ltr');
    expect(slot).toMatchObject({ width: 390, height: 520, scale: 0.65 });
  });

  it('gives facing pages one scale, fitting the smaller in half the area', () => {
    const big = page(2, undefined, { width: 1200, height: 1600 });
    const slots = placeSpread({ pages: [page(1), big], sides: ['left', 'right'] }, area, true, 'ltr');
    expect(slots.map((s) => s.width)).toEqual([300, 600]);
    expect(slots.map((s) => s.height)).toEqual([400, 800]);
  });

  it('puts a lone page on its side with an empty box beside it, by the progression', () => {
    const right = placeSpread({ pages: [page(1, 'right')], sides: ['right'] }, area, true, 'ltr');
    expect(right.map((s) => s.page?.number ?? null)).toEqual([null, 1]);
    const left = placeSpread({ pages: [page(5)], sides: ['left'] }, area, true, 'ltr');
    expect(left.map((s) => s.page?.number ?? null)).toEqual([5, null]);
    // Right to left the view starts from the right: a lone right-hand page comes first.
    expect(placeSpread({ pages: [page(1)], sides: ['right'] }, area, true, 'rtl').map((s) => s.page?.number ?? null)).toEqual([1, null]);
  });

  it('lets a reflowable page fill the area unscaled', () => {
    expect(placeSpread({ pages: [page(1, undefined, null)], sides: ['center'] }, area, true, 'ltr')).toEqual([
      { page: page(1, undefined, null), ...area, scale: 1 },
    ]);
  });
});

describe('progress', () => {
  const pages = [page(1), page(2), page(3), { ...page(4), title: 'The End' }, page(5)];
  it('runs from 0 on the first page to 1 on the last', () => {
    expect(pageProgress(pages, 'p1')).toBe(0);
    expect(pageProgress(pages, 'p3')).toBe(0.5);
    expect(pageProgress(pages, 'p5')).toBe(1);
    expect(pageProgress([page(1)], 'p1')).toBe(1);
  });
  it('says the page number, and the title when it is more than a number', () => {
    expect(pageLabel(pages, 'p2')).toBe('Page 2 of 5 · 25%');
    expect(pageLabel(pages, 'p4')).toBe('The End · Page 4 of 5 · 75%');
  });
  it('takes the size most pages have', () => {
    expect(typicalSize([page(1), page(2, undefined, { width: 1, height: 2 }), page(3), page(4, undefined, null)])).toEqual(SIZE);
  });
});
