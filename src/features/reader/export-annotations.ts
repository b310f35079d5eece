/** Export of a book's highlights, notes and bookmarks as Markdown and JSON, with no cap. */
import type { BookDetailResponse } from '../../../sync/api/books';
import type { Annotation } from '../../../sync/collections/annotations';

type BookInfo = Pick<BookDetailResponse, 'id' | 'title' | 'contributors' | 'chapters'>;

const authorsOf = (book: BookInfo) => book.contributors.map((c) => c.name).join(', ');
const chapterTitle = (book: BookInfo, id: string) => book.chapters.find((c) => c.id === id)?.title || 'Untitled chapter';
/** Chapter order first, then creation order: the order a reader met them in. */
function ordered(book: BookInfo, list: Annotation[]): Annotation[] {
  const index = new Map(book.chapters.map((c, i) => [c.id, i]));
  return [...list].sort((a, b) => (index.get(a.chapterId) ?? 0) - (index.get(b.chapterId) ?? 0) || a.createdAt - b.createdAt);
}

export function toMarkdown(book: BookInfo, list: Annotation[]): string {
  const lines = [`# ${book.title}`, ''];
  if (authorsOf(book)) lines.push(`*${authorsOf(book)}*`, '');
  let chapter = '';
  for (const a of ordered(book, list)) {
    if (a.chapterId !== chapter) {
      chapter = a.chapterId;
      lines.push(`## ${chapterTitle(book, a.chapterId)}`, '');
    }
    const quote = a.quote.exact
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    lines.push(a.kind === 'bookmark' ? `- Bookmark: “${a.quote.exact.slice(0, 80)}”` : quote);
    if (a.note) lines.push('', a.note);
    lines.push('');
  }
  return lines.join('\n');
}

export function toJson(book: BookInfo, list: Annotation[]): string {
  return JSON.stringify(
    {
      book: { id: book.id, title: book.title, authors: book.contributors.map((c) => c.name) },
      annotations: ordered(book, list).map((a) => ({
        kind: a.kind,
        chapterId: a.chapterId,
        chapterTitle: chapterTitle(book, a.chapterId),
        text: a.quote.exact,
        selector: { type: 'TextQuoteSelector', ...a.quote },
        colour: a.colour,
        note: a.note,
        createdAt: new Date(a.createdAt).toISOString(),
        updatedAt: new Date(a.updatedAt).toISOString(),
      })),
    },
    null,
    2,
  );
}

export function exportFile(name: string, type: string, body: string) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
