import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps same-site paths', () => {
    expect(safeNext('/settings/account?tab=1')).toBe('/settings/account?tab=1');
  });
  it('falls back to / for anything else', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/auth?mode=signup']) {
      expect(safeNext(bad)).toBe('/');
    }
  });
});
