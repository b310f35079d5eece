/**
 * The one error shape every API answer uses: `{ error: { code, message, fields?, retryAfter?, digest? } }`.
 * Codes are stable strings the UI can switch on; messages are for people.
 */
export type ErrorCode =
  | 'bad_request' // 400 malformed input
  | 'unauthenticated' // 401 signed out or session ended
  | 'forbidden' // 403 wrong role or origin
  | 'not_found' // 404
  | 'conflict' // 409 duplicate or stale
  | 'payload_too_large' // 413
  | 'quota_exceeded' // 413 the account's storage quota would be exceeded
  | 'unsupported_media_type' // 415 a file type Quire does not accept
  | 'validation_failed' // 422 well-formed but breaks a rule; `fields` says which
  | 'rate_limited' // 429 with retryAfter seconds
  | 'internal' // 500 with a digest; details are only in the server log
  | 'unavailable' // 503
  | 'upgrade_required'; // 426 the client speaks an outdated sync protocol: update Quire

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → message, shown next to the field. */
    fields?: Record<string, string>;
    /** Seconds until a rate-limited request may be retried. */
    retryAfter?: number;
    /** Server failures only: the id under which the stack was logged. */
    digest?: string;
    /** A finer cause the UI may switch on, e.g. an e-mailed code that was 'used' or 'expired'. */
    reason?: string;
  };
}
