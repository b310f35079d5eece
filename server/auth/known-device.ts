/**
 * Known devices: a browser that has signed in to an account carries a signed cookie saying so —
 * an HMAC of the account's e-mail and an expiry, never the address itself — for the last few
 * accounts it used. Sign-in lets such a browser past the per-account failure wait (limiters.ts),
 * so guesses from elsewhere cannot lock the owner out. The key is made on first use and kept in
 * the settings table, so cookies survive a restart.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../context';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL } from '../limits';
import { secureCookie } from './sessions';

const KEY_SETTING = 'known-device-key';
/** Accounts remembered per browser; the least recently signed-in one goes first. */
const MAX_ACCOUNTS = 5;

async function deviceKey(ctx: AppContext): Promise<Buffer> {
  const read = () => ctx.db.selectFrom('settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two first sign-ins at once: the second insert is ignored and both read the first key.
    await ctx.db
      .insertInto('settings')
      .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64url');
}

function sign(key: Buffer, email: string, expiresAt: number): string {
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${expiresAt}`).digest('base64url');
}

/** The cookie's entries (`expiresAt.signature`, joined by `~`), expired and malformed ones dropped. */
function entries(c: Context, now: number): { expiresAt: number; signature: string }[] {
  let raw: string | undefined;
  try {
    raw = getCookie(c, KNOWN_DEVICE_COOKIE);
  } catch {
    raw = undefined; // a malformed Cookie header is the same as none
  }
  return (raw ?? '')
    .split('~')
    .map((entry) => {
      const [expiresAt, signature = ''] = entry.split('.');
      return { expiresAt: Number(expiresAt), signature };
    })
    .filter((e) => Number.isSafeInteger(e.expiresAt) && e.expiresAt > now && e.signature.length > 0)
    .slice(0, MAX_ACCOUNTS);
}

function matches(key: Buffer, email: string, e: { expiresAt: number; signature: string }): boolean {
  const expected = Buffer.from(sign(key, email, e.expiresAt));
  const given = Buffer.from(e.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function isKnownDevice(ctx: AppContext, c: Context, email: string): Promise<boolean> {
  const key = await deviceKey(ctx);
  return entries(c, ctx.now()).some((e) => matches(key, email, e));
}

/** After a successful sign-in: this browser is now known to the account. */
export async function rememberDevice(ctx: AppContext, c: Context, email: string): Promise<void> {
  const key = await deviceKey(ctx);
  const expiresAt = ctx.now() + KNOWN_DEVICE_TTL;
  const others = entries(c, ctx.now()).filter((e) => !matches(key, email, e));
  const value = [{ expiresAt, signature: sign(key, email, expiresAt) }, ...others]
    .slice(0, MAX_ACCOUNTS)
    .map((e) => `${e.expiresAt}.${e.signature}`)
    .join('~');
  setCookie(c, KNOWN_DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: secureCookie(c),
    path: '/api/auth',
    expires: new Date(expiresAt),
  });
}
