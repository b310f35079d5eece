/**
 * Inviting a co-author by e-mail: POST /api/manuscripts/{id}/invitations, GET the owner's pending
 * invitations, DELETE one to revoke it. The answer to an invite is the same whether or not the
 * address has an account, so the form cannot be used to find out who is on Quire.
 */
import { z } from 'zod';
import { MEMBER_ROLES } from '../collections/manuscripts';
import { EmailSchema } from './auth';

export const InviteByEmailInput = z.object({
  email: EmailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Choose a role.' }),
});
export type InviteByEmailInput = z.input<typeof InviteByEmailInput>;

export const INVITE_SENT_MESSAGE = 'Invitation sent. If the address already has a Quire account, they are added at once; otherwise they join when they sign up with it.';

export interface InviteByEmailResponse {
  message: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: (typeof MEMBER_ROLES)[number];
  createdAt: number;
}

export interface PendingInvitationsResponse {
  invitations: PendingInvitation[];
}
