import { describe, expect, it } from 'vitest';
import { bookRoleOf, CONTRIBUTOR_ROLE_CODES, isContributorRoleCode, roleCodeOf, type ContributorRoleCode } from './contributors';

describe('contributor role codes (ONIX list 17)', () => {
  it('maps each code to one word of the book format and back', () => {
    for (const code of Object.keys(CONTRIBUTOR_ROLE_CODES) as ContributorRoleCode[]) expect(roleCodeOf(bookRoleOf(code))).toBe(code);
    expect(bookRoleOf('B06')).toBe('translator');
    expect(bookRoleOf('A12')).toBe('illustrator');
  });

  it('credits a co-author as an author (A01), and knows only its codes', () => {
    expect(roleCodeOf('co-author')).toBe('A01');
    expect(isContributorRoleCode('B01')).toBe(true);
    expect(isContributorRoleCode('Z99')).toBe(false);
    expect(isContributorRoleCode('toString')).toBe(false);
  });
});
