import { describe, expect, it } from 'vitest';
import { checkIsbn, compactIsbn, expandIsbnBlock, isbn10To13, isbn13To10, isValidIsbn10, isValidIsbn13, normalizeIsbn } from './isbn';

describe('compactIsbn', () => {
  it('drops hyphens (ASCII and Unicode) and spaces, and upper-cases the X', () => {
    expect(compactIsbn(' 978-0-306-40615-7 ')).toBe('9780306406157');
    expect(compactIsbn('0\u20118044\u20112957\u2011x')).toBe('080442957X');
  });
});

describe('isValidIsbn13', () => {
  it('checks the check digit and the 978/979 prefix, in canonical form only', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9798351882048')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('978-0306406157')).toBe(false);
    // A valid EAN-13 checksum, but not a book number.
    expect(isValidIsbn13('4006381333931')).toBe(false);
  });
});

describe('isValidIsbn10', () => {
  it('checks weights 10..2 with X for ten', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('0306406153')).toBe(false);
    expect(isValidIsbn10('08044295X7')).toBe(false);
    expect(isValidIsbn10('030640615')).toBe(false);
  });
});

describe('ISBN-10 ↔ ISBN-13', () => {
  it('converts 10 → 13 with the 978 prefix and a new check digit', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
  });

  it('converts 978 numbers back, X check digit included', () => {
    expect(isbn13To10('9780306406157')).toBe('0306406152');
    expect(isbn13To10('9780804429573')).toBe('080442957X');
  });

  it('refuses 979 numbers: they have no ISBN-10', () => {
    expect(isbn13To10('9798351882048')).toBeNull();
  });
});

describe('checkIsbn', () => {
  it('accepts ISBN-13 and ISBN-10 with hyphens or spaces, as the ISBN-13', () => {
    expect(checkIsbn('978-0-306-40615-7')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('978 0306 406157')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('0-8044-2957-x')).toEqual({ ok: true, isbn13: '9780804429573' });
  });

  it('says why a line is not an ISBN', () => {
    expect(checkIsbn('9780306406158')).toEqual({ ok: false, problem: 'checksum' });
    expect(checkIsbn('0-306-40615-3')).toEqual({ ok: false, problem: 'checksum' });
    expect(checkIsbn('97803064061')).toEqual({ ok: false, problem: 'length' });
    expect(checkIsbn('97803064061577')).toEqual({ ok: false, problem: 'length' });
    expect(checkIsbn('')).toEqual({ ok: false, problem: 'length' });
    expect(checkIsbn('orchard')).toEqual({ ok: false, problem: 'characters' });
    expect(checkIsbn('978030640615X')).toEqual({ ok: false, problem: 'characters' });
    expect(checkIsbn('4006381333931')).toEqual({ ok: false, problem: 'prefix' });
  });
});

describe('normalizeIsbn', () => {
  it('is the ISBN-13 or null', () => {
    expect(normalizeIsbn('0-306-40615-2')).toBe('9780306406157');
    expect(normalizeIsbn('9780306406158')).toBeNull();
  });
});

describe('expandIsbnBlock', () => {
  it('counts the body up from the start (included) and recomputes each check digit', () => {
    expect(expandIsbnBlock('9780306406157', 3)).toEqual(['9780306406157', '9780306406164', '9780306406171']);
    const block = expandIsbnBlock('9798351882048', 25)!;
    expect(block).toHaveLength(25);
    expect(block.every(isValidIsbn13)).toBe(true);
    expect(new Set(block).size).toBe(25);
  });

  it('carries across digits', () => {
    expect(expandIsbnBlock('9780000000996', 2)).toEqual(['9780000000996', '9780000001009']);
  });

  it('refuses a bad start, a count below one, and a block running out of its prefix', () => {
    expect(expandIsbnBlock('9780306406158', 2)).toBeNull();
    expect(expandIsbnBlock('9780306406157', 0)).toBeNull();
    expect(expandIsbnBlock('9789999999991', 1)).toEqual(['9789999999991']);
    expect(expandIsbnBlock('9789999999991', 2)).toBeNull();
  });
});
