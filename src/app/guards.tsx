/**
 * Route guards. A visitor is sent to /auth?next=…; a signed-in account without the permission
 * sees "You don't have access" (the API answers 403 to the same account). Development pages
 * are not found unless the account may see them or this is a development build.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '../../sync/roles';
import { EmptyState, LinkButton, Skeleton } from '../ui';
import { NotFoundPage } from './not-found-page';
import { useSession } from '../lib/session';
import { useSiteInfo } from '../lib/site-info';

function SignInRedirect() {
  const location = useLocation();
  const next = location.pathname + location.search;
  return <Navigate to={`/auth?next=${encodeURIComponent(next)}`} replace />;
}

function NoAccess() {
  return (
    <div className="page">
      <EmptyState
        level={1}
        title="You don't have access"
        action={
          <LinkButton to="/" variant="secondary">
            Go home
          </LinkButton>
        }
      >
        <p>This page is for accounts with a different role. If you think you should have access, ask an administrator.</p>
      </EmptyState>
    </div>
  );
}

export function RequireUser({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading)
    return (
      <div className="page">
        <Skeleton />
      </div>
    );
  if (!user) return <SignInRedirect />;
  return <>{children ?? <Outlet />}</>;
}

export function RequirePermission({ permission, children }: { permission: Permission; children?: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading)
    return (
      <div className="page">
        <Skeleton />
      </div>
    );
  if (!user) return <SignInRedirect />;
  if (!can(user, permission)) return <NoAccess />;
  return <>{children ?? <Outlet />}</>;
}

export function RequireDev({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const site = useSiteInfo();
  if (isLoading || !site)
    return (
      <div className="page">
        <Skeleton />
      </div>
    );
  if (!site.development && !can(user, 'dev:access')) return <NotFoundPage />;
  return <>{children ?? <Outlet />}</>;
}
