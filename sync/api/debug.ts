/** Intake of client failures: POST /api/debug-reports (anyone, rate-limited per IP). */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { endpoint } from './contract';

/** A client failure reported by the browser's error boundary. */
export const ClientFailureInput = z.object({
  message: z.string().max(2000),
  stack: z.string().max(16000).optional(),
  route: z.string().max(500),
  digest: z.string().max(40).optional(),
});
export type ClientFailureInput = z.infer<typeof ClientFailureInput>;

/** The digest names the report in /admin/debug-reports. */
export const reportClientFailure = endpoint({
  method: 'POST',
  path: '/api/debug-reports',
  body: ClientFailureInput,
  response: zm.object({ digest: zm.string() }),
  status: 201,
});
