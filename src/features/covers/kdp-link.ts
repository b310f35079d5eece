/**
 * The link from a book's print layout to its paperback cover: the typeset page count, trim,
 * title and authors travel in the query, so the cover's spine matches the pages that will print.
 * Kept apart from the designer so /printable can build it without loading the designer.
 */
interface PrintedBook {
  title: string;
  contributors: readonly { name: string; role: string }[];
}

export function kdpCoverHref(book: PrintedBook, trimId: string, pages: number): string {
  const authors = book.contributors.filter((c) => /author/i.test(c.role)).map((c) => c.name);
  const query = new URLSearchParams({ trim: trimId, pages: String(pages), title: book.title, author: authors.join(' & '), from: book.title });
  return `/kdp-cover?${query.toString()}`;
}

/** A manuscript's saved paperback cover, opened at the trim its print layout was typeset at. */
export function manuscriptCoverHref(manuscriptId: string, trimId?: string): string {
  const query = new URLSearchParams({ manuscript: manuscriptId });
  if (trimId) query.set('trim', trimId);
  return `/kdp-cover?${query.toString()}`;
}

/** The print layout of a manuscript, at a trim. */
export const manuscriptPrintHref = (manuscriptId: string, trimId?: string): string =>
  `/printable/manuscript/${encodeURIComponent(manuscriptId)}${trimId ? `?trim=${encodeURIComponent(trimId)}` : ''}`;
