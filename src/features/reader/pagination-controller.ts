/**
 * The paginated reader's state machine, free of React and of the DOM: which chapter is open,
 * which spread of it is shown, turning across chapter ends, jumping to a target and keeping the
 * reading position through relayouts. Measurements come through `PageDom` (page-dom.ts in the
 * browser, fakes in tests); the maths is pagination.ts.
 */
import type { TextQuote } from '../../../sync/collections/text-quote';
import { chapterFraction, slideFrom, spreadAt, spreadCount, spreadForFraction, spreadTransform, type PageGeometry } from './pagination';
import type { Position, Target } from './types';

/** The laid-out chapter, measured along the axis pages turn on (x, or y for vertical books). */
interface PageBox {
  /** The chapter whose section is in the DOM: a target waits until its chapter is rendered. */
  chapterId: string;
  /** One spread: the clip's width (height for vertical books). */
  extent: number;
  gap: number;
  /** The columns' whole scroll length. */
  length: number;
}

export interface PageDom {
  /** null while no chapter is laid out. */
  measure(): PageBox | null;
  /** Where the target's anchor (else its quote's first line) starts, in px from the start of the columns; undefined if it has no box. */
  locate(target: Target): number | undefined;
  /** Move the columns so `spread` is in view. */
  show(transform: string, spread: number, count: number): void;
  /** Play the page-turn slide from `fromX` px. */
  slide(fromX: number): void;
  /** The first words on the shown spread. */
  quoteInView(): TextQuote | null;
}

interface LoadedChapter {
  id: string;
  xhtml: string;
}

/** What the view renders from; a page turn never changes it, so it never re-renders. */
export interface PaginationState {
  chapter: LoadedChapter | null;
  error: string | null;
  columns: 1 | 2;
}

export type PaginationEvent =
  { type: 'state'; state: PaginationState } | { type: 'page'; chapterId: string; spread: number; count: number } | { type: 'position'; position: Position };

export interface PaginationOptions {
  /**
   * The readable chapter before (-1) or after (1) one, undefined at the book's ends; a promise
   * when it must be fetched first (a long book's chapter list comes in pages, decision 054).
   */
  neighbour(chapterId: string, delta: 1 | -1): string | undefined | Promise<string | undefined>;
  geometry: PageGeometry;
  initial: Target;
  load(chapterId: string): Promise<LoadedChapter>;
  /** Warm the chapters either side, so crossing into them is a page turn, not a fetch. */
  prefetch(chapterId: string): void;
}

export class PaginationController {
  readonly geometry: PageGeometry;
  private state: PaginationState = { chapter: null, error: null, columns: 1 };
  private readonly listeners = new Set<(event: PaginationEvent) => void>();
  private dom: PageDom | null = null;
  private layout = { spread: 0, count: 1, extent: 0, gap: 0 };
  /** Where the next layout goes (a jump, or the start of a newly loaded chapter). */
  private pending: Target | null = null;
  /** The last reported position: relayouts put it back in view, so resizing never drifts. */
  private last: Target | null = null;
  /** A turn asked for the slide: the next show() plays it (also after loading the next chapter). */
  private slide: 1 | -1 | 0 = 0;
  /** Asked at each turn: reduced motion may be switched on while the book is open. */
  private wantsSlide: () => boolean = () => false;
  /** Only the latest jump may land: an older chapter load finishing late is dropped. */
  private request = 0;
  private started = false;
  /** The chapter the page count was measured for: until the open chapter is, turns wait. */
  private measured: string | null = null;
  /** Turns asked for before the chapter was laid out (a key pressed as the book opens). */
  private waitingTurns = 0;

  constructor(private readonly options: PaginationOptions) {
    this.geometry = options.geometry;
  }

  subscribe = (listener: (event: PaginationEvent) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): PaginationState => this.state;

  get page(): { spread: number; count: number } {
    return { spread: this.layout.spread, count: this.layout.count };
  }

  attach(dom: PageDom): () => void {
    this.dom = dom;
    return () => {
      if (this.dom === dom) this.dom = null;
    };
  }

  setTurnAnimation(wanted: () => boolean): void {
    this.wantsSlide = wanted;
  }

