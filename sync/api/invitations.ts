/**
 * Inviting a co-author by e-mail: POST /api/manuscripts/{id}/invitations, GET the owner's pending
 * invitations, DELETE one to revoke it. Every invitation stays pending until the invitee accepts
 * it, whether or not the address has an account, so the form cannot be used to find out who is on
 * Quire. The invitee's side (GET /api/invitations, POST …/{id}/accept | decline) is in
 * my-invitations.ts.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { MEMBER_ROLES } from '../manuscripts/policy';
import { EmailSchema } from './auth';
import { endpoint } from './contract';

export const InviteByEmailInput = z.object({
  email: EmailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Choose a role.' }),
});
export type InviteByEmailInput = z.input<typeof InviteByEmailInput>;

export const INVITE_SENT_MESSAGE = 'Invitation sent. They join the manuscript once they accept it; until then it is listed here as pending.';

const MemberRoleSchema = zm.enum(MEMBER_ROLES);

const PendingInvitationSchema = zm.object({ id: zm.string(), email: zm.string(), role: MemberRoleSchema, createdAt: zm.number() });
export type PendingInvitation = zm.infer<typeof PendingInvitationSchema>;

// The owner's side. 202: the mail goes out; the answer is the same whether or not the address has an account.
export const inviteByEmail = endpoint({
  method: 'POST',
  path: '/api/manuscripts/:id/invitations',
  body: InviteByEmailInput,
  response: zm.object({ message: zm.string() }),
  status: 202,
});
export const listPendingInvitations = endpoint({
  method: 'GET',
  path: '/api/manuscripts/:id/invitations',
  response: zm.object({ invitations: zm.array(PendingInvitationSchema) }),
});
export type PendingInvitationsResponse = zm.infer<typeof listPendingInvitations.response>;
export const revokeInvitation = endpoint({ method: 'DELETE', path: '/api/manuscripts/:id/invitations/:invitationId', response: zm.undefined(), status: 204 });
