/**
 * The invited author's side of an imprint's invitation (/publisher/authors invites):
 * GET /api/imprint-invitations (mine), POST …/{imprintId}/accept | decline. zod/mini only: the
 * bell in the app shell lists them on every first load, next to co-author invitations.
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

const ImprintInvitationSchema = z.object({
  imprintId: z.string(),
  imprintName: z.string(),
  /** Who sent it (their display name), when they still have an account. */
  invitedBy: z.nullable(z.string()),
  invitedAt: z.number(),
});
export type ImprintInvitation = z.infer<typeof ImprintInvitationSchema>;

export const listImprintInvitations = endpoint({
  method: 'GET',
  path: '/api/imprint-invitations',
  response: z.object({ invitations: z.array(ImprintInvitationSchema) }),
});
/** I become one of the imprint's authors. */
export const acceptImprintInvitation = endpoint({
  method: 'POST',
  path: '/api/imprint-invitations/:imprintId/accept',
  response: z.object({ imprintName: z.string() }),
});
export const declineImprintInvitation = endpoint({
  method: 'POST',
  path: '/api/imprint-invitations/:imprintId/decline',
  response: z.undefined(),
  status: 204,
});
