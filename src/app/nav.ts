/**
 * The navigation, filtered by the account's permissions (the same rules the API enforces).
 * A feature adds its entry here when its pages work.
 */
import { can, type Permission, type Principal } from '../../sync/roles';

export interface NavItem {
  to: string;
  label: string;
  /** Shown only to accounts with this permission; omitted = everyone. */
  permission?: Permission;
  /** A live count shown beside the label (the layout knows how to read each kind). */
  badge?: 'unread-messages';
  /** Active on this exact path only, when another entry lives under it (/admin/store and /admin/store/books). */
  end?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/store', label: 'Store' },
  { to: '/authors', label: 'Authors' },
  { to: '/books', label: 'Library', permission: 'account:use' },
  { to: '/lists', label: 'Lists', permission: 'account:use' },
  { to: '/my-wishlist', label: 'Wishlist', permission: 'account:use' },
  { to: '/editor', label: 'Write', permission: 'manuscripts:write' },
  { to: '/files', label: 'Files', permission: 'manuscripts:write' },
  { to: '/publishing', label: 'Publish', permission: 'publishing:submit' },
  { to: '/export', label: 'Export', permission: 'account:use' },
  { to: '/kdp-cover', label: 'Paperback cover', permission: 'covers:design' },
  { to: '/messages', label: 'Messages', permission: 'account:use', badge: 'unread-messages' },
  { to: '/publisher/isbn', label: 'Publisher', permission: 'publisher:manage' },
];

/** The publisher area's sections (/publisher/*), shown under the header like the admin's. */
export const PUBLISHER_NAV: NavItem[] = [{ to: '/publisher/isbn', label: 'ISBNs', permission: 'publisher:manage' }];

export const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', permission: 'admin:access' },
  { to: '/admin/users', label: 'Users', permission: 'admin:access' },
  { to: '/admin/author-requests', label: 'Author requests', permission: 'admin:access' },
  { to: '/admin/publisher-requests', label: 'Publisher requests', permission: 'admin:access' },
  { to: '/admin/beta-requests', label: 'Beta requests', permission: 'admin:access' },
  { to: '/admin/store', label: 'Store', permission: 'admin:access', end: true },
  { to: '/admin/store/books', label: 'Store books', permission: 'admin:access' },
  { to: '/admin/store/review', label: 'Review queue', permission: 'publishing:review' },
  { to: '/admin/publishing', label: 'Publishing', permission: 'publishing:review' },
  { to: '/admin/orders', label: 'Orders', permission: 'admin:access' },
  { to: '/admin/reviews', label: 'Reviews', permission: 'admin:access' },
  { to: '/admin/audit', label: 'Audit log', permission: 'admin:access' },
  { to: '/admin/debug-reports', label: 'Debug reports', permission: 'admin:access' },
  { to: '/admin/test', label: 'Self-test', permission: 'admin:access' },
  { to: '/admin/settings', label: 'Site settings', permission: 'admin:access' },
  { to: '/admin/profile', label: 'Admin profile', permission: 'admin:access' },
];

export function visibleNav(items: NavItem[], user: Principal | null): NavItem[] {
  return items.filter((i) => !i.permission || can(user, i.permission));
}
