/** Account look-ups shared by the auth commands. E-mails are stored lowercased. */
import type { DB } from '../db/connection';

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
  return db
    .updateTable('users')
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}