  /** Open the initial target, once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.goTo(this.options.initial);
  }

  goTo(target: Target): void {
    const ticket = ++this.request;
    if (this.state.chapter?.id === target.chapterId) {
      this.pending = target;
      this.place();
      return;
    }
    this.options.load(target.chapterId).then(
      (chapter) => {
        if (ticket !== this.request) return;
        this.pending = target;
        this.setState({ chapter: { id: chapter.id, xhtml: chapter.xhtml } });
        this.options.prefetch(chapter.id);
      },
      (err: Error) => {
        if (ticket === this.request) this.setState({ error: err.message });
      },
    );
  }

  /** One page forward (1) or back (-1); past a chapter's end, the neighbour opens at its start or end. */
  turn(delta: 1 | -1): void {
    const chapter = this.state.chapter;
    // Without a measured page count every turn would look like the chapter's end and leave it.
    if (!chapter || chapter.id !== this.measured) return void (this.waitingTurns += delta);
    const { spread, count } = this.layout;
    this.slide = delta;
    if (spread + delta >= 0 && spread + delta < count) return this.show(spread + delta);
    const next = this.options.neighbour(chapter.id, delta);
    if (!(next instanceof Promise)) return this.cross(next, delta);
    // Dropped if the reader went somewhere else meanwhile.
    const ticket = this.request;
    next.then(
      (id) => ticket === this.request && this.cross(id, delta),
      () => ticket === this.request && this.cross(undefined, delta),
    );
  }

  /** Past a chapter's end: into the neighbour, at its start going forward and its end going back. */
  private cross(next: string | undefined, delta: 1 | -1): void {
    if (next) this.goTo({ chapterId: next, fraction: delta > 0 ? 0 : 1 });
    else this.slide = 0;
  }

  /** The chapter re-flowed (new chapter, settings, highlights): re-measure, keeping the position. */
  relayout(): void {
    this.place();
  }

  /** The page box changed size; `columns` is how many pages now fit side by side. */
  resize(columns: 1 | 2): void {
    if (columns !== this.state.columns) this.setState({ columns });
    this.place();
  }

  /** Measure the columns and show the spread the pending target (or the last position) is on. */
  private place(): void {
    const box = this.dom?.measure();
    const chapter = this.state.chapter;
    if (!box || !chapter || box.chapterId !== chapter.id) return;
    const count = spreadCount(box.length, box.extent, box.gap);
    this.layout = { ...this.layout, extent: box.extent, gap: box.gap, count };
    const candidate = this.pending ?? this.last;
    this.pending = null;
    const target = candidate?.chapterId === chapter.id ? candidate : null;
    let spread = Math.min(this.layout.spread, count - 1);
    if (target) {
      const offset = this.dom!.locate(target);
      spread = offset !== undefined ? spreadAt(offset, box.extent, box.gap, count) : spreadForFraction(target.fraction ?? 0, count);
    }
    // A quote jumped to is reported as it is, so switching views back and forth never drifts.
    this.show(spread, target?.quote && !target.anchor ? target : undefined);
    if (this.measured !== chapter.id) {
      this.measured = chapter.id;
      const waiting = this.waitingTurns;
      this.waitingTurns = 0;
      for (let i = 0; i < Math.abs(waiting); i++) this.turn(waiting > 0 ? 1 : -1);
    }
  }

  private show(spread: number, at?: Target): void {
    const dom = this.dom;
    const chapter = this.state.chapter;
    if (!dom || !chapter) return;
    const { extent, gap, count } = this.layout;
    this.layout.spread = spread;
    dom.show(spreadTransform(spread, extent, gap, this.geometry), spread, count);
    const delta = this.slide;
    this.slide = 0;
    // The page is already in place; the slide is only an animation on top, so a turn starts as
    // fast with it as without.
    if (delta && this.wantsSlide()) dom.slide(slideFrom(delta, this.geometry));
    this.emit({ type: 'page', chapterId: chapter.id, spread, count });
    const fraction = chapterFraction(spread, count);
    const quote = at?.quote ?? dom.quoteInView();
    if (!quote) return;
    this.last = { chapterId: chapter.id, quote };
    this.emit({ type: 'position', position: { chapterId: chapter.id, quote, chapterFraction: fraction } });
  }

  private setState(patch: Partial<PaginationState>): void {
    this.state = { ...this.state, ...patch };
    this.emit({ type: 'state', state: this.state });
  }

  private emit(event: PaginationEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
