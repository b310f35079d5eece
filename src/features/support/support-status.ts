/** How a support conversation's status reads and looks, in the inbox list and the thread. */
import type { SUPPORT_STATUSES } from '../../../sync/support/support';

type Status = (typeof SUPPORT_STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = { open: 'Open', waiting: 'Waiting', closed: 'Closed' };
export const STATUS_TONES: Record<Status, 'warning' | 'accent' | 'neutral'> = { open: 'warning', waiting: 'accent', closed: 'neutral' };
