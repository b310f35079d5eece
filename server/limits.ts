/** Limits and timings of the server, in one place (ms unless the name says otherwise). */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const SESSION_TTL = 30 * DAY;
/** A session used within this much of its expiry is extended (sliding expiry). */
export const SESSION_RENEW_WITHIN = 15 * DAY;
export const SESSION_COOKIE = 'quire_session';

export const EMAIL_CODE_TTL = {
  verify: 2 * DAY,
  signin: 15 * MINUTE,
  reset: 60 * MINUTE,
  /** The short-lived token the reset form holds after the e-mailed code was used. */
  'reset-form': 30 * MINUTE,
  invite: 14 * DAY,
} as const;

/** Per window; multiplied by Config.rateLimitScale. */
export const RATE_LIMITS = {
  signInPerIp: { points: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { points: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { points: 10, windowSeconds: 60 * 60 },
  mailPerIp: { points: 10, windowSeconds: 60 * 60 },
  mailPerAccount: { points: 5, windowSeconds: 60 * 60 },
  clientReportsPerIp: { points: 60, windowSeconds: 60 },
} as const;

export const ACCOUNT_DELETION_GRACE = 14 * DAY;

export const JOB_POLL_INTERVAL = 250;
export const JOB_VISIBILITY_TIMEOUT = 5 * MINUTE;
export const JOB_DEFAULT_MAX_ATTEMPTS = 5;
export const JOB_BACKOFF_BASE = 2_000;
export const JOB_BACKOFF_MAX = HOUR;

/** Request bodies above this are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
