/** A post's state, as the admin's list and editor show it. */
import type { BlogState } from '../../../../sync/api/admin-blog';
import { Badge } from '../../../ui';

const LABELS: Record<BlogState, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
const TONES = { draft: 'neutral', scheduled: 'accent', published: 'success' } as const;

export function StateBadge({ state }: { state: BlogState }) {
  return <Badge tone={TONES[state]}>{LABELS[state]}</Badge>;
}
