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
  | 'books:import' // upload an EPUB to become a (draft) book
  | 'library:sideload' // add one's own DRM-free EPUB to one's private library
  | 'reviews:write' // rate and review a book one owns (server/reviews adds the ownership and block checks)
  | 'publisher:manage'
  | 'covers:design' // the paperback and ebook cover tools: the people who publish books
  | 'earnings:view' // /settings/billing's earnings: what one's own books (or imprint) earned
  | 'admin:access' // every /admin page and /api/admin route
  | 'dev:access'; // development pages in production builds

const GRANTS: Record<Permission, readonly Role[]> = {
  'account:use': ['reader', 'author', 'publisher', 'admin'],
  'role:request': ['reader'],
  'manuscripts:write': ['author', 'admin'],
  'books:import': ['author', 'publisher', 'admin'],
  'library:sideload': ['reader', 'author', 'publisher', 'admin'],
  'reviews:write': ['reader', 'author', 'publisher', 'admin'],
  'publisher:manage': ['publisher', 'admin'],
  'covers:design': ['author', 'publisher', 'admin'],
  'earnings:view': ['author', 'publisher'],
  'admin:access': ['admin'],
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
