/**
 * GET /api/site: what every visitor may know about the site. Its own module (zod/mini only)
 * because every first load asks for it.
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

/** What every visitor may know about the site. */
export const PublicSiteInfoSchema = z.object({
  siteName: z.string(),
  signUpMode: z.enum(['open', 'beta', 'closed']),
  currency: z.string(),
  version: z.string(),
  development: z.boolean(),
});
export type PublicSiteInfo = z.infer<typeof PublicSiteInfoSchema>;

export const getSiteInfo = endpoint({ method: 'GET', path: '/api/site', response: PublicSiteInfoSchema });
