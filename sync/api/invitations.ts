/**
 * Inviting a co-author by e-mail: POST /api/manuscripts/{id}/invitations, GET the owner's pending
 * invitations, DELETE one to revoke it. Every invitation stays pending until the invitee accepts
 * it, whether or not the address has an account, so the form cannot be used to find out who is on
 * Quire. The invitee: GET /api/invitations (theirs), POST /api/invitations/{id}/accept | decline.
 */
import { z } from 'zod';
import { MEMBER_ROLES } from '../collections/manuscripts';
import { EmailSchema } from './auth';

export const InviteByEmailInput = z.object({
  email: EmailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Choose a role.' }),
});
export type InviteByEmailInput = z.input<typeof InviteByEmailInput>;

export const INVITE_SENT_MESSAGE = 'Invitation sent. They join the manuscript once they accept it; until then it is listed here as pending.';

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

/** An invitation as the invitee sees it (their own address, proven). */
export interface MyInvitation {
  id: string;
  manuscriptId: string;
  manuscriptTitle: string;
  ownerName: string;
  role: (typeof MEMBER_ROLES)[number];
  createdAt: number;
}

export interface MyInvitationsResponse {
  invitations: MyInvitation[];
}

export interface AcceptInvitationResponse {
  manuscriptId: string;
}
