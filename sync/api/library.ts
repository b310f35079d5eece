/** Wire types of /api/library. Progress is not here: it lives in the replicated library-progress collection. */
import * as z from 'zod/mini';
import { endpoint } from './contract';
import { ImageSetSchema } from './images';

export const LibraryBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  authors: z.array(z.string()),
  /** Readable by the owner even when the book is unpublished (an asset URL, not the public cover). */
  coverUrl: z.nullable(z.string()),
  /** The cover's WebP and AVIF variants, once made (server/images). */
  coverSet: z.optional(ImageSetSchema),
  source: z.enum(['seed', 'claim', 'purchase', 'author']),
  acquiredAt: z.number(),
  /** The owner's own EPUB, private to them and charged to their file quota; they may remove it.
   * Optional: a library cached offline before sideloading existed lacks it. */
  sideloaded: z.optional(z.boolean()),
});
export type LibraryBook = z.infer<typeof LibraryBookSchema>;

export const getLibrary = endpoint({ method: 'GET', path: '/api/library', response: z.object({ books: z.array(LibraryBookSchema) }) });
export type LibraryResponse = z.infer<typeof getLibrary.response>;

/** Room left for one's own EPUBs: the same quota as /api/files (each distinct upload counted once). */
export const getLibraryStorage = endpoint({
  method: 'GET',
  path: '/api/library/storage',
  response: z.object({ usedBytes: z.number(), quotaBytes: z.number(), maxUploadBytes: z.number() }),
});
export type LibraryStorage = z.infer<typeof getLibraryStorage.response>;

/**
 * Adds one's own DRM-free EPUB (the raw request body, sent with upload progress) to one's library
 * as a private book. Refusals: 413 past the size or the quota, 422 for a DRM-protected or
 * unreadable EPUB; each names the `file` field.
 */
export const addSideload = endpoint({
  method: 'POST',
  path: '/api/library/sideloads',
  status: 201,
  response: z.object({ book: LibraryBookSchema, usedBytes: z.number() }),
});
export type SideloadAdded = z.infer<typeof addSideload.response>;

/** Removes a sideloaded book for good (it frees its quota); 404 for anyone but its owner. */
export const deleteSideload = endpoint({ method: 'DELETE', path: '/api/library/sideloads/:id', status: 204, response: z.undefined() });
