import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageFor } from './database';

// The browser's storage lives in a worker; Node has no Web Worker, so a silent one stands in.
beforeEach(() =>
  vi.stubGlobal(
    'Worker',
    class {
      addEventListener() {}
      postMessage() {}
      terminate() {}
    },
  ),
);
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the storage the database opens on', () => {
  it('skips ajv validation in a production browser: the server validates every push', async () => {
    vi.stubEnv('DEV', false);
    expect((await storageFor('dexie')).name).toBe('remote');
  });

  it('validates every write in development and in Node tests', async () => {
    vi.stubEnv('DEV', true);
    expect((await storageFor('dexie')).name).toBe('validate-ajv-remote');
    vi.stubEnv('DEV', false);
    expect((await storageFor('memory')).name).toBe('validate-ajv-memory');
  });
});
