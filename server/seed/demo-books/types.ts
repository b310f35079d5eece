/** The shape of a demo book before it becomes a canonical book (see ../seed-books.ts). */
import type { Contributor } from '../../../sync/book-format';
import type { CoverDesign } from '../covers';

export interface DemoBook {
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  /** `account: 'author'` links the contributor to the demo author account. */
  contributors: (Contributor & { account?: 'author' })[];
  publisher: string;
  /** Published under the demo publisher's imprint. */
  imprint: boolean;
  isbn: string;
  priceCents: number;
  genres: string[];
  featured: boolean;
  /** Spread over recent weeks, counted back from the first seed. */
  publishedDaysAgo: number;
  cover: CoverDesign;
  chapters: { title: string; xhtml: string }[];
}
