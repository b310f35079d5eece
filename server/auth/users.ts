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
