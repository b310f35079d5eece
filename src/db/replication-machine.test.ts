import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badgeStatus,
  initialState,
  RETRY_MAX_MS,
  SIGNED_OUT_PROBE_MS,
  transition,
  type Effect,
  type MachineEvent,
  type MachineState,
} from './replication-machine';

const BASE_MS = 5_000;

/** Runs the machine as replication.ts does: its timer effects become real (fake) timers. */
function drive() {
  let state: MachineState = initialState;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const effects: Effect[] = [];
  const send = (event: MachineEvent): Effect[] => {
    const next = transition(state, event, BASE_MS);
    state = next.state;
    for (const e of next.effects) {
      effects.push(e);
      if (e.type === 'schedule') {
        clearTimeout(timer);
        timer = setTimeout(() => send({ type: 'timer' }), e.ms);
      }
      if (e.type === 'cancel-timer') clearTimeout(timer);
    }
    return next.effects;
  };
  const started = () => {
    send({ type: 'start' });
    effects.length = 0;
  };
  return {
    send,
    started,
    effects,
    get state() {
      return state;
    },
    status: (pending = 0) => badgeStatus(state, pending),
  };
}

const released = (effects: Effect[]) => effects.filter((e) => e.type === 'release').length;
const fail = (m: ReturnType<typeof drive>, kind: 'network' | 'server' | 'signed-out' | 'outdated') => m.send({ type: 'failed', kind, sentIn: m.state.epoch });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('replication machine', () => {
  it('stays idle, saying nothing, until it leads; then opens the stream', () => {
    const m = drive();
    expect(m.send({ type: 'online' })).toEqual([]);
    expect(m.send({ type: 'retry' })).toEqual([]);
    expect(m.send({ type: 'hint', collection: 'books' })).toEqual([]);
    expect(m.status()).toBeNull();
    expect(m.send({ type: 'start' })).toEqual([{ type: 'open-stream' }]);
    expect(m.state.phase).toBe('live');
    expect(m.status()).toBe('synced');
  });

  it('is pulling while RxDB is active and live once caught up', () => {
    const m = drive();
    m.started();
    m.send({ type: 'activity', busy: true });
    expect([m.state.phase, m.status()]).toEqual(['pulling', 'syncing']);
    m.send({ type: 'activity', busy: false });
    expect([m.state.phase, m.status()]).toEqual(['live', 'synced']);
    expect(m.status(2)).toBe('syncing'); // local changes not yet pushed
  });

  it('turns a stream hint into a pull of that collection, or of all of them', () => {
    const m = drive();
    m.started();
    expect(m.send({ type: 'hint', collection: 'books' })).toEqual([{ type: 'resync', collection: 'books' }]);
    expect(m.send({ type: 'hint', collection: null })).toEqual([{ type: 'resync', collection: null }]);
  });

  it('backs off after failures with delays that double and are capped', () => {
    const m = drive();
    m.started();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      fail(m, 'network');
      expect([m.state.phase, m.state.holding, m.status()]).toEqual(['backing-off', true, 'offline']);
      const delay = m.effects.findLast((e) => e.type === 'schedule')!;
      delays.push(delay.type === 'schedule' ? delay.ms : 0);
      vi.advanceTimersByTime(delays[i]! - 1);
      expect(m.state.holding).toBe(true);
      vi.advanceTimersByTime(1);
      expect(m.state.holding).toBe(false); // held requests go again
    }
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, RETRY_MAX_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
    expect(released(m.effects)).toBe(7);
  });

  it('sets one timer per outage however many requests fail, and recovers on a success', () => {
    const m = drive();
    m.started();
    fail(m, 'server');
    expect(fail(m, 'server')).toEqual([]);
    expect(m.status()).toBe('error');
    vi.advanceTimersByTime(BASE_MS);
    fail(m, 'server');
    expect(m.send({ type: 'succeeded' })).toEqual([{ type: 'cancel-timer' }, { type: 'release' }]);
    expect([m.state.phase, m.state.attempt, m.status()]).toEqual(['live', 0, 'synced']);
    vi.advanceTimersByTime(RETRY_MAX_MS);
    expect(m.state.phase).toBe('live');
  });

  it('goes again at once when the network comes back', () => {
    const m = drive();
    m.started();
    fail(m, 'network');
    fail(m, 'network'); // same hold: still the first delay
    expect(m.send({ type: 'online' })).toEqual([
      { type: 'cancel-timer' },
      { type: 'release' },
      { type: 'reconnect-stream' },
      { type: 'resync', collection: null },
    ]);
    expect([m.state.holding, m.state.attempt, m.status()]).toEqual([false, 0, 'offline']); // offline until a request succeeds
    m.send({ type: 'succeeded' });
    expect(m.status()).toBe('synced');
  });

  it('reconnects and pulls when the network comes back while live', () => {
    const m = drive();
    m.started();
    expect(m.send({ type: 'online' })).toEqual([{ type: 'reconnect-stream' }, { type: 'resync', collection: null }]);
  });

  it('holds every request on a 401, keeping pending changes, and probes the session every so often', () => {
    const m = drive();
    m.started();
    expect(fail(m, 'signed-out')).toEqual([{ type: 'cancel-timer' }, { type: 'close-stream' }, { type: 'schedule', ms: SIGNED_OUT_PROBE_MS }]);
    expect([m.state.phase, m.state.holding, m.status(3)]).toEqual(['signed-out', true, 'signed-out']);
    expect(fail(m, 'signed-out')).toEqual([{ type: 'close-stream' }]); // already held: no second probe
    expect(m.send({ type: 'online' })).toEqual([{ type: 'resync', collection: null }]); // the requests stay held
    vi.advanceTimersByTime(SIGNED_OUT_PROBE_MS - 1);
    expect(released(m.effects)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(m.effects.slice(-2)).toEqual([{ type: 'release' }, { type: 'open-stream' }]);
    expect(m.status()).toBe('signed-out'); // until the probe succeeds
    fail(m, 'network'); // the probe could not reach the server: held again, probing again later
    expect([m.state.phase, m.state.holding]).toEqual(['signed-out', true]);
    vi.advanceTimersByTime(SIGNED_OUT_PROBE_MS);
    expect(released(m.effects)).toBe(2);
    expect(m.send({ type: 'succeeded' })).toEqual([{ type: 'cancel-timer' }, { type: 'open-stream' }]); // signed in elsewhere
    expect(m.status()).toBe('synced');
  });

  it('resumes on retry() and ignores a 401 answering a request sent before it', () => {
    const m = drive();
    m.started();
    const sentBefore = m.state.epoch;
    fail(m, 'signed-out');
    expect(m.send({ type: 'retry' })).toEqual([{ type: 'cancel-timer' }, { type: 'release' }, { type: 'open-stream' }, { type: 'resync', collection: null }]);
    expect([m.state.phase, m.state.holding, m.status()]).toEqual(['live', false, 'synced']);
    expect(m.send({ type: 'failed', kind: 'signed-out', sentIn: sentBefore })).toEqual([]);
    expect(m.state.phase).toBe('live');
    vi.advanceTimersByTime(SIGNED_OUT_PROBE_MS * 3);
    expect(released(m.effects)).toBe(1);
  });

  it('asks for an upgrade on a 426 and waits for retry() without probing', () => {
    const m = drive();
    m.started();
    expect(fail(m, 'outdated')).toEqual([{ type: 'cancel-timer' }, { type: 'close-stream' }]);
    expect([m.state.phase, m.status()]).toEqual(['upgrade-needed', 'outdated']);
    vi.advanceTimersByTime(RETRY_MAX_MS * 10);
    expect(released(m.effects)).toBe(0);
    m.send({ type: 'retry' });
    expect(m.state.phase).toBe('live');
  });

  it('holds the same way when the stream is refused', () => {
    const m = drive();
    m.started();
    m.send({ type: 'stream-fatal', kind: 'outdated' });
    expect(m.status()).toBe('outdated');
    const probe = drive();
    probe.started();
    probe.send({ type: 'stream-fatal', kind: 'signed-out' });
    expect(probe.status()).toBe('signed-out');
    vi.advanceTimersByTime(SIGNED_OUT_PROBE_MS);
    expect(released(probe.effects)).toBe(1);
  });

  it('a 401 while backing off replaces the back-off with the probe', () => {
    const m = drive();
    m.started();
    fail(m, 'network');
    fail(m, 'signed-out');
    vi.advanceTimersByTime(BASE_MS);
    expect(released(m.effects)).toBe(0);
    vi.advanceTimersByTime(SIGNED_OUT_PROBE_MS - BASE_MS);
    expect(released(m.effects)).toBe(1);
  });

  it('stops: releases held requests, closes the stream and ignores everything after', () => {
    const m = drive();
    m.started();
    fail(m, 'network');
    expect(m.send({ type: 'stop' })).toEqual([{ type: 'cancel-timer' }, { type: 'release' }, { type: 'close-stream' }]);
    expect([m.state.phase, m.status()]).toEqual(['stopped', null]);
    vi.advanceTimersByTime(RETRY_MAX_MS);
    for (const event of [{ type: 'retry' }, { type: 'online' }, { type: 'succeeded' }, { type: 'hint', collection: null }] as const)
      expect(m.send(event)).toEqual([]);
  });
});
