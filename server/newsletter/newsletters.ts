/**
 * Which newsletters exist: the site's ('site') and one per author account ('author:{userId}'),
 * each made as a row the first time anyone subscribes or its owner opens the setup page. The name
 * readers see is the sender name, else the site's or the author's own name.
 */
import { SITE_NEWSLETTER } from '../../sync/api/newsletter';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { getSiteSettings } from '../site/settings';

export interface Newsletter {
  id: string;
  authorId: string | null;
  name: string;
  senderName: string;
  replyTo: string;
  welcomeSubject: string;
  welcomeBody: string;
  postalAddress: string;
}

const AUTHOR_PREFIX = 'author:';

/** The active author account behind an 'author:…' id, or null. */
async function authorOf(db: DB, newsletterId: string): Promise<{ id: string; displayName: string } | null> {
  if (!newsletterId.startsWith(AUTHOR_PREFIX)) return null;
  const userId = newsletterId.slice(AUTHOR_PREFIX.length);
  const row = await db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userId', 'users.id')
    .select(['users.id', 'users.displayName'])
    .where('users.id', '=', userId)
    .where('users.status', '=', 'active')
    .where('userRoles.role', 'in', ['author', 'admin'])
    .executeTakeFirst();
  return row ?? null;
}

/** The newsletter with this id, made on first use; null when no such newsletter can exist. */
export async function findNewsletter(ctx: AppContext, id: string): Promise<Newsletter | null> {
  let authorId: string | null = null;
  let ownName: string;
  if (id === SITE_NEWSLETTER) {
    ownName = (await getSiteSettings(ctx.db)).siteName;
  } else {
    const author = await authorOf(ctx.db, id);
    if (!author) return null;
    authorId = author.id;
    ownName = author.displayName;
  }
  const now = ctx.now();
  await ctx.db
    .insertInto('newsletters')
    .values({ id, authorId, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await ctx.db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id,
    authorId,
    name: row.senderName || ownName,
    senderName: row.senderName,
    replyTo: row.replyTo,
    welcomeSubject: row.welcomeSubject,
    welcomeBody: row.welcomeBody,
    postalAddress: row.postalAddress,
  };
}

/** The footer's postal address: the newsletter's own, else the site's (CAN-SPAM wants one). */
export async function footerAddress(ctx: AppContext, newsletter: Newsletter): Promise<string> {
  if (newsletter.postalAddress || newsletter.id === SITE_NEWSLETTER) return newsletter.postalAddress;
  const site = await ctx.db.selectFrom('newsletters').select('postalAddress').where('id', '=', SITE_NEWSLETTER).executeTakeFirst();
  return site?.postalAddress ?? '';
}

/** Names of several newsletters at once, for lists (subscriptions, the archive). */
export async function newsletterNames(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const n = await findNewsletter(ctx, id);
    names.set(id, n?.name ?? 'A newsletter that has closed');
  }
  return names;
}
