import { describe, expect, it } from 'vitest';
import { can, canInImprint, withReader } from './roles';

describe('permission rules', () => {
  it('lets every active account use its account', () => {
    expect(can({ roles: ['reader'], status: 'active' }, 'account:use')).toBe(true);
  });
  it('keeps the job queue and image pipeline commands to admins', () => {
    expect(can({ roles: ['reader', 'admin'], status: 'active' }, 'jobs:manage')).toBe(true);
    expect(can({ roles: ['reader', 'author', 'publisher'], status: 'active' }, 'jobs:manage')).toBe(false);
  });
  it('keeps the support inbox and notices to staff', () => {
    for (const permission of ['support:answer', 'notices:send'] as const) {
      expect(can({ roles: ['reader', 'admin'], status: 'active' }, permission)).toBe(true);
      expect(can({ roles: ['reader', 'author', 'publisher'], status: 'active' }, permission)).toBe(false);
    }
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
  it('lets authors submit their manuscripts and admins review them', () => {
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'publishing:submit')).toBe(true);
    expect(can({ roles: ['reader'], status: 'active' }, 'publishing:submit')).toBe(false);
    expect(can({ roles: ['reader', 'author'], status: 'active' }, 'publishing:review')).toBe(false);
    expect(can({ roles: ['reader', 'admin'], status: 'active' }, 'publishing:review')).toBe(true);
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
  it('lets admins write the blog, nobody else', () => {
    expect(can({ roles: ['reader', 'admin'], status: 'active' }, 'blog:write')).toBe(true);
    for (const role of ['reader', 'author', 'publisher'] as const) expect(can({ roles: ['reader', role], status: 'active' }, 'blog:write')).toBe(false);
    expect(can(null, 'blog:write')).toBe(false);
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

describe('imprint permissions', () => {
  const publisher = { roles: ['reader', 'publisher'] as const, status: 'active' as const };
  it('lets every member read and only the owner and managers manage ISBNs', () => {
    for (const role of ['owner', 'manager', 'staff']) expect(canInImprint(publisher, role, 'imprint:read')).toBe(true);
    expect(canInImprint(publisher, 'owner', 'isbns:manage')).toBe(true);
    expect(canInImprint(publisher, 'manager', 'isbns:manage')).toBe(true);
    expect(canInImprint(publisher, 'staff', 'isbns:manage')).toBe(false);
    for (const role of ['owner', 'manager', 'staff']) expect(canInImprint(publisher, role, 'uploads:manage')).toBe(true);
    expect(canInImprint({ roles: ['reader'], status: 'active' }, 'owner', 'uploads:manage')).toBe(false);
    for (const role of ['owner', 'manager', 'staff']) expect(canInImprint(publisher, role, 'books:edit')).toBe(true);
    expect(canInImprint(publisher, null, 'books:edit')).toBe(false);
  });
  it('refuses non-members, non-publishers and suspended publishers', () => {
    expect(canInImprint(publisher, null, 'imprint:read')).toBe(false);
    expect(canInImprint(publisher, 'guest', 'imprint:read')).toBe(false);
    expect(canInImprint({ roles: ['reader'], status: 'active' }, 'owner', 'imprint:read')).toBe(false);
    expect(canInImprint({ ...publisher, status: 'suspended' }, 'owner', 'imprint:read')).toBe(false);
  });
});
