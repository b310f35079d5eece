/**
 * Covers copied into replicated documents (list items, wishlist entries) are shown to other
 * people (public lists), so they may only be Quire's own cover URLs, the shape
 * server/books/queries.ts `coverUrl` builds: `/api/books/<id>/cover?v=<12 hex>`. A refinement
 * rather than a JSON-schema pattern: devices already store only such URLs, and the RxDB schema
 * (and so the protocol hash) stays the same.
 */
import { z } from 'zod';

const QUIRE_COVER_URL = /^\/api\/books\/[A-Za-z0-9%._~-]{1,200}\/cover\?v=[0-9a-f]{12}$/;

function isQuireCoverUrl(url: string): boolean {
  return QUIRE_COVER_URL.test(url);
}

export const coverUrlSchema = () => z.string().max(500).refine(isQuireCoverUrl, 'Only Quire book covers can be shown.');
