/**
 * One-time, expiring codes sent by e-mail (verify, sign-in link, reset, invite). The link holds
 * `id.secret`; the table holds the SHA-256 of the secret. Every e-mailed link lands on
 * /auth/callback?code=… and is consumed there.
 */
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { AppContext } from '../context';
import type { AuthCodePurpose } from '../db/schema';
import { newId, newSecret } from '../http/ids';
import { EMAIL_CODE_TTL } from '../limits';
import { hashSecret } from './sessions';

export interface IssuedCode {
  code: string;
  /** Absolute link to /auth/callback carrying the code. */
  link: string;
  expiresAt: number;
}

export async function issueCode(
  ctx: AppContext,
  purpose: AuthCodePurpose,
  email: string,
  options: { userId?: string | null; data?: Record<string, unknown> } = {},
): Promise<IssuedCode> {
  const id = newId();
  const secret = newSecret();
  const now = ctx.now();
  const expiresAt = now + EMAIL_CODE_TTL[purpose];
  await ctx.db
    .insertInto('authCodes')
    .values({
      id,
      secretHash: hashSecret(secret),
      purpose,
      userId: options.userId ?? null,
      email,
      data: JSON.stringify(options.data ?? {}),
      createdAt: now,
      expiresAt,
    })
    .execute();
  const code = `${id}.${secret}`;
  return { code, link: `${ctx.config.publicUrl}/auth/callback?code=${encodeURIComponent(code)}`, expiresAt };
}

export interface CodeRecord {
  id: string;
  purpose: AuthCodePurpose;
  userId: string | null;
  email: string;
  data: Record<string, unknown>;
}

export type CodeCheck = { ok: true; record: CodeRecord } | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/** Check a code without using it up (invites are checked at the callback, used at sign-up). */
export async function checkCode(ctx: AppContext, code: string, purposes: AuthCodePurpose[]): Promise<CodeCheck> {
  const [id, secret] = code.split('.');
  if (!id || !secret || id.length > 64 || secret.length > 64) return { ok: false, reason: 'invalid' };
  const row = await ctx.db.selectFrom('authCodes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !purposes.includes(row.purpose)) return { ok: false, reason: 'invalid' };
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return { ok: false, reason: 'invalid' };
  if (row.usedAt !== null) return { ok: false, reason: 'used' };
  if (row.expiresAt <= ctx.now()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    record: { id: row.id, purpose: row.purpose, userId: row.userId, email: row.email, data: JSON.parse(row.data) },
  };
}

/** Check and use up a code in one step; a second use fails with `used`. */
export async function consumeCode(ctx: AppContext, code: string, purposes: AuthCodePurpose[]): Promise<CodeCheck> {
  const check = await checkCode(ctx, code, purposes);
  if (!check.ok) return check;
  const r = await ctx.db.updateTable('authCodes').set({ usedAt: ctx.now() }).where('id', '=', check.record.id).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return { ok: false, reason: 'used' };
  return check;
}
