import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageFor } from './database';

afterEach(() => vi.unstubAllEnvs());

describe('the storage the database opens on', () => {
  it('skips ajv validation in a production browser: the server validates every push', async () => {
    vi.stubEnv('DEV', false);
    expect((await storageFor('dexie')).name).toBe('dexie');
  });

  it('validates every write in development and in Node tests', async () => {
    vi.stubEnv('DEV', true);
    expect((await storageFor('dexie')).name).toBe('validate-ajv-dexie');
    vi.stubEnv('DEV', false);
    expect((await storageFor('memory')).name).toBe('validate-ajv-memory');
  });
});
