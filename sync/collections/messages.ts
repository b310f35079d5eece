/**
 * Direct messages: one document per message, replicated to exactly its two people. A sent
 * message is final — nobody may rewrite its body, sender or recipient, and only the recipient
 * may set `readAt` (once). The sender may create it once; later writes by the sender are refused
 * unless identical, so a stolen or buggy device cannot edit history.
 */
import { z } from 'zod';
import { defineCollection, type ServerCheckContext } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import { SUPPORT_ID, SUPPORT_NAME } from '../support/support';
import { isCleanText } from '../support/text';

export const MESSAGE_BODY_MAX = 5000;
const MESSAGE_NAME_MAX = 120;

const messageSchema = () =>
  z.object({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    conversationId: z
      .string()
      .min(1)
      .max(MAX_DOC_ID_LENGTH * 2 + 1),
    senderId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    recipientId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    /** Display names cached at send time, so a thread renders offline without a lookup. */
    senderName: z.string().max(MESSAGE_NAME_MAX),
    recipientName: z.string().max(MESSAGE_NAME_MAX),
    body: z.string().min(1).max(MESSAGE_BODY_MAX).regex(/\S/, 'Write a message.'),
    /** The sender's clock: display and ordering within a thread. */
    sentAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    readAt: z.number().int().nonnegative().nullable(),
    updatedAt: z.number().int().nonnegative(),
  });
export type Message = z.infer<ReturnType<typeof messageSchema>>;

/** The same id for both people, whoever writes first: the two user ids, sorted. */
export function conversationIdOf(a: string, b: string): string {
  return [a, b].sort().join('~');
}

/**
 * What only the server knows, checked when a message is created: the names are the two accounts'
 * display names (a device fills them from the session and the user lookup, so an honest device
 * always matches; refusing rather than rewriting keeps the stored document what the device
 * holds), and the recipient is an active account — or the support team, under its own name. The
 * body is clean text (sync/support/text.ts): the device cleans it before storing, so only a device
 * that skipped that is refused.
 */
async function checkMessageParties(doc: Message, previous: Message | null, { writer, account }: ServerCheckContext): Promise<string | null> {
  if (previous) return null; // fixed since creation (mayWrite)
  if (doc.senderName !== writer.displayName) return 'A message carries your own display name.';
  if (!isCleanText(doc.body)) return 'The message contains characters that are not allowed.';
  if (doc.recipientId === SUPPORT_ID) return doc.recipientName === SUPPORT_NAME ? null : `Messages to the team go to “${SUPPORT_NAME}”.`;
  const recipient = await account(doc.recipientId);
  if (!recipient || recipient.status !== 'active') return 'This person cannot receive messages.';
  if (doc.recipientName !== recipient.displayName) return "The recipient's name does not match their account.";
  return null;
}

/** Fields that are fixed once a message exists. */
const IMMUTABLE = ['conversationId', 'senderId', 'recipientId', 'senderName', 'recipientName', 'body', 'sentAt'] as const;

function sameMessage(a: Message, b: Message): boolean {
  return (Object.keys(messages.schema.shape) as (keyof Message)[]).every((k) => a[k] === b[k]);
}

function mayWriteMessage(doc: Message, previous: Message | null, userId: string): boolean {
  if (doc.senderId === doc.recipientId) return false;
  if (doc.conversationId !== conversationIdOf(doc.senderId, doc.recipientId)) return false;
  if (previous === null) return doc.senderId === userId && doc.readAt === null;
  // A retried push of what the server already holds is a no-op, not an edit.
  if (sameMessage(doc, previous)) return userId === previous.senderId || userId === previous.recipientId;
  if (IMMUTABLE.some((field) => doc[field] !== previous[field])) return false;
  // Only the recipient marks read, and a read mark is never taken back or moved.
  return userId === previous.recipientId && previous.readAt === null && doc.readAt !== null;
}

export const messages = defineCollection({
  name: 'messages',
  schema: messageSchema,
  version: 0,
  primaryKey: 'id',
  indexes: ['conversationId'],
  visibility: {
    audience: (m) => [m.senderId, m.recipientId],
    // Nobody unsends or erases a message for the other person.
    deletable: false,
    mayWrite: mayWriteMessage,
    serverCheck: checkMessageParties,
  },
  conflict: 'server-wins',
});
