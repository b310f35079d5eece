/**
 * "Quire support" in the messages collection: a conversation between a person and the team. The
 * team is not an account — SUPPORT_ID can never be one (account ids are base32, without '-') —
 * so no device can write as it: staff replies are written by the server (server/support), which
 * records the staff member who wrote each one while the person sees only the team.
 */
export const SUPPORT_ID = 'quire-support';
export const SUPPORT_NAME = 'Quire support';

export const SUPPORT_STATUSES = ['open', 'waiting', 'closed'] as const;
