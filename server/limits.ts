/** Limits and timings of the server, in one place (ms unless the name says otherwise). */
import type { CollectionName } from '../sync/collections';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const SESSION_TTL = 30 * DAY;
/** A session used within this much of its expiry is extended (sliding expiry). */
export const SESSION_RENEW_WITHIN = 15 * DAY;
export const SESSION_COOKIE = 'quire_session';
/** How long a token replaced by rotation still works, for requests already on their way with it. */
export const ROTATED_SESSION_GRACE = 30_000;

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
  /** Free failed sign-ins per IP (an IPv6 /64), over all accounts; more wait (SIGN_IN_BACKOFF). */
  signInPerIp: { points: 30, windowSeconds: 15 * 60 },
  /** Free failed sign-ins from one IP to one account. */
  signInPerIpAccount: { points: 5, windowSeconds: 15 * 60 },
  /** Free failed sign-ins to one account from browsers that never signed in to it (known devices skip it). */
  signInPerAccount: { points: 10, windowSeconds: 15 * 60 },
  /** Current-password checks of a signed-in account (changing the password). */
  passwordChecksPerAccount: { points: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { points: 10, windowSeconds: 60 * 60 },
  mailPerIp: { points: 10, windowSeconds: 60 * 60 },
  mailPerAccount: { points: 5, windowSeconds: 60 * 60 },
  clientReportsPerIp: { points: 60, windowSeconds: 60 },
  /** Exact-username lookups ("New message", co-author invites): plenty for a person typing names. */
  userLookupPerAccount: { points: 30, windowSeconds: 60 },
  /** People search as one types in "New message" (debounced): a few names a minute, not a crawl. */
  userSearchPerAccount: { points: 120, windowSeconds: 60 },
  /** Co-author invites by e-mail: each may send a mail to a stranger, so fewer than look-ups. */
  coAuthorInvitesPerAccount: { points: 20, windowSeconds: 60 * 60 },
  /** Review saves, deletions and reports: a person fixing a typo a few times, not a script. */
  reviewWritesPerAccount: { points: 30, windowSeconds: 60 * 60 },
  /** Checkouts started: each creates an order and a provider session; a person retrying a card, not a script. */
  checkoutsPerAccount: { points: 30, windowSeconds: 60 * 60 },
  /** "Ask this book": each question is a full-text search and a logged row; a reader asks a few a minute. */
  askPerAccount: { points: 30, windowSeconds: 5 * 60 },
  /** Per IP (an IPv6 /64), over all accounts: several readers behind one school or office address. */
  askPerIp: { points: 120, windowSeconds: 5 * 60 },
  /** Search in a long book reads every chapter's text on the server: a reader's searches, not a crawl. */
  bookSearchPerAccount: { points: 60, windowSeconds: 5 * 60 },
} as const;

/**
 * Past its free failures a sign-in key waits baseSeconds, then twice as long after each further
 * failure, up to maxSeconds. At most maxKeys keys are remembered (the least recently failed go).
 */
export const SIGN_IN_BACKOFF = { baseSeconds: 2, maxSeconds: 15 * 60, maxKeys: 100_000 } as const;
/** A browser that signed in to an account stays "known" to it this long (server/auth/known-device.ts). */
export const KNOWN_DEVICE_TTL = 365 * DAY;
export const KNOWN_DEVICE_COOKIE = 'quire_device';

export const ACCOUNT_DELETION_GRACE = 14 * DAY;

export const JOB_POLL_INTERVAL = 250;
export const JOB_VISIBILITY_TIMEOUT = 5 * MINUTE;
export const JOB_DEFAULT_MAX_ATTEMPTS = 5;
export const JOB_BACKOFF_BASE = 2_000;
export const JOB_BACKOFF_MAX = HOUR;

/** Request bodies above this are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * EPUB import. A real novel is 1–5 MB; a heavily illustrated book a few tens. The limits keep a
 * hostile archive from exhausting memory: sizes are read from the central directory and checked
 * before anything is inflated, and inflation never writes past a declared size.
 */
