import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '.';

describe('collection registry', () => {
  it('keys every collection by its own name', () => {
    for (const [key, definition] of Object.entries(COLLECTIONS)) expect(definition.name).toBe(key);
  });
});
