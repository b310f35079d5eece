/**
 * Which automatic versions to drop as they age, so a chapter edited daily for years keeps a
 * useful, bounded history. Named versions are never passed in: they are kept forever.
 *
 * The rule (docs/decisions/011-version-history.md):
 * - younger than 2 days: every automatic version is kept;
 * - 2 to 30 days old: the newest one of each day (UTC) is kept;
 * - older than 30 days: the newest one of each week (7-day buckets since the epoch) is kept.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const KEEP_ALL_FOR = 2 * DAY;
const KEEP_DAILY_FOR = 30 * DAY;
/** An automatic version is due when the chapter's last version is this old and someone edits. */
export const AUTO_VERSION_EVERY = HOUR;

export interface AgedVersion {
  id: string;
  createdAt: number;
}

/** Ids of the automatic versions to delete, whatever order `versions` comes in. */
export function versionsToThin(versions: readonly AgedVersion[], now: number): string[] {
  const kept = new Set<string>();
  const drop: string[] = [];
  for (const v of [...versions].sort((a, b) => b.createdAt - a.createdAt)) {
    const age = now - v.createdAt;
    if (age < KEEP_ALL_FOR) continue;
    const bucket = age < KEEP_DAILY_FOR ? `d${Math.floor(v.createdAt / DAY)}` : `w${Math.floor(v.createdAt / WEEK)}`;
    if (kept.has(bucket)) drop.push(v.id);
    else kept.add(bucket);
  }
  return drop;
}
