/** A stable cursor and avatar colour per account, dark enough for white initials (WCAG AA). */
const PALETTE = ['#b91c1c', '#9a3412', '#a16207', '#15803d', '#0f766e', '#1d4ed8', '#6d28d9', '#be185d'];

export function userColor(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}
