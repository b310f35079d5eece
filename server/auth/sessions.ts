/**
 * Sessions in the Lucia design: the cookie holds `id.secret`; the table stores the id and the
 * SHA-256 of the secret, compared in constant time, so a leaked database holds no usable token.
 * Tokens rotate at sign-in and when the account's roles change (roles_version).
 */
import { createHash } from 'node:crypto';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { withReader, type Role } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { compiledQuery } from '../db/compiled-query';
import { smaller } from '../db/portable';
import type { DB } from '../db/connection';
import { newId, newSecret } from '../http/ids';
import { ROTATED_SESSION_GRACE, SESSION_COOKIE, SESSION_RENEW_WITHIN, SESSION_TTL } from '../limits';
import type { RevocationReason } from './session-revocations';
import type { SessionUser } from './session-user';

export type { SessionUser };

/** Node's native SHA-256: every signed-in request hashes its cookie's secret. */
export function hashSecret(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}

export async function loadRoles(db: DB, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('userRoles').select('role').where('userId', '=', userId).execute();
  return withReader(rows.map((r) => r.role));
}

export async function createSession(ctx: AppContext, userId: string, meta: { userAgent: string; ip: string }): Promise<{ token: string; expiresAt: number }> {
  const user = await ctx.db.selectFrom('users').select('rolesVersion').where('id', '=', userId).executeTakeFirstOrThrow();
  const id = newId();
  const secret = newSecret();
  const now = ctx.now();
  const expiresAt = now + SESSION_TTL;
  await ctx.db
    .insertInto('sessions')
    .values({
      id,
      secretHash: hashSecret(secret),
      userId,
      rolesVersion: user.rolesVersion,
      userAgent: meta.userAgent.slice(0, 300),
      ip: meta.ip,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .execute();
  return { token: `${id}.${secret}`, expiresAt };
}

interface Validated {
  user: SessionUser;
  sessionId: string;
  /** Set when the token was rotated or extended and the cookie must be rewritten. */
  renewed?: { token: string; expiresAt: number };
}

/**
 * A session's row with its user's: the columns validateSessionToken reads, and one role per row
 * (left joined, so a user with no role gives one row). Compiled once: every request runs it.
 */
const sessionRows = compiledQuery((db, slot: (name: 'id') => string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('userRoles', 'userRoles.userId', 'users.id')
    .select([
      'sessions.secretHash',
      'sessions.expiresAt',
      'sessions.rolesVersion as sessionRolesVersion',
      'sessions.replacedAt',
      'sessions.lastSeenAt',
      'users.id',
      'users.email',
      'users.username',
      'users.displayName',
      'users.status',
      'users.rolesVersion',
      'users.emailVerifiedAt',
      'users.theme',
      'users.deletionDueAt',
      'userRoles.role',
    ])
    .where('sessions.id', '=', slot('id')),
);

/** Once a minute at most: a write per request would cost more than the whole check. */
const LAST_SEEN_EVERY = 60_000;

export async function validateSessionToken(ctx: AppContext, token: string, meta: { userAgent: string; ip: string }): Promise<Validated | null> {
  const [id, secret] = token.split('.');
  if (!id || !secret || id.length > 64 || secret.length > 64) return null;
  // Every request runs this, so it is one query: the session, its user and the user's roles
  // (a row per role, or one with a null role).
  const rows = await sessionRows(ctx.db, { id });
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return null;
  const now = ctx.now();
  if (row.expiresAt <= now || row.status === 'suspended' || row.status === 'deleted') {
    await invalidateSession(ctx, id);
    return null;
  }
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    username: row.username,
    displayName: row.displayName,
    roles: withReader(rows.flatMap((r) => (r.role ? [r.role] : []))),
    status: row.status,
    emailVerified: row.emailVerifiedAt !== null,
    theme: row.theme,
    deletionDueAt: row.deletionDueAt,
  };
  // Already replaced: a request that left with the old cookie before the new one arrived. It is
  // answered (with the current roles) but never rotated or extended again.
  if (row.replacedAt !== null) return { user, sessionId: id };
  // Roles changed since this token was issued: replace the token so privileges never ride
  // on an old cookie.
  if (row.sessionRolesVersion !== row.rolesVersion) {
    if (!(await markReplaced(ctx, id))) return { user, sessionId: id }; // a concurrent request won
    const renewed = await createSession(ctx, row.id, meta);
    return { user, sessionId: renewed.token.split('.')[0]!, renewed };
  }
  if (row.expiresAt - now < SESSION_RENEW_WITHIN) {
    const expiresAt = now + SESSION_TTL;
    await ctx.db.updateTable('sessions').set({ expiresAt, lastSeenAt: now }).where('id', '=', id).execute();
    return { user, sessionId: id, renewed: { token, expiresAt } };
  }
  if (now - row.lastSeenAt > LAST_SEEN_EVERY) {
    await ctx.db.updateTable('sessions').set({ lastSeenAt: now, ip: meta.ip }).where('id', '=', id).execute();
  }
  return { user, sessionId: id };
}

/**
 * Marks a session replaced, its expiry cut to the grace (migration 013 says why); its live
 * channels reconnect now. False when another request replaced it first.
 */
async function markReplaced(ctx: AppContext, id: string): Promise<boolean> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable('sessions')
    .set((eb) => ({ replacedAt: now, expiresAt: smaller(eb.ref('expiresAt'), now + ROTATED_SESSION_GRACE) }))
    .where('id', '=', id)
    .where('replacedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  ctx.revocations.publish({ sessionId: id, reason: 'rotated' });
  return true;
}

/**
 * Where sessions end: every deletion from the sessions table goes through here or
 * invalidateUserSessions (the erasure job deletes rows in its transaction, then announces them
 * there), so the live channels on them hear of it at once (server/auth/session-revocations.ts).
 * Returns whether the session existed (and was `ownerId`'s).
 */
export async function invalidateSession(ctx: AppContext, sessionId: string, options: { ownerId?: string; reason?: RevocationReason } = {}): Promise<boolean> {
  let q = ctx.db.deleteFrom('sessions').where('id', '=', sessionId);
  if (options.ownerId) q = q.where('userId', '=', options.ownerId);
  const ended = Number((await q.executeTakeFirst()).numDeletedRows) > 0;
  // Only a session that was ended here is announced: a guessed id of someone else's is not.
  if (ended) ctx.revocations.publish({ sessionId, reason: options.reason ?? 'ended' });
  return ended;
}

/** Ends every session of the user except `keep` (sign out other devices, password change, suspension). */
export async function invalidateUserSessions(ctx: AppContext, userId: string, keep?: string): Promise<void> {
  let q = ctx.db.deleteFrom('sessions').where('userId', '=', userId);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
  ctx.revocations.publish({ userId, except: keep, reason: 'ended' });
}

/**
 * Bump roles_version so every session of the user rotates on its next request; live channels
 * reconnect now, so the new roles apply to them too. `db` is the caller's transaction, if any.
 */
export async function markRolesChanged(ctx: AppContext, userId: string, db: DB = ctx.db): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ rolesVersion: eb('rolesVersion', '+', 1), updatedAt: ctx.now() }))
    .where('id', '=', userId)
    .execute();
  ctx.revocations.publish({ userId, reason: 'rotated' });
}

