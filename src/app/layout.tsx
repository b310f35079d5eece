/** The app shell: header with role-aware navigation, the page, footer with the version. */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { can } from '../../sync/roles';
import { APP_VERSION } from '../../sync/version';
import { closeDatabase } from '../db/database-loader';
import { DatabaseProvider } from '../db/use-database';
import { SharedWithMeLink } from '../features/editor/shared-with-me-link';
import { UnreadMessagesBadge } from '../features/messages/unread-badge';
import { NotificationBell } from '../features/notifications/notification-bell';
import { SignOutDialog } from '../features/sync/sign-out-dialog';
import { SyncBadge } from '../features/sync/sync-badge';
import { Badge, Menu, useToast } from '../ui';
import { signOut as endThisSession } from '../../sync/api/session';
import { call } from '../lib/api';
import { areaFor, MAIN_NAV, visibleNav, type NavArea } from './nav';
import { forgetSession, SESSION_KEY, useSession } from '../lib/session';
import { setPreferencesOwner } from '../features/theming/preferences-store';
import { useCurrentLinkInView } from './current-link-in-view';
import { useTheme, type ThemeChoice } from './theme';
import { UpdatePrompt } from './update-prompt';

// Lazy: it reads the replicated preferences (zod schemas, RxDB queries), not part of the first load.
const PreferencesSync = lazy(() => import('../features/theming/preferences-sync').then((m) => ({ default: m.PreferencesSync })));

const ROLE_LABEL = { author: 'Author', publisher: 'Publisher', admin: 'Admin' } as const;

function ThemeSwitch() {
  const [theme, setTheme] = useTheme();
  const next: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
  const icon = { system: '◐', light: '☀', dark: '☾' }[theme];
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => setTheme(next[theme])}
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme}`}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}

function AccountArea() {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  if (isLoading) return <span className="header-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <div className="header-auth">
        <NavLink to="/auth" className="btn btn-ghost btn-sm">
          Sign in
        </NavLink>
        <NavLink to="/auth?mode=signup" className="btn btn-primary btn-sm">
          Sign up
        </NavLink>
      </div>
    );
  }
  async function signOut(removeData: boolean) {
    try {
      await call(endThisSession);
    } catch {
      toast("Couldn't reach Quire to sign out. Try again when you're online.", { tone: 'error' });
      return;
    }
    forgetSession();
    await closeDatabase({ removeData });
    setConfirmingSignOut(false);
    qc.clear();
    await qc.invalidateQueries({ queryKey: SESSION_KEY });
    navigate('/');
  }
  const roles = user.roles.filter((r): r is keyof typeof ROLE_LABEL => r !== 'reader');
  return (
    <div className="header-account">
      <SyncBadge />
      {roles.length > 0 && (
        <span className="role-badges" aria-label="Your roles">
          {roles.map((r) => (
            <Badge key={r} tone="accent">
              {ROLE_LABEL[r]}
            </Badge>
          ))}
        </span>
      )}
      <NotificationBell />
      <Menu
        label={`Account menu for ${user.displayName}`}
        buttonContent={
          <span className="avatar" aria-hidden="true">
            {user.displayName.slice(0, 1).toUpperCase()}
          </span>
        }
        items={[
          { label: 'Cart', to: '/checkout' },
          { label: 'My purchases', to: '/my-purchases' },
          { label: 'Profile & roles', to: '/settings' },
          { label: 'Account & devices', to: '/settings/account' },
          { label: 'Notification settings', to: '/settings/notifications' },
          { label: 'Theme & reading', to: '/theming' },
          ...(can(user, 'admin:access') ? [{ label: 'Admin', to: '/admin' }] : []),
          { label: 'Sign out', onSelect: () => setConfirmingSignOut(true) },
        ]}
      />
      <SignOutDialog open={confirmingSignOut} onClose={() => setConfirmingSignOut(false)} onConfirm={signOut} />
    </div>
  );
}

export function Layout() {
  const { user } = useSession();
  useEffect(() => setPreferencesOwner(user?.id ?? null), [user?.id]);
  return (
    <DatabaseProvider userId={user?.id ?? null}>
      {user && (
        <Suspense fallback={null}>
          <PreferencesSync userId={user.id} />
        </Suspense>
      )}
      <Shell />
    </DatabaseProvider>
  );
}

/** An area's sections (admin, publishing, publisher) under the header; on a phone, a row that scrolls sideways. */
function SubNav({ area }: { area: NavArea }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useCurrentLinkInView(ref, pathname);
  return (
    <nav aria-label={area.label} className="sub-nav" ref={ref}>
      {visibleNav(area.items, user).map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

function Shell() {
  const { user } = useSession();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const main = visibleNav(MAIN_NAV, user);
  const admin = can(user, 'admin:access');
  const area = areaFor(pathname, user);
  const mainNav = useRef<HTMLElement>(null);
  useCurrentLinkInView(mainNav, pathname);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        {/* Named by its text, "Quire" (only the "Q" shows on a phone): a name that differs from the visible label fails WCAG 2.5.3. */}
        <NavLink to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            Q
          </span>
          <span className="brand-name">Quire</span>
        </NavLink>
        <nav aria-label="Main" className="main-nav" ref={mainNav}>
          {main.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) => (isActive || (item.area !== undefined && item.area === area?.label) ? 'active' : undefined)}
            >
              {item.label}
              {item.badge === 'unread-messages' && <UnreadMessagesBadge />}
            </NavLink>
          ))}
          {can(user, 'account:use') && !can(user, 'manuscripts:write') && <SharedWithMeLink />}
          {admin && <NavLink to="/admin">Admin</NavLink>}
        </nav>
        <div className="header-tools">
          <ThemeSwitch />
          <AccountArea />
        </div>
      </header>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      {area && <SubNav area={area} />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        <span>
          Quire <span className="version">{APP_VERSION}</span>
        </span>
        <NavLink to="/newsletter">Newsletter</NavLink>
        <nav aria-label="Legal">
          <NavLink to="/privacy-policy">Privacy</NavLink>
          <NavLink to="/terms-of-service">Terms</NavLink>
        </nav>
      </footer>
      <UpdatePrompt />
    </div>
  );
}
