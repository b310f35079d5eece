/**
 * The two secrets a newsletter mail carries.
 * - Confirmation: a random secret; only its SHA-256 is stored, with an expiry, and cleared when
 *   used, so a leaked database cannot confirm anyone and a used link cannot be replayed.
 * - Unsubscribe: `{subscriptionId}.{issueId}.{HMAC}` under a key made on first use and kept in the
 *   settings table. It names exactly one subscription (and the issue it came in, for the results),
 *   needs no row per mail, and keeps working in every issue ever sent.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/connection';
import { newSecret } from '../http/ids';

const KEY_SETTING = 'newsletter-unsubscribe-key';

export function newConfirmToken(): { token: string; hash: string } {
  const token = newSecret();
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function unsubscribeKey(db: DB): Promise<Buffer> {
  const read = () => db.selectFrom('settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two first sends at once: the second insert is ignored and both read the first key.
    await db
      .insertInto('settings')
      .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64url');
}

function mac(key: Buffer, subscriptionId: string, issueId: string): string {
  return createHmac('sha256', key).update(`unsubscribe\n${subscriptionId}\n${issueId}`).digest('base64url');
}

/** `issueId` is '' for mails that are not an issue (the welcome mail). */
export async function unsubscribeToken(db: DB, subscriptionId: string, issueId: string): Promise<string> {
  return `${subscriptionId}.${issueId}.${mac(await unsubscribeKey(db), subscriptionId, issueId)}`;
}

/** The subscription and issue a token names, or null when it was not made here. */
export async function readUnsubscribeToken(db: DB, token: string): Promise<{ subscriptionId: string; issueId: string | null } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [subscriptionId, issueId, given] = parts as [string, string, string];
  const expected = Buffer.from(mac(await unsubscribeKey(db), subscriptionId, issueId));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { subscriptionId, issueId: issueId || null };
}
