/**
 * The states of replication as a pure transition function: `transition(state, event)` returns the
 * next state and the effects the adapter (replication.ts) carries out with RxDB, the event stream
 * and timers. Requests are held at one gate while backing off, signed out or outdated — RxDB
 * simply sees a slow request — so nothing is lost and nothing is retried in a loop.
 */
import type { SyncStatus } from './sync-state';

/** RxDB's first retry of a failed request waits this long (sooner when the network comes back)… */
export const RETRY_MS = 5_000;
/** …doubling with each failure in a row, up to this. */
export const RETRY_MAX_MS = 60_000;
/** While signed out, try again this often: signing in (in any tab) resumes sync by itself. */
export const SIGNED_OUT_PROBE_MS = 10_000;

type Phase =
  /** Not started: another tab leads, or the leadership is not ours yet. */
  | 'idle'
  /** Requests in flight (RxDB is active). */
  | 'pulling'
  /** Caught up; the event stream's hints start the next pull. */
  | 'live'
  /** A request failed (network or server); held requests go again when the delay is over. */
  | 'backing-off'
  /** 401: requests wait for retry() (signing in again) or the next probe. */
  | 'signed-out'
  /** 426: this version of Quire is too old; requests wait for retry() (a reload). */
  | 'upgrade-needed'
  | 'stopped';

type TransientFailure = 'network' | 'server';

export interface MachineState {
  phase: Phase;
  /** Some collection has a request in flight or queued; decides pulling vs live once healthy. */
  busy: boolean;
  /** Requests wait at the gate. */
  holding: boolean;
  /** What sent us backing off: the badge says offline or error. */
  failure: TransientFailure | null;
  /** Transient failures in a row: the back-off delay grows with it. */
  attempt: number;
  /** Bumped by retry(): a 401 answering a request sent before it says nothing about the new session. */
  epoch: number;
}

export type MachineEvent =
  | { type: 'start' }
  | { type: 'activity'; busy: boolean }
  | { type: 'succeeded' }
  | { type: 'failed'; kind: TransientFailure | 'signed-out' | 'outdated'; sentIn: number }
  | { type: 'stream-fatal'; kind: 'signed-out' | 'outdated' }
  | { type: 'hint'; collection: string | null }
  | { type: 'timer' }
  | { type: 'online' }
  | { type: 'retry' }
  | { type: 'stop' };

export type Effect =
  | { type: 'open-stream' }
  | { type: 'close-stream' }
  | { type: 'reconnect-stream' }
  /** RESYNC one collection, or every one (null). */
  | { type: 'resync'; collection: string | null }
  /** Open the gate: held requests go again. */
  | { type: 'release' }
  /** Replace any pending timer with one firing `timer` after `ms`. */
  | { type: 'schedule'; ms: number }
  | { type: 'cancel-timer' };

export interface Transition {
  state: MachineState;
  effects: Effect[];
}

export const initialState: MachineState = { phase: 'idle', busy: false, holding: false, failure: null, attempt: 0, epoch: 0 };

function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), RETRY_MAX_MS);
}

const healthy = (busy: boolean): Phase => (busy ? 'pulling' : 'live');
const isHeld = (phase: Phase) => phase === 'signed-out' || phase === 'upgrade-needed';

