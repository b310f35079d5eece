/**
 * ApiError carries a status and a stable code; the app's error handler turns it into the JSON
 * shape of sync/errors.ts. Anything else is a bug: logged with a digest, answered as 500 with
 * the digest only, and recorded in debug_reports.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '../../sync/errors';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
      },
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new ApiError(400, 'bad_request', message, fields);
export const unauthenticated = (message = 'Please sign in.') => new ApiError(401, 'unauthenticated', message);
export const forbidden = (message = "You don't have access to this.") => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, 'conflict', message, fields);
export const invalid = (message: string, fields?: Record<string, string>) => new ApiError(422, 'validation_failed', message, fields);
export const payloadTooLarge = (message = 'The request is too large.') => new ApiError(413, 'payload_too_large', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limited', `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`, undefined, retryAfterSeconds);

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
