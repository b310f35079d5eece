/**
 * The sync badge's store: one status, the number of local changes not yet acknowledged by the
 * server, and a retry. Free of rxdb so the header can import it without loading the database.
 */
type SyncStatus = 'synced' | 'syncing' | 'offline' | 'error' | 'signed-out' | 'outdated';

export interface SyncSnapshot {
  status: SyncStatus;
  /** Local writes not yet acknowledged by the server. */
  pending: number;
  /** Which ones, as `collection:id` — a feature marks those documents "Pending" (messages). */
  pendingKeys: readonly string[];
  /** Changes the server refused (invalid, or not ours to write); they stay local only. */
  refused: number;
  /** For people, shown with 'error'. */
  message: string | null;
}

type Listener = () => void;

export class SyncStateStore {
  private snapshot: SyncSnapshot = { status: 'syncing', pending: 0, pendingKeys: [], refused: 0, message: null };
  private listeners = new Set<Listener>();
  /** Replaced by the replication once it runs. */
  private retryHandler: () => void = () => undefined;

  get = (): SyncSnapshot => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<SyncSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    if (Object.entries(next).every(([k, v]) => this.snapshot[k as keyof SyncSnapshot] === v)) return;
    this.snapshot = next;
    for (const l of this.listeners) l();
  }

  onRetry(handler: () => void) {
    this.retryHandler = handler;
  }

  retry = () => this.retryHandler();
}

/** The app's one store (one signed-in account at a time). */
export const syncState = new SyncStateStore();
