import { describe, expect, it } from 'vitest';
import { checkQuota } from './quota';

const MB = 1024 * 1024;

describe('checkQuota', () => {
  it('allows an upload that fits exactly', () => {
    expect(checkQuota({ usedBytes: 90 * MB, quotaBytes: 100 * MB, size: 10 * MB, alreadyHeld: false })).toEqual({ ok: true, usedAfter: 100 * MB });
  });

  it('refuses one byte over, saying how much is left', () => {
    const result = checkQuota({ usedBytes: 90 * MB, quotaBytes: 100 * MB, size: 10 * MB + 1, alreadyHeld: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('10 MB of your 100 MB is left');
  });

  it('charges nothing for content the account already holds', () => {
    expect(checkQuota({ usedBytes: 100 * MB, quotaBytes: 100 * MB, size: 50 * MB, alreadyHeld: true })).toEqual({ ok: true, usedAfter: 100 * MB });
  });

  it('reports zero left when already over (a lowered quota)', () => {
    const result = checkQuota({ usedBytes: 120 * MB, quotaBytes: 100 * MB, size: 1, alreadyHeld: false });
    expect(!result.ok && result.message).toContain('0 B of your 100 MB is left');
  });
});
