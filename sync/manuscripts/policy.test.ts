import { describe, expect, it } from 'vitest';
import { actingRole, MANUSCRIPT_ACTIONS, manuscriptRole, mayOnManuscript, ownerWithoutWriteRole, type ManuscriptAction, type ManuscriptRole } from './policy';

const EXPECTED: Record<ManuscriptRole | 'none', ManuscriptAction[]> = {
  owner: [...MANUSCRIPT_ACTIONS],
  editor: ['read', 'comment', 'edit-text', 'edit-chapters', 'retitle', 'save-version'],
  commenter: ['read', 'comment'],
  viewer: ['read'],
  none: [],
};

describe('manuscript policy', () => {
  it.each(Object.entries(EXPECTED))('%s may do exactly its actions', (role, allowed) => {
    for (const action of MANUSCRIPT_ACTIONS) {
      expect(mayOnManuscript(role === 'none' ? null : (role as ManuscriptRole), action), `${role} ${action}`).toBe(allowed.includes(action));
    }
  });

  const m = { ownerId: 'o', members: [{ userId: 'e', role: 'editor' as const }] };
  const author = { roles: ['reader', 'author'] as const, status: 'active' as const };
  const reader = { roles: ['reader'] as const, status: 'active' as const };

  it('finds the role from the owner and the members', () => {
    expect(manuscriptRole(m, 'o')).toBe('owner');
    expect(manuscriptRole(m, 'e')).toBe('editor');
    expect(manuscriptRole(m, 'x')).toBeNull();
  });

  it('acts an owner without manuscripts:write as a viewer, a suspended account as nobody', () => {
    expect(actingRole(m, 'o', author)).toBe('owner');
    expect(actingRole(m, 'o', reader)).toBe('viewer');
    expect(actingRole(m, 'e', reader)).toBe('editor');
    expect(actingRole(m, 'e', { ...author, status: 'suspended' })).toBeNull();
    expect(ownerWithoutWriteRole(m, 'o', reader)).toMatch(/no longer write/);
    expect(ownerWithoutWriteRole(m, 'o', author)).toBeNull();
  });
});
