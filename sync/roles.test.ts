import { describe, expect, it } from 'vitest';
import { can, withReader } from './roles';

describe('permission rules', () => {
  it('lets every active account use its account', () => {
    expect(can({ roles: ['reader'], status: 'active' }, 'account:use')).toBe(true);
  });
  it('keeps admin pages to admins', () => {
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'admin:access')).toBe(false);
    expect(can({ roles: ['reader', 'admin'], status: 'active' }, 'admin:access')).toBe(true);
  });
  it('gives authors the editor and publishers the publisher tools', () => {
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'manuscripts:write')).toBe(true);
    expect(can({ roles: ['reader'], status: 'active' }, 'manuscripts:write')).toBe(false);
    expect(can({ roles: ['reader', 'publisher'], status: 'active' }, 'publisher:manage')).toBe(true);
  });
  it('gives the cover tools to the people who publish books, not to readers', () => {
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'covers:design')).toBe(true);
    expect(can({ roles: ['reader', 'publisher'], status: 'active' }, 'covers:design')).toBe(true);
    expect(can({ roles: ['reader', 'admin'], status: 'active' }, 'covers:design')).toBe(true);
    expect(can({ roles: ['reader'], status: 'active' }, 'covers:design')).toBe(false);
  });
  it('shows earnings to authors and publishers, not to readers', () => {
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'earnings:view')).toBe(true);
    expect(can({ roles: ['reader', 'publisher'], status: 'active' }, 'earnings:view')).toBe(true);
    expect(can({ roles: ['reader'], status: 'active' }, 'earnings:view')).toBe(false);
  });
  it('lets every signed-in account add its own EPUBs to its library', () => {
    expect(can({ roles: ['reader'], status: 'active' }, 'library:sideload')).toBe(true);
    expect(can({ roles: ['reader'], status: 'suspended' }, 'library:sideload')).toBe(false);
    expect(can(null, 'library:sideload')).toBe(false);
  });
  it('refuses everything to a suspended account, even an admin', () => {
    expect(can({ roles: ['admin'], status: 'suspended' }, 'account:use')).toBe(false);
    expect(can({ roles: ['admin'], status: 'suspended' }, 'admin:access')).toBe(false);
  });
  it('lets an account awaiting deletion only use its account', () => {
    expect(can({ roles: ['admin'], status: 'deleting' }, 'account:use')).toBe(true);
    expect(can({ roles: ['admin'], status: 'deleting' }, 'admin:access')).toBe(false);
  });
  it('refuses a signed-out visitor', () => {
    expect(can(null, 'account:use')).toBe(false);
  });
  it('always includes reader once', () => {
    expect(withReader(['author', 'reader'])).toEqual(['reader', 'author']);
  });
});
