/** A small canonical book for the checks' unit tests: chapters given as [title, xhtml]. */
import { CanonicalBookSchema, type CanonicalBook } from '../../../sync/book-format';
import type { CheckInput } from './types';

export function testBook(chapters: [string, string][]): CanonicalBook {
  return CanonicalBookSchema.parse({
    metadata: {
      id: 'b1',
      slug: 'the-salt-orchard',
      title: 'The Salt Orchard',
      language: 'en',
      contributors: [{ name: 'Ada', role: 'author' }],
      priceCents: 499,
      currency: 'USD',
      genres: ['FB'],
    },
    chapters: chapters.map(([title, xhtml], i) => ({ id: `c${i + 1}`, title, xhtml })),
    assets: [],
    toc: chapters.map(([title], i) => ({ title, chapterId: `c${i + 1}`, children: [] })),
  });
}

export function testInput(over: Partial<CheckInput> = {}): CheckInput {
  return { book: testBook([['Arrival', '<p>The orchard ran down to the sea.</p>']]), metadata: {}, isbn: null, cover: null, images: [], ...over };
}