export function transition(state: MachineState, event: MachineEvent, retryMs = RETRY_MS): Transition {
  const s = state;
  if (s.phase === 'stopped') return { state: s, effects: [] };
  // Only the leader speaks to the server: nothing the person or the network does starts it early.
  const early = event.type === 'retry' || event.type === 'online' || event.type === 'hint' || event.type === 'timer';
  if (s.phase === 'idle' && early) return { state: s, effects: [] };

  switch (event.type) {
    case 'start':
      // RxDB may have sent (and heard back from) its first request before this arrives.
      if (s.phase !== 'idle') return { state: s, effects: isHeld(s.phase) ? [] : [{ type: 'open-stream' }] };
      return { state: { ...s, phase: healthy(s.busy) }, effects: [{ type: 'open-stream' }] };

    case 'activity': {
      const phase = s.phase === 'pulling' || s.phase === 'live' ? healthy(event.busy) : s.phase;
      return { state: { ...s, busy: event.busy, phase }, effects: [] };
    }

    case 'succeeded': {
      if (s.phase === 'pulling' || s.phase === 'live') return { state: s, effects: [] };
      const effects: Effect[] = [{ type: 'cancel-timer' }];
      if (s.holding) effects.push({ type: 'release' });
      if (isHeld(s.phase)) effects.push({ type: 'open-stream' }); // the stream was closed while held
      return { state: { ...s, phase: healthy(s.busy), holding: false, failure: null, attempt: 0 }, effects };
    }

    case 'failed':
      if (event.kind === 'signed-out' || event.kind === 'outdated') {
        // An answer to a request sent before retry() is stale: the request simply goes again.
        return event.sentIn === s.epoch ? hold(s, event.kind) : { state: s, effects: [] };
      }
      if (isHeld(s.phase)) return hold(s, s.phase === 'signed-out' ? 'signed-out' : 'outdated');
      {
        const attempt = s.attempt + 1;
        const next: MachineState = { ...s, phase: 'backing-off', holding: true, failure: event.kind, attempt };
        // One timer for all held requests: a second failure from the same outage does not push it back.
        return { state: next, effects: s.holding ? [] : [{ type: 'schedule', ms: backoffMs(attempt, retryMs) }] };
      }

    case 'stream-fatal':
      return hold(s, event.kind);

    case 'hint':
      return { state: s, effects: [{ type: 'resync', collection: event.collection }] };

    case 'timer':
      if (s.phase === 'backing-off') return { state: { ...s, holding: false }, effects: [{ type: 'release' }] };
      // The signed-out probe: held requests try once more and the stream reconnects; a 401 holds again.
      if (s.phase === 'signed-out') return { state: { ...s, holding: false }, effects: [{ type: 'release' }, { type: 'open-stream' }] };
      return { state: s, effects: [] };

    case 'online': {
      // Held requests stay held (the stream stays closed); they only learn what to pull.
      if (isHeld(s.phase)) return { state: s, effects: [{ type: 'resync', collection: null }] };
      const effects: Effect[] = [{ type: 'reconnect-stream' }, { type: 'resync', collection: null }];
      if (s.phase !== 'backing-off') return { state: s, effects };
      return {
        state: { ...s, holding: false, attempt: 0 },
        effects: [{ type: 'cancel-timer' }, ...(s.holding ? [{ type: 'release' } as const] : []), ...effects],
      };
    }

    case 'retry':
      return {
        state: { ...s, phase: healthy(s.busy), holding: false, failure: null, attempt: 0, epoch: s.epoch + 1 },
        effects: [{ type: 'cancel-timer' }, { type: 'release' }, { type: 'open-stream' }, { type: 'resync', collection: null }],
      };

    case 'stop':
      return { state: { ...s, phase: 'stopped', holding: false }, effects: [{ type: 'cancel-timer' }, { type: 'release' }, { type: 'close-stream' }] };
  }
}

function hold(s: MachineState, kind: 'signed-out' | 'outdated'): Transition {
  const phase: Phase = kind === 'signed-out' ? 'signed-out' : 'upgrade-needed';
  const effects: Effect[] = [{ type: 'close-stream' }];
  // Only a new hold sets the timer: a signed-out client probes, an outdated one waits for a reload.
  if (s.phase !== phase || !s.holding) {
    effects.unshift({ type: 'cancel-timer' });
    if (phase === 'signed-out') effects.push({ type: 'schedule', ms: SIGNED_OUT_PROBE_MS });
  }
  return { state: { ...s, phase, holding: true }, effects };
}

/** The badge's status for a state, or null while another tab speaks for this one (or stopped). */
export function badgeStatus(s: MachineState, pending: number): SyncStatus | null {
  switch (s.phase) {
    case 'idle':
    case 'stopped':
      return null;
    case 'signed-out':
      return 'signed-out';
    case 'upgrade-needed':
      return 'outdated';
    case 'backing-off':
      return s.failure === 'network' ? 'offline' : 'error';
    case 'pulling':
      return 'syncing';
    case 'live':
      return pending > 0 ? 'syncing' : 'synced';
  }
}

export const FAILURE_MESSAGE = 'Syncing failed. Your changes are safe on this device.';
