/** /api/admin/settings: the site settings with the read-only status of payments and mail. */
import { Hono } from 'hono';
import * as api from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { getSiteSettings, saveSiteSettings, type SiteSettings } from '../site/settings';
import { adminActor } from './actor';

export function paymentStatus(): api.AdminSettingsResponse['status']['payments'] {
  // Until the store wires Stripe in, purchases go through the built-in test provider.
  return process.env.STRIPE_SECRET_KEY
    ? { provider: 'stripe', label: 'Stripe (STRIPE_SECRET_KEY is set)' }
    : { provider: 'test', label: 'Test provider: purchases are simulated until STRIPE_SECRET_KEY is set.' };
}

function mailStatus(ctx: AppContext): api.AdminSettingsResponse['status']['mail'] {
  return ctx.mail.transportName === 'smtp'
    ? { transport: 'smtp', label: 'SMTP (SMTP_URL is set)' }
    : { transport: 'outbox', label: 'Outbox only: no SMTP_URL, mail is kept at /dev/mail.' };
}

function diff(before: SiteSettings, after: SiteSettings) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof SiteSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

export function settingsRoutes(ctx: AppContext) {
  const present = async (settings?: SiteSettings): Promise<api.AdminSettingsResponse> => ({
    settings: settings ?? (await getSiteSettings(ctx.db)),
    status: { payments: paymentStatus(), mail: mailStatus(ctx) },
  });
  const router = new Hono<AppEnv>();
  const at = '/api/admin/settings';
  on(router, at, api.getSiteSettings, async (c) => {
    adminActor(c);
    return present();
  });
  on(router, at, api.saveSiteSettings, async (c, { body: input }) => {
    const by = adminActor(c);
    const now = ctx.now();
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await getSiteSettings(trx);
      const after = await saveSiteSettings(trx, input);
      const changes = diff(before, after);
      if (Object.keys(changes).length) {
        await recordAudit(trx, now, { ...by, action: 'site.settings_changed', targetType: 'site', targetId: 'settings', detail: changes });
      }
      return after;
    });
    return present(saved);
  });
  return router;
}
