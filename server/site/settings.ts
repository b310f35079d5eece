/**
 * Site settings edited at /admin/settings, stored as JSON per key with defaults here, so a new
 * database needs no seeding to behave.
 */
import { SiteSettingsSchema, type SiteSettings } from '../../sync/api/site';
import type { DB } from '../db/connection';

const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Quire',
  signUpMode: 'open',
  currency: 'USD',
  featureFlags: {},
};

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirst();
  if (!row) return DEFAULT_SITE_SETTINGS;
  const parsed = SiteSettingsSchema.partial().safeParse(JSON.parse(row.value));
  return { ...DEFAULT_SITE_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveSiteSettings(db: DB, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const next = SiteSettingsSchema.parse({ ...(await getSiteSettings(db)), ...patch });
  await db
    .insertInto('settings')
    .values({ key: 'site', value: JSON.stringify(next) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(next) }))
    .execute();
  return next;
}

export type { SiteSettings };
