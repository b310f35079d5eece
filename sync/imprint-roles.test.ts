/** The imprint's people (issue 13): every imprint role × every team action, and the member-role limits. */
import { describe, expect, it } from 'vitest';
import { canInImprint, canManageMember, IMPRINT_ROLES, type ImprintPermission, type ImprintRole } from './roles';

const publisher = { roles: ['publisher'] as const, status: 'active' as const };
const reader = { roles: ['reader'] as const, status: 'active' as const };
const suspended = { roles: ['publisher'] as const, status: 'suspended' as const };

const EXPECTED: Record<ImprintPermission, Record<ImprintRole, boolean>> = {
  'imprint:read': { owner: true, manager: true, staff: true },
  'isbns:manage': { owner: true, manager: true, staff: false },
  'uploads:manage': { owner: true, manager: true, staff: true },
  'imprint:edit': { owner: true, manager: true, staff: false },
  'payout:manage': { owner: true, manager: false, staff: false },
  'members:manage': { owner: true, manager: true, staff: false },
  'authors:manage': { owner: true, manager: true, staff: false },
  'storefront:manage': { owner: true, manager: true, staff: false },
  'books:edit': { owner: true, manager: true, staff: true },
};

describe('imprint permissions', () => {
  for (const [permission, byRole] of Object.entries(EXPECTED) as [ImprintPermission, Record<ImprintRole, boolean>][]) {
    for (const role of IMPRINT_ROLES) {
      it(`${role} ${byRole[role] ? 'may' : 'may not'} ${permission}`, () => {
        expect(canInImprint(publisher, role, permission)).toBe(byRole[role]);
      });
    }
    it(`nobody outside the imprint, no reader and no suspended account may ${permission}`, () => {
      expect(canInImprint(publisher, null, permission)).toBe(false);
      expect(canInImprint(publisher, 'guest', permission)).toBe(false);
      expect(canInImprint(reader, 'owner', permission)).toBe(false);
      expect(canInImprint(suspended, 'owner', permission)).toBe(false);
    });
  }
});

describe('who may add, re-role and remove whom', () => {
  const roles = [null, ...IMPRINT_ROLES] as const;
  /** The roles each actor may touch, at either end of a change. */
  const MANAGED: Record<ImprintRole, readonly (ImprintRole | null)[]> = { owner: [null, 'owner', 'manager', 'staff'], manager: [null, 'staff'], staff: [] };

  for (const actor of IMPRINT_ROLES) {
    for (const from of roles) {
      for (const to of roles) {
        if (from === null && to === null) continue;
        const allowed = MANAGED[actor].includes(from) && MANAGED[actor].includes(to);
        const what = from === null ? `add a ${to}` : to === null ? `remove a ${from}` : `make a ${from} ${to}`;
        it(`${actor} ${allowed ? 'may' : 'may not'} ${what}`, () => {
          expect(canManageMember(publisher, actor, from, to)).toBe(allowed);
        });
      }
    }
  }

  it('a non-member, a reader and a suspended owner manage nobody', () => {
    expect(canManageMember(publisher, null, null, 'staff')).toBe(false);
    expect(canManageMember(reader, 'owner', null, 'staff')).toBe(false);
    expect(canManageMember(suspended, 'owner', 'staff', null)).toBe(false);
    expect(canManageMember(publisher, 'owner', null, null)).toBe(false);
  });
});
