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
  /** A sale price, running from the first seed for DEMO_DISCOUNT_DAYS. */
  discountCents?: number;
  /** BCP 47; English when absent. */
  language?: string;
  /** Thema subject codes (sync/store/genres.ts). */
  genres: string[];
  featured: boolean;
  /** Spread over recent weeks, counted back from the first seed. */
  publishedDaysAgo: number;
  cover: CoverDesign;
  chapters: { title: string; xhtml: string }[];
}