export const EPUB_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const EPUB_MAX_TOTAL_UNCOMPRESSED = 200 * 1024 * 1024;
export const EPUB_MAX_ENTRY_BYTES = 50 * 1024 * 1024;
/** Room for EPUB_MAX_CHAPTERS spine documents plus their images, fonts and stylesheets. */
export const EPUB_MAX_ENTRIES = 15_000;
/** Text deflates about 3–10×; anything past this is a zip bomb, not a book. */
export const EPUB_MAX_COMPRESSION_RATIO = 100;
/** Entries this small may show any ratio (a run of spaces in a stylesheet compresses wildly). */
export const EPUB_RATIO_FREE_BYTES = 1024 * 1024;
/**
 * Spine documents one book may have. Real long publications (collected works, serials, legal
 * codes, some manga) run to several thousand; decision 053 says what the reader does with them.
 */
export const EPUB_MAX_CHAPTERS = 10_000;
/**
 * Chapter rows per INSERT while saving a book: well under SQLite's bound-parameter limit. Also
 * how many chapters an import sanitises before writing them (decision 060): its memory, and the
 * longest the server is busy with it before other requests go in between (about 0.1 s; 500 took
 * 0.3–0.6 s).
 */
export const BOOK_SAVE_CHAPTER_BATCH = 100;
/** Staged chapters older than this were left by an import that crashed; the next import deletes them. */
export const STAGED_CHAPTERS_MAX_AGE = DAY;
export const EPUB_MAX_CHAPTER_CHARS = 2_000_000;
/** Contents entries that come with a book's detail; a longer contents is fetched on its own (decision 053). */
export const TOC_INLINE_MAX = 500;

/**
 * /files: per-file and per-account storage (defaults; Config.fileMaxBytes / fileQuotaBytes may
 * override them). A manuscript DOCX or an illustrated EPUB fits well under the per-file cap.
 */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
export const FILE_QUOTA_BYTES = 250 * 1024 * 1024;
/** Zip entries looked at to tell a DOCX from an EPUB; a real one has a few dozen to thousands. */
export const FILE_SNIFF_MAX_ZIP_ENTRIES = 20_000;

/**
 * Rows one account may push to a replicated collection per window (each row of a batch counts),
 * scaled by Config.rateLimitScale. Never below the client's push batch (PUSH_BATCH_SIZE, 50), or a
 * full batch could never pass. Messages reach another person, so they get far fewer.
 */
export const SYNC_PUSH_ROW_LIMITS: Record<CollectionName, { points: number; windowSeconds: number }> = {
  'reading-lists': { points: 1000, windowSeconds: 60 },
  messages: { points: 60, windowSeconds: 60 },
  notifications: { points: 1000, windowSeconds: 60 },
  manuscripts: { points: 1000, windowSeconds: 60 },
  'manuscript-chapters': { points: 1000, windowSeconds: 60 },
  'manuscript-comments': { points: 300, windowSeconds: 60 },
  'library-progress': { points: 1000, windowSeconds: 60 },
  annotations: { points: 1000, windowSeconds: 60 },
  wishlist: { points: 1000, windowSeconds: 60 },
  cart: { points: 1000, windowSeconds: 60 },
  follows: { points: 1000, windowSeconds: 60 },
  preferences: { points: 1000, windowSeconds: 60 },
};

/**
 * Element nesting an imported chapter or package file may reach (EPUB, DOCX, Markdown). Real
 * books stay under a few dozen levels; the sanitiser, the serialiser and the editor import walk
 * documents recursively, so a hostile file nesting thousands of elements is refused (422) first.
 */
export const MAX_NESTING_DEPTH = 256;
/** One CSS value or at-rule prelude in a book's stylesheet; longer ones (inline data: fonts) are dropped unread. */
export const EPUB_MAX_CSS_VALUE_CHARS = 100_000;
/**
 * A book with more chapters than this sends only a window of them with its detail (the opening
 * chapter and a few either side); the rest come in pages of CHAPTER_LIST_PAGE by position
 * (decision 054). Fixed-layout books are sent whole: their spreads and thumbnails need every page.
 */
export const CHAPTERS_INLINE_MAX = 500;
export const CHAPTER_WINDOW = { before: 2, size: 24 } as const;
export const CHAPTER_LIST_PAGE = 250;
