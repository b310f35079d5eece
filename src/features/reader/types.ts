/** Shared shapes of the reader's views. */
import type { BookDetailResponse } from '../../../sync/api/books';
import type { TextQuote } from '../../../sync/collections/text-quote';
import type { HighlightMark } from './chapter-dom';
import type { ReaderSettings } from './reader-settings';

/** Where to go: a chapter plus the most precise of anchor (element id), quote, fraction. */
export interface Target {
  chapterId: string;
  anchor?: string;
  quote?: TextQuote;
  fraction?: number;
}

export interface Position {
  chapterId: string;
  quote: TextQuote;
  chapterFraction: number;
}

export interface ViewHandle {
  goTo(target: Target): void;
  next(): void;
  prev(): void;
}

export interface ViewProps {
  book: BookDetailResponse;
  settings: ReaderSettings;
  initial: Target;
  highlights: (HighlightMark & { chapterId: string })[];
  onPosition(position: Position): void;
  onSelect(selection: { chapterId: string; quote: TextQuote; rect: DOMRect } | null): void;
  /** A tap in the middle of the page (not a turn): phones bring the toolbar back with it. */
  onCentreTap?(): void;
}
