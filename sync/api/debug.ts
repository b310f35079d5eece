import { z } from 'zod';

/** A client failure reported by the browser's error boundary. */
export const ClientFailureInput = z.object({
  message: z.string().max(2000),
  stack: z.string().max(16000).optional(),
  route: z.string().max(500),
  digest: z.string().max(40).optional(),
});
export type ClientFailureInput = z.infer<typeof ClientFailureInput>;