/**
 * A live channel's periodic re-check of the session it was opened on: `ended` when it is gone or
 * expired (an expired one is ended here, so its other channels hear of it), `rotated` when the
 * roles changed since, `inactive` when valid but the account is not active (scheduled for deletion).
 */
export async function sessionStanding(ctx: AppContext, sessionId: string): Promise<'live' | 'inactive' | 'rotated' | 'ended'> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.expiresAt', 'sessions.rolesVersion as sessionRolesVersion', 'users.rolesVersion', 'users.status'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return 'ended';
  if (row.expiresAt <= ctx.now() || row.status === 'suspended' || row.status === 'deleted') {
    await invalidateSession(ctx, sessionId);
    return 'ended';
  }
  if (row.sessionRolesVersion !== row.rolesVersion) return 'rotated';
  return row.status === 'active' ? 'live' : 'inactive';
}

// Decided once per request in app.ts (server/http/proxy.ts); a bare sub-app in a test has no flag.
export function secureCookie(c: Context<AppEnv>): boolean {
  return c.get('https') === true;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookie(c),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie(c) });
}

/** Middleware: resolve the cookie to a user (or null) for every request. */
export function sessionMiddleware(ctx: AppContext) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    c.set('user', null);
    c.set('sessionId', null);
    let token: string | undefined;
    try {
      token = getCookie(c, SESSION_COOKIE);
    } catch {
      token = undefined; // a malformed Cookie header is the same as none
    }
    if (token) {
      const meta = { userAgent: c.req.header('user-agent') ?? '', ip: c.get('ip') };
      const result = await validateSessionToken(ctx, token, meta);
      if (result) {
        c.set('user', result.user);
        c.set('sessionId', result.sessionId);
        if (result.renewed) setSessionCookie(c, result.renewed.token, result.renewed.expiresAt);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}
