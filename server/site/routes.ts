/** GET /api/site: what every visitor may know (name, sign-up mode, currency, version). */
import { Hono } from 'hono';
import type { PublicSiteInfo } from '../../sync/api/site';
import { APP_VERSION } from '../../sync/version';
import type { AppContext, AppEnv } from '../context';
import { getSiteSettings } from './settings';

export function siteRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const s = await getSiteSettings(ctx.db);
    const info: PublicSiteInfo = {
      siteName: s.siteName,
      signUpMode: s.signUpMode,
      currency: s.currency,
      version: APP_VERSION,
      development: ctx.config.development,
    };
    return c.json(info);
  });
}
