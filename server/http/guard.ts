/** Authorisation helpers for handlers: 401 when signed out, 403 when the role lacks a permission. */
import type { Context } from 'hono';
import { can, type Permission } from '../../sync/roles';
import type { SessionUser } from '../auth/sessions';
import type { AppEnv } from '../context';
import { forbidden, unauthenticated } from './errors';

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

export function requirePermission(c: Context<AppEnv>, permission: Permission): SessionUser {
  const user = requireUser(c);
  if (!can(user, permission)) throw forbidden();
  return user;
}
