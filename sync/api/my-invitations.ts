/**
 * The invitee's side of co-author invitations: GET /api/invitations (mine), POST
 * /api/invitations/{id}/accept | decline. Its own module (zod/mini only) because the bell in the
 * app shell lists them on every first load; the owner's side is in invitations.ts.
 */
import * as z from 'zod/mini';
import { MEMBER_ROLES } from '../manuscripts/policy';
import { endpoint } from './contract';

/** An invitation as the invitee sees it (their own address, proven). */
const MyInvitationSchema = z.object({
  id: z.string(),
  manuscriptId: z.string(),
  manuscriptTitle: z.string(),
  ownerName: z.string(),
  role: z.enum(MEMBER_ROLES),
  createdAt: z.number(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

export const listMyInvitations = endpoint({ method: 'GET', path: '/api/invitations', response: z.object({ invitations: z.array(MyInvitationSchema) }) });
export type MyInvitationsResponse = z.infer<typeof listMyInvitations.response>;
/** I become a member of the manuscript; it then arrives by sync. */
export const acceptInvitation = endpoint({ method: 'POST', path: '/api/invitations/:id/accept', response: z.object({ manuscriptId: z.string() }) });
export const declineInvitation = endpoint({ method: 'POST', path: '/api/invitations/:id/decline', response: z.undefined(), status: 204 });
