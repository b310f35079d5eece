/** The W3C TextQuoteSelector shape shared by reading positions and annotations. */
import { z } from 'zod';

export const textQuoteSchema = () =>
  z.object({
    exact: z.string().max(4000),
    prefix: z.string().max(200),
    suffix: z.string().max(200),
  });
export type TextQuote = z.infer<ReturnType<typeof textQuoteSchema>>;
