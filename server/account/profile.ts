/** The signed-in person's own profile: read it, change parts of it. */
import type { z } from 'zod';
import type { Profile, ProfileUpdateInput } from '../../sync/api/account';
import type { DB } from '../db/connection';
import { conflict, notFound } from '../http/errors';

type ProfileChanges = z.output<typeof ProfileUpdateInput>;

export async function getProfile(db: DB, userId: string): Promise<Profile> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'emailVerifiedAt', 'username', 'displayName', 'bio', 'avatarUrl', 'profileVisibility', 'theme'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('No such account.');
  const { emailVerifiedAt, avatarUrl, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null, avatarUrl: avatarUrl ?? '' };
}

export async function updateProfile(db: DB, userId: string, changes: ProfileChanges, now: number): Promise<Profile> {
  const { avatarUrl, ...fields } = changes;
  if (fields.username !== undefined) {
    const taken = await db.selectFrom('users').select('id').where('username', '=', fields.username).where('id', '!=', userId).executeTakeFirst();
    if (taken) throw conflict('That username is taken.', { username: 'That username is taken. Try another.' });
  }
  const set = { ...fields, ...(avatarUrl !== undefined ? { avatarUrl: avatarUrl || null } : {}) };
  if (Object.keys(set).length > 0) {
    try {
      await db
        .updateTable('users')
        .set({ ...set, updatedAt: now })
        .where('id', '=', userId)
        .execute();
    } catch (error) {
      // Two people claiming the same name at once: the UNIQUE index decides.
      if (String(error).includes('UNIQUE') && String(error).includes('username'))
        throw conflict('That username is taken.', { username: 'That username is taken. Try another.' });
      throw error;
    }
  }
  return getProfile(db, userId);
}
