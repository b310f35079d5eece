/**
 * In-app notifications, replicated to their one person so the bell works offline and updates
 * live. Only the server creates them (notifyUser → writeServerDoc); the person may only mark one
 * read, which is why `mayWrite` refuses every new document and every change but `readAt`.
 */
import { z } from 'zod';
import { defineCollection } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';

const notificationDocSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    userId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    /** A NOTIFICATION_EVENTS id (kept a string so a new event needs no schema change). */
    kind: z.string().min(1).max(64),
    title: z.string().max(200),
    body: z.string().max(4000),
    link: z.string().max(2000).nullable(),
    createdAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    readAt: z.number().int().nonnegative().nullable(),
    updatedAt: z.number().int().nonnegative(),
  });
export type NotificationDoc = z.infer<ReturnType<typeof notificationDocSchema>>;

const FIXED = ['userId', 'kind', 'title', 'body', 'link', 'createdAt'] as const;

export const notifications = defineCollection({
  name: 'notifications',
  schema: notificationDocSchema,
  version: 0,
  primaryKey: 'id',
  visibility: {
    audience: (n) => [n.userId],
    mayWrite: (doc, previous, userId) =>
      previous !== null && previous.userId === userId && FIXED.every((f) => doc[f] === previous[f]) && (doc.readAt !== null || previous.readAt === null),
    deletable: false,
  },
  conflict: 'server-wins',
});
