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
  /** A main entry standing for a whole area (NAV_AREAS' label): current on every page of it. */
  area?: string;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/store', label: 'Store' },
  { to: '/authors', label: 'Authors' },
  { to: '/blog', label: 'Blog' },
  { to: '/books', label: 'Library', permission: 'account:use' },
  { to: '/lists', label: 'Lists', permission: 'account:use' },
  { to: '/my-wishlist', label: 'Wishlist', permission: 'account:use' },
  { to: '/editor', label: 'Write', permission: 'manuscripts:write' },
  { to: '/files', label: 'Files', permission: 'files:use' },
  { to: '/publishing', label: 'Publish', permission: 'publishing:submit', area: 'Publishing' },
  { to: '/messages', label: 'Messages', permission: 'account:use', badge: 'unread-messages' },
  { to: '/publisher', label: 'Publisher', permission: 'publisher:manage', area: 'Publisher' },
];

/** The author's publishing tools: one "Publish" entry in the main nav, its sections under the header. */
const PUBLISH_NAV: NavItem[] = [
  { to: '/publishing', label: 'My books', permission: 'publishing:submit' },
  { to: '/cover', label: 'Ebook cover', permission: 'covers:design' },
  { to: '/kdp-cover', label: 'Paperback cover', permission: 'covers:design' },
  { to: '/export', label: 'Export', permission: 'account:use' },
];

/** The publisher area's sections (/publisher/*), shown under the header like the admin's. */
const PUBLISHER_NAV: NavItem[] = [
  { to: '/publisher', label: 'Dashboard', permission: 'publisher:manage', end: true },
  { to: '/publisher/books', label: 'Books', permission: 'publisher:manage' },
  { to: '/publisher/isbn', label: 'ISBNs', permission: 'publisher:manage' },
  { to: '/publisher/upload-single', label: 'Upload a book', permission: 'publisher:manage' },
  { to: '/publisher/upload-bulk', label: 'Bulk upload', permission: 'publisher:manage' },
  { to: '/publisher/uploads', label: 'Uploads', permission: 'publisher:manage' },
  { to: '/publisher/authors', label: 'Authors', permission: 'publisher:manage' },
  { to: '/publisher/publisher-store', label: 'Storefront', permission: 'publisher:manage' },
  { to: '/publisher/settings', label: 'Settings', permission: 'publisher:manage' },
  { to: '/cover', label: 'Ebook cover', permission: 'covers:design' },
  { to: '/kdp-cover', label: 'Paperback cover', permission: 'covers:design' },
];

const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', permission: 'admin:access', end: true },
  { to: '/admin/analytics', label: 'Analytics', permission: 'admin:access' },
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
  { to: '/admin/blog', label: 'Blog', permission: 'blog:write' },
  { to: '/admin/messages', label: 'Support inbox', permission: 'support:answer' },
  { to: '/admin/notifications', label: 'Notices', permission: 'notices:send' },
  { to: '/admin/audit', label: 'Audit log', permission: 'admin:access' },
  { to: '/admin/debug-reports', label: 'Debug reports', permission: 'admin:access' },
  { to: '/admin/queue-status', label: 'Job queue', permission: 'jobs:manage' },
  { to: '/admin/image-system-status', label: 'Image system', permission: 'jobs:manage' },
  { to: '/admin/rag-monitoring', label: 'Ask this book', permission: 'admin:access' },
  { to: '/admin/test', label: 'Self-test', permission: 'admin:access' },
  { to: '/admin/settings', label: 'Site settings', permission: 'admin:access' },
  { to: '/admin/newsletter/setup', label: 'Newsletter', permission: 'admin:access' },
  { to: '/admin/profile', label: 'Admin profile', permission: 'admin:access' },
];

/**
 * An area's sections, shown under the header on the area's paths. A page in two areas (the cover
 * tool) shows the first one the account works in: an author's publishing, else a publisher's.
 */
export interface NavArea {
  label: string;
  permission: Permission;
  roots: string[];
  items: NavItem[];
}

const NAV_AREAS: NavArea[] = [
  { label: 'Admin', permission: 'admin:access', roots: ['/admin'], items: ADMIN_NAV },
  { label: 'Publishing', permission: 'publishing:submit', roots: ['/publishing', '/cover', '/kdp-cover', '/export'], items: PUBLISH_NAV },
  { label: 'Publisher', permission: 'publisher:manage', roots: ['/publisher', '/cover', '/kdp-cover'], items: PUBLISHER_NAV },
];

const inArea = (pathname: string, roots: string[]) => roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));

export function areaFor(pathname: string, user: Principal | null): NavArea | undefined {
  return NAV_AREAS.find((area) => can(user, area.permission) && inArea(pathname, area.roots));
}

export function visibleNav(items: NavItem[], user: Principal | null): NavItem[] {
  return items.filter((i) => !i.permission || can(user, i.permission));
}
