/**
 * Test factories: rows inserted straight into a test database, with unique defaults and
 * overrides for what a test cares about. Generic on purpose; any server test may use them.
 */
import { newUserRow } from '../auth/users';
import type { GrantableRole } from '../../sync/roles';
import { createSession } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UsersTable } from '../db/schema';
import { newId } from '../http/ids';
import { SESSION_COOKIE } from '../limits';

let counter = 0;
const next = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

export interface UserOverrides extends Partial<Omit<UsersTable, 'id'>> {
  id?: string;
  roles?: GrantableRole[];
}

export async function buildUser(ctx: AppContext, overrides: UserOverrides = {}) {
  const { roles = [], ...fields } = overrides;
  const n = next();
  const now = ctx.now();
  const user: UsersTable = {
    ...newUserRow(
      { id: newId(), email: `user-${n}@example.test`, username: `user_${n}`, displayName: `Test User ${n}`, passwordHash: null, emailVerifiedAt: now },
      now,
    ),
    ...fields,
  };
  await ctx.db.insertInto('users').values(user).execute();
  for (const role of roles) {
    await ctx.db.insertInto('userRoles').values({ userId: user.id, role, grantedAt: now, grantedBy: null }).execute();
  }
  return { ...user, roles };
}

/** A fresh session for the user, as the Cookie header value a browser would send. */
export async function signIn(ctx: AppContext, userId: string): Promise<string> {
  const { token } = await createSession(ctx, userId, { userAgent: '', ip: '' });
  return `${SESSION_COOKIE}=${token}`;
}

/** A user with a session: `{ user, cookie }`. */
export async function buildSignedInUser(ctx: AppContext, overrides: UserOverrides = {}) {
  const user = await buildUser(ctx, overrides);
  return { user, cookie: await signIn(ctx, user.id) };
}

export function buildAdmin(ctx: AppContext, overrides: UserOverrides = {}) {
  return buildSignedInUser(ctx, { roles: ['admin'], ...overrides });
}

export async function buildRoleRequest(
  ctx: AppContext,
  userId: string,
  overrides: Partial<{ id: string; role: 'author' | 'publisher'; imprintName: string | null; message: string; createdAt: number }> = {},
) {
  const row = {
    id: newId(),
    userId,
    role: 'author' as const,
    imprintName: null,
    message: 'I would like to publish my novel.',
    status: 'pending' as const,
    note: '',
    createdAt: ctx.now(),
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
  await ctx.db.insertInto('roleRequests').values(row).execute();
  return row;
}

export async function buildBetaRequest(
  ctx: AppContext,
  overrides: Partial<{ id: string; name: string; email: string; interest: 'reading' | 'writing' | 'publishing'; reason: string; createdAt: number }> = {},
) {
  const n = next();
  const row = {
    id: newId(),
    name: `Applicant ${n}`,
    email: `beta-${n}@example.test`,
    interest: 'reading' as const,
    reason: 'I read a lot.',
    status: 'pending' as const,
    note: '',
    createdAt: ctx.now(),
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
  await ctx.db.insertInto('betaRequests').values(row).execute();
  return row;
}
