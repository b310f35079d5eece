/**
 * Roles and permission rules, shared so the UI hides exactly what the API forbids.
 * Every account is a reader; author and publisher are granted by an admin after a request.
 */
export const ROLES = ['reader', 'author', 'publisher', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const GRANTABLE_ROLES = ['author', 'publisher', 'admin'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
export const REQUESTABLE_ROLES = ['author', 'publisher'] as const;
export type RequestableRole = (typeof REQUESTABLE_ROLES)[number];

export type Permission =
  | 'account:use' // any signed-in, active account
  | 'role:request' // apply to become an author or publisher
  | 'manuscripts:write'
  | 'files:use' // /files: images and documents for chapters, covers and a publisher's storefront
  | 'books:import' // upload an EPUB to become a (draft) book
  | 'library:sideload' // add one's own DRM-free EPUB to one's private library
  | 'reviews:write' // rate and review a book one owns (server/reviews adds the ownership and block checks)
  | 'publishing:submit' // send one's own manuscripts to the store (server/publishing adds the ownership check)
  | 'publishing:review' // the review queue: approve, request changes, reject; every book's publishing state
  | 'publisher:manage'
  | 'covers:design' // the paperback and ebook cover tools: the people who publish books
  | 'earnings:view' // /settings/billing's earnings: what one's own books (or imprint) earned
  | 'newsletter:write' // /newsletter/setup: one's own newsletter (the site's is 'admin:access')
  | 'admin:access' // every /admin page and /api/admin route
  | 'blog:write' // write, schedule and publish blog posts (everyone reads the published ones)
  | 'support:answer' // /admin/messages: read every support conversation, reply as the team, assign and close
  | 'notices:send' // /admin/notifications: notices to a segment of accounts, in-app and by e-mail
  | 'jobs:manage' // the job queue and image pipeline pages: retry and cancel jobs, reprocess images
  | 'dev:access'; // development pages in production builds

const GRANTS: Record<Permission, readonly Role[]> = {
  'account:use': ['reader', 'author', 'publisher', 'admin'],
  'role:request': ['reader'],
  'manuscripts:write': ['author', 'admin'],
  'files:use': ['author', 'publisher', 'admin'],
  'books:import': ['author', 'publisher', 'admin'],
  'library:sideload': ['reader', 'author', 'publisher', 'admin'],
  'reviews:write': ['reader', 'author', 'publisher', 'admin'],
  'publishing:submit': ['author', 'admin'],
  'publishing:review': ['admin'],
  'publisher:manage': ['publisher', 'admin'],
  'covers:design': ['author', 'publisher', 'admin'],
  'earnings:view': ['author', 'publisher'],
  'newsletter:write': ['author', 'admin'],
  'admin:access': ['admin'],
  'blog:write': ['admin'],
  'support:answer': ['admin'],
  'notices:send': ['admin'],
  'jobs:manage': ['admin'],
  'dev:access': ['admin'],
};

export interface Principal {
  roles: readonly Role[];
  status: 'active' | 'suspended' | 'deleting';
}

/** True when the account may do `permission`. A suspended account may do nothing. */
export function can(principal: Principal | null | undefined, permission: Permission): boolean {
  if (!principal || principal.status === 'suspended') return false;
  // An account scheduled for deletion may only sign in to undo it.
  if (principal.status === 'deleting' && permission !== 'account:use') return false;
  return principal.roles.some((role) => GRANTS[permission].includes(role));
}

/** Every account holds `reader`; stored role lists never need to repeat it. */
export function withReader(roles: readonly Role[]): Role[] {
  return Array.from(new Set<Role>(['reader', ...roles]));
}

/**
 * Roles inside one imprint (imprint_members.role). The account must also be a publisher
 * ('publisher:manage'); the server checks the membership itself, and a non-member is told the
 * imprint does not exist (404), not that it is forbidden.
 */
export const IMPRINT_ROLES = ['owner', 'manager', 'staff'] as const;
export type ImprintRole = (typeof IMPRINT_ROLES)[number];

/** A stored imprint_members.role that this code knows (anything else grants nothing). */
export function isImprintRole(role: string): role is ImprintRole {
  return (IMPRINT_ROLES as readonly string[]).includes(role);
}

export type ImprintPermission =
  | 'imprint:read' // see the imprint's books, ISBN pool, settings (payout masked), members and authors
  | 'isbns:manage' // import, assign and release the imprint's ISBNs
  | 'uploads:manage' // upload EPUBs and metadata files that become the imprint's drafts (review still decides publishing)
  | 'imprint:edit' // name, description, website, contact e-mail, default currency
  | 'payout:manage' // where the imprint's earnings are paid: the owner's alone
  | 'members:manage' // add, re-role and remove members, within canManageMember's limits
  | 'authors:manage' // invite and remove the imprint's authors
  | 'storefront:manage' // the public storefront: logo, banner, description, featured books
  | 'books:edit'; // edit the imprint's books (details, contributors, price, files) and submit them to review

const IMPRINT_GRANTS: Record<ImprintPermission, readonly ImprintRole[]> = {
  'imprint:read': ['owner', 'manager', 'staff'],
  'isbns:manage': ['owner', 'manager'],
  'uploads:manage': ['owner', 'manager', 'staff'],
  'imprint:edit': ['owner', 'manager'],
  'payout:manage': ['owner'],
  'members:manage': ['owner', 'manager'],
  'authors:manage': ['owner', 'manager'],
  'storefront:manage': ['owner', 'manager'],
  'books:edit': ['owner', 'manager', 'staff'],
};

/** The member roles each role may give, change and take away: the owner any, a manager only staff. */
const MANAGES: Record<ImprintRole, readonly ImprintRole[]> = { owner: ['owner', 'manager', 'staff'], manager: ['staff'], staff: [] };

/** True when the account, holding `role` in an imprint (null: not a member), may do `permission` there. */
export function canInImprint(principal: Principal | null | undefined, role: string | null | undefined, permission: ImprintPermission): boolean {
  if (!can(principal, 'publisher:manage')) return false;
  return IMPRINT_GRANTS[permission].some((r) => r === role);
}

/**
 * May a member holding `actorRole` move someone from role `from` to role `to` (null `from`: adding
 * them; null `to`: removing them)? Both ends must be roles the actor manages, so a manager adds and
 * removes staff but never touches an owner or another manager. The last owner is a rule about the
 * imprint, not the actor: the server checks it (409).
 */
export function canManageMember(
  principal: Principal | null | undefined,
  actorRole: string | null | undefined,
  from: ImprintRole | null,
  to: ImprintRole | null,
): boolean {
  if (!actorRole || !isImprintRole(actorRole) || !canInImprint(principal, actorRole, 'members:manage')) return false;
  if (from === null && to === null) return false;
  return [from, to].every((role) => role === null || MANAGES[actorRole].includes(role));
}
