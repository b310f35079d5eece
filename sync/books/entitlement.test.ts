import { describe, expect, it } from 'vitest';
import { bookAccess, canClaim, chapterDecision, sampleChapterId, type Viewer } from './entitlement';

const reader: Viewer = { roles: ['reader'], status: 'active' };
const admin: Viewer = { roles: ['reader', 'admin'], status: 'active' };
const base = { published: true, owns: false, contributes: false };

describe('bookAccess', () => {
  it('gives owners, contributors and admins the whole book', () => {
    expect(bookAccess({ ...base, viewer: reader, owns: true })).toBe('full');
    expect(bookAccess({ ...base, viewer: reader, contributes: true })).toBe('full');
    expect(bookAccess({ ...base, viewer: admin })).toBe('full');
    expect(bookAccess({ ...base, viewer: admin, published: false })).toBe('full');
  });

  it('gives everyone else the sample of a published book, and nothing of an unpublished one', () => {
    expect(bookAccess({ ...base, viewer: null })).toBe('sample');
    expect(bookAccess({ ...base, viewer: reader })).toBe('sample');
    expect(bookAccess({ ...base, viewer: null, published: false })).toBe('none');
    expect(bookAccess({ ...base, viewer: reader, published: false })).toBe('none');
  });

  it('shows a sideloaded book to its owner only, not even to an admin', () => {
    const sideloaded = { ...base, published: false, private: true };
    expect(bookAccess({ ...sideloaded, viewer: reader, owns: true })).toBe('full');
    expect(bookAccess({ ...sideloaded, viewer: reader })).toBe('none');
    expect(bookAccess({ ...sideloaded, viewer: admin })).toBe('none');
    expect(bookAccess({ ...sideloaded, viewer: null })).toBe('none');
    expect(bookAccess({ ...sideloaded, viewer: { ...reader, status: 'suspended' }, owns: true })).toBe('none');
  });

  it('treats a suspended owner as a stranger', () => {
    expect(bookAccess({ ...base, viewer: { ...reader, status: 'suspended' }, owns: true })).toBe('sample');
  });
});

describe('chapterDecision', () => {
  it('opens the sample to all who can see the book, the rest to full access only', () => {
    expect(chapterDecision('full', false, true)).toBe('allow');
    expect(chapterDecision('sample', true, false)).toBe('allow');
    expect(chapterDecision('sample', false, false)).toBe('unauthenticated');
    expect(chapterDecision('sample', false, true)).toBe('forbidden');
    expect(chapterDecision('none', true, true)).toBe('not_found');
  });
});

describe('sampleChapterId and canClaim', () => {
  it('picks the first linear chapter as the sample', () => {
    expect(
      sampleChapterId([
        { id: 'cover', linear: false },
        { id: 'one', linear: true },
      ]),
    ).toBe('one');
    expect(sampleChapterId([{ id: 'only', linear: false }])).toBe('only');
    expect(sampleChapterId([])).toBeUndefined();
  });

  it('lets only free published books be claimed', () => {
    expect(canClaim({ published: true, priceCents: 0 })).toBe(true);
    expect(canClaim({ published: true, priceCents: 499 })).toBe(false);
    expect(canClaim({ published: false, priceCents: 0 })).toBe(false);
  });
});
