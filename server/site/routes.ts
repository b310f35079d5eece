/** GET /api/site: what every visitor may know (name, sign-up mode, currency, version). */
import { Hono } from 'hono';
import { getSiteInfo } from '../../sync/api/site-info';
import { APP_VERSION } from '../../sync/version';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { getSiteSettings } from './settings';

export function siteRoutes(ctx: AppContext) {
  return on(new Hono<AppEnv>(), '/api/site', getSiteInfo, async () => {
    const s = await getSiteSettings(ctx.db);
    return { siteName: s.siteName, signUpMode: s.signUpMode, currency: s.currency, version: APP_VERSION, development: ctx.config.development };
  });
}
