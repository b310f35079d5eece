/**
 * Follows: the authors a person follows, one document per author, replicated so following on the
 * phone (offline too) shows on the laptop. The author's name is copied when followed, for display
 * offline. Only the owner pulls or writes an entry; the server, not the document, says who the
 * owner is: a push is accepted only when the owner named is the session's account, and only for
 * an author account that exists and is active (a check devices cannot make).
 */
import { z } from 'zod';
import { defineCollection, latestEditWins } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

const followSchema = () =>
  z.object({
    /** `<ownerId>:<authorId>`: following the same author on two devices converges on one entry. */
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    authorId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    authorName: z.string().max(200),
    followedAt: z.number().int().nonnegative(),
    updatedAt: z.number().int().nonnegative(),
  });
export type Follow = z.infer<ReturnType<typeof followSchema>>;

export function followId(ownerId: string, authorId: string): string {
  return `${ownerId}:${authorId}`.slice(0, MAX_DOC_ID_LENGTH);
}

export const follows = defineCollection({
  name: 'follows',
  schema: followSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['ownerId'],
  visibility: {
    audience: (entry) => [entry.ownerId],
    mayWrite: (entry, previous, userId) =>
      entry.ownerId === userId &&
      entry.authorId !== userId &&
      entry.id === followId(userId, entry.authorId) &&
      (previous === null || (previous.ownerId === userId && previous.authorId === entry.authorId)),
    // A new follow names a real, active account; an existing one may always be changed or
    // dropped (unfollowing an author who was suspended since must still work).
    async serverCheck(entry, previous, ctx) {
      if (previous !== null) return null;
      const author = await ctx.account(entry.authorId);
      return author?.status === 'active' ? null : 'This author cannot be followed.';
    },
  },
  conflict: latestEditWins,
});
