/** A publishing state as a badge, and how long something has waited ("3 days"). */
import { STATE_LABELS, type PublishingState } from '../../../sync/publishing/state-machine';
import { Badge } from '../../ui';

const TONES: Record<PublishingState, 'neutral' | 'success' | 'warning' | 'danger' | 'accent'> = {
  draft: 'neutral',
  submitted: 'accent',
  in_review: 'accent',
  changes_requested: 'warning',
  rejected: 'danger',
  published: 'success',
  unlisted: 'neutral',
};

export function StateBadge({ state }: { state: PublishingState }) {
  return <Badge tone={TONES[state]}>{STATE_LABELS[state]}</Badge>;
}

/** A span of time for people: "5 minutes", "3 hours", "2 days". */
export function waitedFor(since: number | null, now = Date.now()): string {
  if (since === null) return '—';
  const minutes = Math.max(0, Math.round((now - since) / 60_000));
  const [n, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.round(minutes / 60), 'hour'] : [Math.round(minutes / 1440), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
