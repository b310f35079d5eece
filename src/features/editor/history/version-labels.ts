/** How a version is named in the history list and its viewer. */
import type { VersionSummary } from '../../../../sync/api/versions';

const REASONS = {
  session: 'Before an editing session',
  hourly: 'Hourly snapshot',
  restore: 'Before a restore',
} as const;

export function versionTitle(version: VersionSummary): string {
  return version.kind === 'named' && version.name ? version.name : (REASONS[version.reason as keyof typeof REASONS] ?? 'Snapshot');
}

export function versionAuthor(version: VersionSummary): string {
  return version.author ? `@${version.author.username}` : 'a deleted account';
}

export function words(n: number): string {
  return `${n.toLocaleString()} word${n === 1 ? '' : 's'}`;
}
