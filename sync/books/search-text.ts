/**
 * What "contains the words" means for search in a book, on the server (which chapters of a long
 * book hold them) and in the reader (where in a chapter): whitespace runs count as one space and
 * case is ignored, over the chapter's text as the reader renders it (its textContent).
 */

/** The query as it is looked for; empty when there is nothing to look for. */
export const searchNeedle = (query: string): string => query.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether `text` holds `needle` (from searchNeedle). */
export const textHolds = (text: string, needle: string): boolean => needle !== '' && text.replace(/\s+/g, ' ').toLowerCase().includes(needle);
