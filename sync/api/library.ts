/** Wire types of /api/library. Progress is not here: it lives in the replicated library-progress collection. */
import * as z from 'zod/mini';
import { endpoint } from './contract';

export const LibraryBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  authors: z.array(z.string()),
  /** Readable by the owner even when the book is unpublished (an asset URL, not the public cover). */
  coverUrl: z.nullable(z.string()),
  source: z.enum(['seed', 'claim', 'purchase', 'author']),
  acquiredAt: z.number(),
});
export type LibraryBook = z.infer<typeof LibraryBookSchema>;

export const getLibrary = endpoint({ method: 'GET', path: '/api/library', response: z.object({ books: z.array(LibraryBookSchema) }) });
export type LibraryResponse = z.infer<typeof getLibrary.response>;
