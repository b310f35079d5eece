import type { MemberRole } from '../../../sync/manuscripts/policy';

/** How each co-author role is offered in the dialog's role pickers. */
export const ROLE_LABELS: Record<MemberRole, string> = { editor: 'Editor — writes', commenter: 'Commenter — reads and comments', viewer: 'Viewer — reads' };
