/** The sign-in backoff's memory store: the behaviour both stores share (failure-backoff-suite.ts). */
import { describe } from 'vitest';
import { failureBackoffBehaviour } from './failure-backoff-suite';
import { MemoryFailureBackoff } from './failure-backoff';

describe('the sign-in backoff in memory', () => {
  failureBackoffBehaviour((now, rule) => new MemoryFailureBackoff(now, rule));
});
