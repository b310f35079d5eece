/**
 * Storage quota: an account is charged once per distinct content it holds, so uploading the same
 * bytes again (stored once on disk) costs nothing. What it holds: its files (/files) and the EPUBs
 * it sideloaded into its library (server/library/sideload-routes.ts).
 */
import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { formatBytes } from '../../sync/text/bytes';

export type QuotaDecision = { ok: true; usedAfter: number } | { ok: false; message: string };

export function checkQuota(input: { usedBytes: number; quotaBytes: number; size: number; alreadyHeld: boolean }): QuotaDecision {
  const { usedBytes, quotaBytes, size, alreadyHeld } = input;
  const usedAfter = alreadyHeld ? usedBytes : usedBytes + size;
  if (usedAfter <= quotaBytes) return { ok: true, usedAfter };
  const left = Math.max(0, quotaBytes - usedBytes);
  return {
    ok: false,
    message: `Not enough space: this file is ${formatBytes(size)} and ${formatBytes(left)} of your ${formatBytes(quotaBytes)} is left. Delete files you no longer need.`,
  };
}

/** Bytes the owner's files and sideloaded EPUBs use, each distinct blob once (UNION drops repeats). */
export async function usedBytes(db: DB, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('files')
        .select(['blobHash', 'size'])
        .where('ownerId', '=', ownerId)
        .union(eb.selectFrom('sideloads').select(['blobHash', 'size']).where('ownerId', '=', ownerId))
        .as('held'),
    )
    .select(sql<number>`coalesce(sum(held.size), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function holdsBlob(db: DB, ownerId: string, hash: string): Promise<boolean> {
  const [file, sideload] = await Promise.all([
    db.selectFrom('files').select('id').where('blobHash', '=', hash).where('ownerId', '=', ownerId).limit(1).executeTakeFirst(),
    db.selectFrom('sideloads').select('bookId').where('blobHash', '=', hash).where('ownerId', '=', ownerId).limit(1).executeTakeFirst(),
  ]);
  return file !== undefined || sideload !== undefined;
}
