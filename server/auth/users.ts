/** Account look-ups shared by the auth commands. E-mails are stored lowercased. */
import type { DB } from '../db/connection';
import type { UsersTable } from '../db/schema';

export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'displayName', 'passwordHash', 'emailVerifiedAt', 'status'])
    .where('email', '=', email.toLowerCase())
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
}

export function findUserById(db: DB, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'displayName', 'passwordHash', 'emailVerifiedAt', 'status'])
    .where('id', '=', id)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/**
 * An active account by the username (with or without "@") or the e-mail a person typed. Both are
 * stored lowercase (the sign-up and profile schemas; migration 042 for older rows), so this is an
 * equality on their UNIQUE indexes — lower(column) would scan the table. A query, not its result,
 * so a test can read its plan.
 */
export function activeAccountNamed(db: DB, by: { username: string } | { email: string }) {
  const q = db.selectFrom('users').select(['id', 'username', 'displayName']).where('status', '=', 'active');
  return 'email' in by ? q.where('email', '=', by.email.trim().toLowerCase()) : q.where('username', '=', by.username.trim().replace(/^@/, '').toLowerCase());
}

/** An e-mailed link was opened, so the address is proven. */
export function markEmailVerified(db: DB, userId: string, now: number) {
  return db.updateTable('users').set({ emailVerifiedAt: now, updatedAt: now }).where('id', '=', userId).where('emailVerifiedAt', 'is', null).execute();
}

export interface NewAccount {
  id: string;
  email: string;
  username: string;
  displayName: string;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
}

/** A users row for a new account: the given identity, every other column at its default. */
export function newUserRow(account: NewAccount, now: number): UsersTable {
  return {
    ...account,
    email: account.email.toLowerCase(),
    username: account.username.toLowerCase(),
    status: 'active',
    rolesVersion: 1,
    bio: '',
    avatarUrl: null,
    profileVisibility: 'public',
    theme: 'system',
    deletionDueAt: null,
    createdAt: now,
    updatedAt: now,
  };
}
