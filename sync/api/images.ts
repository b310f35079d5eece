/**
 * Responsive variants of an image, as `srcset` values per format (server/images). Optional next to
 * an image's URL: absent until the variants are made, and the page then shows the original.
 */
import * as z from 'zod/mini';

export const ImageSetSchema = z.object({
  avif: z.optional(z.string()),
  webp: z.optional(z.string()),
});
export type ImageSet = z.infer<typeof ImageSetSchema>;
