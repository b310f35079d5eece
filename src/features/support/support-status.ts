/** How a support conversation's status reads and looks, in the inbox list and the thread. */
import type { SUPPORT_STATUSES } from '../../../sync/support/support';

type Status = (typeof SUPPORT_STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = { open: 'Open', waiting: 'Waiting', closed: 'Closed' };
export const STATUS_TONES: Record<Status, 'warning' | 'accent' | 'neutral'> = { open: 'warning', waiting: 'accent', closed: 'neutral' };

/** How often the inbox asks for news while it is open (people's messages arrive by sync, not by a push to staff). */
export const INBOX_POLL_MS = 4000;
