/**
 * An imprint's public storefront: edited at /publisher/publisher-store by its owner and managers
 * (sync/roles.ts 'storefront:manage'; staff see it), shown to everyone at
 * /store/publisher/{slug} and linked from each of its books' store pages. The logo and banner are
 * images from the editor's /files, shown through the image pipeline's variants; the featured
 * books are chosen and ordered from the imprint's published books.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ImageSetSchema } from './images';
import { StoreBookCardSchema } from './store';
import { IMPRINT_DESCRIPTION_MAX } from './publisher-team';
import { endpoint } from './contract';

export const FEATURED_MAX = 8;

const StoreImageSchema = zm.object({ fileId: zm.string(), url: zm.string(), set: zm.optional(ImageSetSchema) });
export type StoreImage = zm.infer<typeof StoreImageSchema>;

const StorefrontSchema = zm.object({
  name: zm.string(),
  /** Null until the storefront is first saved: then it has no public page yet. */
  slug: zm.nullable(zm.string()),
  description: zm.string(),
  website: zm.string(),
  logo: zm.nullable(StoreImageSchema),
  banner: zm.nullable(StoreImageSchema),
  featured: zm.array(StoreBookCardSchema),
});
export type Storefront = zm.infer<typeof StorefrontSchema>;

export const getStorefrontSettings = endpoint({
  method: 'GET',
  path: '/api/publisher/imprints/:imprintId/storefront',
  response: zm.object({
    storefront: StorefrontSchema,
    /** What may be featured: the imprint's published books. */
    publishedBooks: zm.array(zm.object({ id: zm.string(), title: zm.string() })),
  }),
});

const fileId = z.string().max(64).nullable();

export const StorefrontInput = z.strictObject({
  description: z
    .string()
    .trim()
    .max(IMPRINT_DESCRIPTION_MAX, `At most ${IMPRINT_DESCRIPTION_MAX.toLocaleString('en')} characters.`),
  logoFileId: fileId,
  bannerFileId: fileId,
  featured: z
    .array(z.string().max(64))
    .max(FEATURED_MAX, `Feature at most ${FEATURED_MAX} books.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A book is featured once.'),
});
export type StorefrontInput = z.input<typeof StorefrontInput>;

export const saveStorefront = endpoint({
  method: 'PUT',
  path: '/api/publisher/imprints/:imprintId/storefront',
  body: StorefrontInput,
  response: zm.object({ storefront: StorefrontSchema }),
});

/** The public page: the storefront and every published book of the imprint, newest first. */
export const getPublicStorefront = endpoint({
  method: 'GET',
  path: '/api/store/publishers/:slug',
  response: zm.object({ storefront: StorefrontSchema, books: zm.array(StoreBookCardSchema) }),
});

/** The public page's address. */
export const storefrontPath = (slug: string) => `/store/publisher/${encodeURIComponent(slug)}`;
