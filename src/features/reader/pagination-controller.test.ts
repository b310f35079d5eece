import { describe, expect, it, vi } from 'vitest';
import { pageGeometry } from './pagination';
import { PaginationController, type PageDom, type PaginationEvent } from './pagination-controller';
import type { Target } from './types';

/**
 * A fake laid-out book: chapter `id` holds `words[id]` words named `w0`, `w1`…, `perPage` to a
 * page, so word i is on page floor(i / perPage). Narrowing the page (smaller `perPage`) re-flows
 * the text onto more pages, as a resize does.
 */
function fakeBook(words: Record<string, number>, { extent = 800, gap = 40, perPage = 10 } = {}) {
  const dom = { rendered: null as string | null, extent, gap, perPage, anchors: {} as Record<string, number>, shown: [] as string[], slides: [] as number[] };
  const stride = () => dom.extent + dom.gap;
  const pages = () => Math.ceil(words[dom.rendered!]! / dom.perPage);
  const spread = () => Number(/-?\d+(\.\d+)?/.exec(dom.shown.at(-1) ?? '0')![0]) / stride();
  const port: PageDom = {
    measure: () => (dom.rendered ? { chapterId: dom.rendered, extent: dom.extent, gap: dom.gap, length: pages() * stride() - dom.gap } : null),
    locate: (t) => {
      const word = t.anchor ? dom.anchors[t.anchor] : t.quote ? Number(t.quote.exact.slice(1)) : undefined;
      return word === undefined || Number.isNaN(word) || word >= words[dom.rendered!]! ? undefined : Math.floor(word / dom.perPage) * stride() + 5;
    },
    show: (transform) => void dom.shown.push(transform),
    slide: (fromX) => void dom.slides.push(fromX),
    quoteInView: () => quote(`w${Math.abs(spread()) * dom.perPage}`),
  };
  return { dom, port };
}

