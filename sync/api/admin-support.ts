/**
 * The support inbox (/admin/messages, 'support:answer'): every conversation people started with
 * "Quire support" from /messages, by status and assignee; one conversation's messages, with the
 * staff member behind each reply (the person sees only the team); replying, assigning, closing.
 * A conversation is named by the person's account id.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { MESSAGE_BODY_MAX } from '../collections/messages';
import { SUPPORT_STATUSES } from '../support/support';
import { endpoint } from './contract';

export const SUPPORT_PAGE_SIZE = 50;
/** `mine`: assigned to me; `none`: to nobody; otherwise a staff member's id. */
export const SupportQuery = z.object({
  status: z
    .enum([...SUPPORT_STATUSES, 'all'])
    .optional()
    .default('open'),
  assignee: z.string().trim().max(64).optional().default(''),
});
export type SupportQuery = z.input<typeof SupportQuery>;

const PersonSchema = zm.object({ id: zm.string(), displayName: zm.string(), username: zm.string() });

const SupportConversationRowSchema = zm.object({
  userId: zm.string(),
  person: PersonSchema,
  status: zm.enum(SUPPORT_STATUSES),
  assignee: zm.nullable(PersonSchema),
  lastMessageAt: zm.number(),
  lastPreview: zm.string(),
  lastFromStaff: zm.boolean(),
});
export type SupportConversationRow = zm.infer<typeof SupportConversationRowSchema>;

export const listSupportConversations = endpoint({
  method: 'GET',
  path: '/api/admin/support/conversations',
  query: SupportQuery,
  response: zm.object({
    items: zm.array(SupportConversationRowSchema),
    counts: zm.object({ open: zm.number(), waiting: zm.number(), closed: zm.number() }),
    /** Who may be assigned: every account with 'support:answer'. */
    staff: zm.array(PersonSchema),
  }),
});

const SupportMessageSchema = zm.object({
  id: zm.string(),
  fromStaff: zm.boolean(),
  /** The staff member who wrote a reply (never shown to the person). */
  staff: zm.nullable(PersonSchema),
  body: zm.string(),
  sentAt: zm.number(),
});
export type SupportMessage = zm.infer<typeof SupportMessageSchema>;

const SupportConversationSchema = zm.extend(SupportConversationRowSchema, { messages: zm.array(SupportMessageSchema) });
export type SupportConversation = zm.infer<typeof SupportConversationSchema>;

export const getSupportConversation = endpoint({ method: 'GET', path: '/api/admin/support/conversations/:userId', response: SupportConversationSchema });

export const SupportReplyInput = z.object({
  body: z.string().trim().min(1, 'Write a reply.').max(MESSAGE_BODY_MAX, `At most ${MESSAGE_BODY_MAX} characters.`),
  /** Close the conversation with this reply (otherwise it waits for the person). */
  close: z.boolean().optional().default(false),
});
export type SupportReplyInput = z.input<typeof SupportReplyInput>;

export const replyToSupport = endpoint({
  method: 'POST',
  path: '/api/admin/support/conversations/:userId/replies',
  body: SupportReplyInput,
  status: 201,
  response: SupportConversationSchema,
});

export const SupportUpdateInput = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  /** A staff member's id, or null to unassign. */
  assigneeId: z.string().max(64).nullable().optional(),
});
export type SupportUpdateInput = z.input<typeof SupportUpdateInput>;

export const updateSupportConversation = endpoint({
  method: 'PATCH',
  path: '/api/admin/support/conversations/:userId',
  body: SupportUpdateInput,
  response: SupportConversationSchema,
});
