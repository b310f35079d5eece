/**
 * The four demo accounts (local use only; the README says so). An account that already exists is
 * left exactly as it is, so an admin's changes to a demo account survive restarts.
 */
import { newUserRow } from '../auth/users';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/password';
import { newId } from '../http/ids';

export const DEMO_PASSWORD = 'quire-demo-pass';
export const DEMO_IMPRINT = 'Lantern House';
const DEMO_AUTHOR_BIO =
  'Ada Author writes about writing: how a first draft gets finished, and what comes after. She also edits the Small Weathers poetry sampler.\n\nShe answers every message, eventually.';

export const DEMO_ACCOUNTS = [
  { key: 'reader', email: 'reader@quire.test', username: 'reader', displayName: 'Rosa Reader', roles: [] },
  { key: 'author', email: 'author@quire.test', username: 'author', displayName: 'Ada Author', roles: ['author'] },
  { key: 'publisher', email: 'publisher@quire.test', username: 'publisher', displayName: 'Pia Publisher', roles: ['publisher'] },
  { key: 'admin', email: 'admin@quire.test', username: 'admin', displayName: 'Alex Admin', roles: ['admin'] },
] as const;

type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export interface SeededAccounts {
  ids: Partial<Record<DemoAccountKey, string>>;
  created: DemoAccountKey[];
  /** When the demo content was first seeded: the anchor for relative dates. */
  firstSeededAt: number;
}

export async function seedAccounts(ctx: AppContext): Promise<SeededAccounts> {
  const ids: SeededAccounts['ids'] = {};
  const created: DemoAccountKey[] = [];
  let firstSeededAt = Infinity;
  for (const account of DEMO_ACCOUNTS) {
    const existing = await ctx.db.selectFrom('users').select(['id', 'createdAt']).where('email', '=', account.email).executeTakeFirst();
    if (existing) {
      ids[account.key] = existing.id;
      firstSeededAt = Math.min(firstSeededAt, existing.createdAt);
      continue;
    }
    // Stable ids, like the demo books' (`demo-<slug>`): journeys and docs can name /author/demo-author.
    const id = `demo-${account.key}`;
    const now = ctx.now();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          ...newUserRow({ id, email: account.email, username: account.username, displayName: account.displayName, passwordHash, emailVerifiedAt: now }, now),
          bio: account.key === 'author' ? DEMO_AUTHOR_BIO : '',
        })
        .execute();
      for (const role of account.roles) {
        await trx.insertInto('userRoles').values({ userId: id, role, grantedAt: now, grantedBy: null }).execute();
      }
      if (account.key === 'publisher') {
        const imprintId = newId();
        await trx.insertInto('imprints').values({ id: imprintId, name: DEMO_IMPRINT, ownerId: id, createdAt: now }).execute();
        await trx.insertInto('imprintMembers').values({ imprintId, userId: id, role: 'owner' }).execute();
      }
    });
    ids[account.key] = id;
    created.push(account.key);
    firstSeededAt = Math.min(firstSeededAt, now);
  }
  return { ids, created, firstSeededAt: Number.isFinite(firstSeededAt) ? firstSeededAt : ctx.now() };
}