const quote = (exact: string) => ({ exact, prefix: '', suffix: '' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function open(words: Record<string, number>, initial: Target, options: { direction?: string; writingMode?: string; perPage?: number } = {}) {
  const { dom, port } = fakeBook(words, { perPage: options.perPage });
  const load = vi.fn((id: string) => (id in words ? Promise.resolve({ id, xhtml: `<p>${id}</p>` }) : Promise.reject(new Error(`No chapter ${id}`))));
  const prefetch = vi.fn();
  const controller = new PaginationController({
    neighbour: (id, delta) => Object.keys(words)[Object.keys(words).indexOf(id) + delta],
    geometry: pageGeometry(options.writingMode ?? 'horizontal-tb', options.direction ?? 'ltr'),
    initial,
    load,
    prefetch,
  });
  const detach = controller.attach(port);
  const events: PaginationEvent[] = [];
  controller.subscribe((e) => events.push(e));
  /** What the view does after a render: the new chapter is in the DOM, then it is laid out. */
  const render = async () => {
    await flush();
    const chapter = controller.getState().chapter;
    if (chapter && chapter.id !== dom.rendered) {
      dom.rendered = chapter.id;
      controller.relayout();
    }
  };
  controller.start();
  await render();
  const positions = () => events.flatMap((e) => (e.type === 'position' ? [e.position] : []));
  return { controller, dom, load, prefetch, events, render, detach, positions, last: () => positions().at(-1)! };
}

describe('PaginationController', () => {
  it('opens the initial target and reports the chapter, the page and the position', async () => {
    const r = await open({ a: 50, b: 30 }, { chapterId: 'a', fraction: 0.5 });
    expect(r.controller.getState()).toEqual({ chapter: { id: 'a', xhtml: '<p>a</p>' }, error: null, columns: 1 });
    expect(r.controller.page).toEqual({ spread: 2, count: 5 });
    expect(r.events.map((e) => e.type)).toEqual(['state', 'page', 'position']);
    expect(r.events[1]).toEqual({ type: 'page', chapterId: 'a', spread: 2, count: 5 });
    expect(r.last()).toEqual({ chapterId: 'a', quote: quote('w20'), chapterFraction: 0.5 });
    expect(r.dom.shown.at(-1)).toBe('translateX(-1680px)');
    expect(r.prefetch).toHaveBeenCalledWith('a');
  });

  it('turns forward and back within a chapter without re-rendering', async () => {
    const r = await open({ a: 50 }, { chapterId: 'a', fraction: 0 });
    const states = r.events.filter((e) => e.type === 'state').length;
    r.controller.turn(1);
    r.controller.turn(1);
    expect(r.controller.page.spread).toBe(2);
    expect(r.last()).toEqual({ chapterId: 'a', quote: quote('w20'), chapterFraction: 0.5 });
    r.controller.turn(-1);
    expect(r.controller.page.spread).toBe(1);
    expect(r.dom.shown.at(-1)).toBe('translateX(-840px)');
    expect(r.last().quote).toEqual(quote('w10'));
    expect(r.events.filter((e) => e.type === 'state')).toHaveLength(states);
    expect(r.load).toHaveBeenCalledTimes(1);
  });

  it('crosses into the next chapter at its start and back into the previous one at its end', async () => {
    const r = await open({ a: 20, b: 30 }, { chapterId: 'a', fraction: 1 });
    expect(r.controller.page).toEqual({ spread: 1, count: 2 });
    r.controller.turn(1);
    await r.render();
    expect(r.load).toHaveBeenLastCalledWith('b');
    expect(r.controller.getState().chapter?.id).toBe('b');
    expect(r.controller.page).toEqual({ spread: 0, count: 3 });
    expect(r.last()).toEqual({ chapterId: 'b', quote: quote('w0'), chapterFraction: 0 });
    r.controller.turn(-1);
    await r.render();
    expect(r.controller.getState().chapter?.id).toBe('a');
    expect(r.controller.page).toEqual({ spread: 1, count: 2 });
    expect(r.last()).toEqual({ chapterId: 'a', quote: quote('w10'), chapterFraction: 1 });
  });

  it('stays put before the first page of the book and after its last', async () => {
    const r = await open({ a: 20, b: 20 }, { chapterId: 'a', fraction: 0 });
    const before = r.events.length;
    r.controller.turn(-1);
    await r.render();
    expect(r.events).toHaveLength(before);
    r.controller.goTo({ chapterId: 'b', fraction: 1 });
    await r.render();
    const atEnd = r.events.length;
    r.controller.turn(1);
    await r.render();
    expect(r.events).toHaveLength(atEnd);
    expect(r.controller.page).toEqual({ spread: 1, count: 2 });
    expect(r.load).toHaveBeenCalledTimes(2);
  });

  it('moves right-to-left books the other way and vertical books down, sliding from the forward side', async () => {
    const rtl = await open({ a: 30 }, { chapterId: 'a', fraction: 0 }, { direction: 'rtl' });
    rtl.controller.setTurnAnimation(() => true);
    rtl.controller.turn(1);
    expect(rtl.dom.shown.at(-1)).toBe('translateX(840px)');
    expect(rtl.dom.slides).toEqual([-40]);
    expect(rtl.last().quote).toEqual(quote('w10'));

    const vertical = await open({ a: 30 }, { chapterId: 'a', fraction: 0 }, { writingMode: 'vertical-rl', direction: 'rtl' });
    expect(vertical.controller.geometry.progression).toBe('rtl');
    vertical.controller.turn(1);
    expect(vertical.dom.shown.at(-1)).toBe('translateY(-840px)');

    const ltr = await open({ a: 30 }, { chapterId: 'a', fraction: 0 });
    ltr.controller.setTurnAnimation(() => true);
    ltr.controller.turn(1);
    expect(ltr.dom.slides).toEqual([40]);
  });

  it('plays the slide only when wanted, and only after the chapter a turn crossed into is laid out', async () => {
    const r = await open({ a: 10, b: 10 }, { chapterId: 'a', fraction: 0 });
    let wanted = false;
    r.controller.setTurnAnimation(() => wanted);
    r.controller.turn(1);
    await r.render();
    expect(r.controller.getState().chapter?.id).toBe('b');
    expect(r.dom.slides).toEqual([]);
    wanted = true;
    r.controller.turn(-1);
    expect(r.dom.slides).toEqual([]);
    await r.render();
    expect(r.controller.getState().chapter?.id).toBe('a');
    expect(r.dom.slides).toEqual([-40]);
    // Jumps never slide.
    r.controller.goTo({ chapterId: 'a', quote: quote('w3') });
    r.controller.goTo({ chapterId: 'b', fraction: 1 });
    await r.render();
    expect(r.dom.slides).toEqual([-40]);
  });

  it('keeps the reading position when a relayout changes the page count', async () => {
    const r = await open({ a: 100 }, { chapterId: 'a', fraction: 0 });
    r.controller.turn(1);
    r.controller.turn(1);
    r.controller.turn(1);
    expect(r.last().quote).toEqual(quote('w30'));
    // Narrower pages: twice as many of them, and w30 is now on page 6.
    r.dom.perPage = 5;
    r.controller.resize(1);
    expect(r.controller.page).toEqual({ spread: 6, count: 20 });
    expect(r.last().quote).toEqual(quote('w30'));
    // Wide enough for two columns: the view re-renders, then lays out again.
    r.dom.perPage = 20;
    r.controller.resize(2);
    expect(r.events.filter((e) => e.type === 'state').at(-1)).toMatchObject({ state: { columns: 2 } });
    r.controller.relayout();
    expect(r.controller.page).toEqual({ spread: 1, count: 5 });
    expect(r.last().quote).toEqual(quote('w30'));
  });

  it('jumps to a quote, an anchor or a fraction, in this chapter or another', async () => {
    const r = await open({ a: 50, b: 50 }, { chapterId: 'a', fraction: 0 });
    // A quote is reported as it was asked for, so switching views never drifts.
    r.controller.goTo({ chapterId: 'a', quote: quote('w37'), fraction: 0 });
    expect(r.controller.page.spread).toBe(3);
    expect(r.last()).toEqual({ chapterId: 'a', quote: quote('w37'), chapterFraction: 0.75 });
    // An anchor reports the words the page starts with.
    r.dom.anchors.note = 15;
    r.controller.goTo({ chapterId: 'a', anchor: 'note', fraction: 0 });
    expect(r.controller.page.spread).toBe(1);
    expect(r.last().quote).toEqual(quote('w10'));
    // A quote that is no longer in the text falls back to the fraction.
    r.controller.goTo({ chapterId: 'a', quote: quote('gone'), fraction: 1 });
    expect(r.controller.page.spread).toBe(4);
    expect(r.last().quote).toEqual(quote('gone'));
    // Another chapter: loaded, rendered, then placed.
    r.controller.goTo({ chapterId: 'b', quote: quote('w22') });
    expect(r.controller.getState().chapter?.id).toBe('a');
    await r.render();
    expect(r.prefetch).toHaveBeenLastCalledWith('b');
    expect(r.controller.page.spread).toBe(2);
    expect(r.last()).toEqual({ chapterId: 'b', quote: quote('w22'), chapterFraction: 0.5 });
  });

  it('waits for the new chapter to be in the DOM before placing the target', async () => {
    const r = await open({ a: 50, b: 50 }, { chapterId: 'a', fraction: 0 });
    r.controller.goTo({ chapterId: 'b', fraction: 1 });
    await flush();
    // A resize between the load and the render still lays out chapter a: nothing moves.
    const before = r.events.filter((e) => e.type !== 'state').length;
    r.controller.resize(1);
    expect(r.events.filter((e) => e.type !== 'state')).toHaveLength(before);
    await r.render();
    expect(r.last()).toMatchObject({ chapterId: 'b', chapterFraction: 1 });
  });

  it('keeps a turn asked for before the chapter is laid out, instead of leaving the chapter', async () => {
    const { dom, port } = fakeBook({ a: 50, b: 50 });
    const controller = new PaginationController({
      neighbour: (id, delta) => ['a', 'b'][['a', 'b'].indexOf(id) + delta],
      geometry: pageGeometry('horizontal-tb', 'ltr'),
      initial: { chapterId: 'a', fraction: 0 },
      load: (id) => Promise.resolve({ id, xhtml: `<p>${id}</p>` }),
      prefetch: () => {},
    });
    controller.attach(port);
    controller.start();
    controller.turn(1); // still loading
    await flush();
    controller.turn(1); // loaded, not yet measured: the page count is unknown
    expect(controller.getState().chapter?.id).toBe('a');
    dom.rendered = 'a';
    controller.relayout();
    expect(controller.getState().chapter?.id).toBe('a');
    expect(controller.page).toEqual({ spread: 2, count: 5 });
  });

  it('crosses into a neighbour that must be fetched first, unless the reader went elsewhere meanwhile', async () => {
    const { dom, port } = fakeBook({ a: 10, b: 10, c: 10 });
    const asked: ((id: string | undefined) => void)[] = [];
    const controller = new PaginationController({
      // A long book's next chapter is on a page of the chapter list not fetched yet (decision 054).
      neighbour: () => new Promise((resolve) => asked.push(resolve)),
      geometry: pageGeometry('horizontal-tb', 'ltr'),
      initial: { chapterId: 'a', fraction: 0 },
      load: (id) => Promise.resolve({ id, xhtml: `<p>${id}</p>` }),
      prefetch: () => {},
    });
    controller.attach(port);
    controller.start();
    await flush();
    dom.rendered = 'a';
    controller.relayout();
    controller.turn(1); // a's one page: past its end
    expect(asked).toHaveLength(1);
    asked[0]!('b');
    await flush();
    expect(controller.getState().chapter?.id).toBe('b');
    dom.rendered = 'b';
    controller.relayout();
    controller.turn(1);
    controller.goTo({ chapterId: 'a', fraction: 0 }); // a jump before the list answers
    asked[1]!('c');
    await flush();
    expect(controller.getState().chapter?.id).toBe('a');
  });

  it('lets only the latest jump land and reports a chapter that fails to load', async () => {
    const r = await open({ a: 10, b: 10, c: 10 }, { chapterId: 'a', fraction: 0 });
    let finishB!: (c: { id: string; xhtml: string }) => void;
    r.load.mockImplementationOnce(() => new Promise((resolve) => (finishB = resolve)));
    r.controller.goTo({ chapterId: 'b', fraction: 0 });
    r.controller.goTo({ chapterId: 'c', fraction: 0 });
    await r.render();
    finishB({ id: 'b', xhtml: '' });
    await r.render();
    expect(r.controller.getState().chapter?.id).toBe('c');
    r.controller.goTo({ chapterId: 'missing' });
    await r.render();
    expect(r.controller.getState().error).toBe('No chapter missing');
  });

  it('stops notifying after unsubscribing and measures nothing once detached', async () => {
    const r = await open({ a: 30 }, { chapterId: 'a', fraction: 0 });
    const listener = vi.fn();
    const unsubscribe = r.controller.subscribe(listener);
    r.controller.turn(1);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    r.controller.turn(1);
    expect(listener).not.toHaveBeenCalled();
    r.detach();
    const shown = r.dom.shown.length;
    r.controller.turn(-1);
    r.controller.relayout();
    expect(r.dom.shown).toHaveLength(shown);
  });
});
