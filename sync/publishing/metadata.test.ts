import { describe, expect, it } from 'vitest';
import { ImprintBookMetadataSchema, metadataErrors, PublishingMetadataSchema } from './metadata';

const valid = {
  title: 'The Salt Orchard',
  description: 'A family, an orchard by the sea, and one long summer.',
  genres: ['FB'],
  keywords: ['orchard', ' sea ', 'orchard', ''],
  language: 'en',
  priceCents: 499,
  currency: 'USD',
  ageRating: 'all',
};

describe('publishing metadata', () => {
  it('accepts a complete form, trimming and de-duplicating keywords', () => {
    expect(metadataErrors(valid)).toEqual({});
    expect(PublishingMetadataSchema.parse(valid)).toMatchObject({ subtitle: '', keywords: ['orchard', 'sea'], series: '', seriesNumber: null });
  });

  it('takes an optional ISBN-10 or ISBN-13, hyphens allowed, as its 13 digits; a bad one is the field’s error', () => {
    expect(PublishingMetadataSchema.parse(valid).isbn).toBe('');
    expect(PublishingMetadataSchema.parse({ ...valid, isbn: '  ' }).isbn).toBe('');
    expect(PublishingMetadataSchema.parse({ ...valid, isbn: '978-0-306-40615-7' }).isbn).toBe('9780306406157');
    expect(PublishingMetadataSchema.parse({ ...valid, isbn: '0-306-40615-2' }).isbn).toBe('9780306406157');
    expect(metadataErrors({ ...valid, isbn: '978-0-306-40615-8' })).toEqual({ isbn: 'The check digit does not match: a digit is mistyped.' });
    expect(metadataErrors({ ...valid, isbn: '12345' })).toEqual({ isbn: 'An ISBN has 10 or 13 digits.' });
    expect(metadataErrors({ ...valid, isbn: 'ISBN 978' })).toEqual({ isbn: expect.stringContaining('Only digits') });
    expect(metadataErrors({ ...valid, isbn: 9780306406157 })).toEqual({ isbn: 'Type the ISBN as digits.' });
  });

  it('says what is wrong next to each field', () => {
    const errors = metadataErrors({
      ...valid,
      title: '  ',
      description: 'Short.',
      genres: ['XX'],
      keywords: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      language: 'tlh',
      priceCents: -1,
      currency: 'XYZ',
      ageRating: '3+',
      seriesNumber: 2,
    });
    expect(Object.keys(errors).sort()).toEqual(['ageRating', 'currency', 'description', 'genres', 'keywords', 'language', 'priceCents', 'title']);
    expect(errors.keywords).toBe('Use at most 7 keywords.');
    expect(errors.priceCents).toBe('The price must be zero or more.');
  });

  it('needs a genre, a whole price and a series name for a series number', () => {
    expect(metadataErrors({ ...valid, genres: [] }).genres).toBe('Pick at least one genre.');
    expect(metadataErrors({ ...valid, genres: ['FB', 'FM', 'FL', 'FR'] }).genres).toBe('Pick at most 3 genres.');
    expect(metadataErrors({ ...valid, priceCents: 4.5 }).priceCents).toBe('Use whole minor units (cents).');
    expect(metadataErrors({ ...valid, seriesNumber: 2 }).series).toBe('Name the series this book is part of.');
    expect(metadataErrors({ ...valid, series: 'Orchards', seriesNumber: 2 })).toEqual({});
    expect(metadataErrors({ ...valid, keywords: ['x'.repeat(51)] }).keywords).toBe('Keep each keyword under 50 characters.');
  });

  it('allows up to 7 keywords, counted after trimming and removing repeats', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(metadataErrors({ ...valid, keywords: seven })).toEqual({});
    expect(metadataErrors({ ...valid, keywords: [...seven, 'h'] }).keywords).toBe('Use at most 7 keywords.');
    expect(PublishingMetadataSchema.parse({ ...valid, keywords: [...seven, ' a '] }).keywords).toEqual(seven);
  });

  it('numbers a book in its series with a whole number from 1 to 999', () => {
    const series = { ...valid, series: 'Orchards' };
    expect(PublishingMetadataSchema.parse({ ...series, seriesNumber: 3 })).toMatchObject({ series: 'Orchards', seriesNumber: 3 });
    expect(metadataErrors({ ...series, seriesNumber: 0 }).seriesNumber).toBe('Number the books from 1.');
    expect(metadataErrors({ ...series, seriesNumber: 1000 }).seriesNumber).toBe('Use a number up to 999.');
    expect(metadataErrors({ ...series, seriesNumber: 2.5 }).seriesNumber).toBe('Use a whole number.');
    expect(PublishingMetadataSchema.parse({ ...series, seriesNumber: null }).seriesNumber).toBeNull();
  });

  it('credits contributors by ONIX role code, and an imprint book must credit someone', () => {
    const credited = {
      ...valid,
      contributors: [
        { name: ' Ada Byron ', role: 'A01' },
        { name: 'Edith Grey', role: 'B06' },
      ],
    };
    expect(PublishingMetadataSchema.parse(credited).contributors).toEqual([
      { name: 'Ada Byron', role: 'A01' },
      { name: 'Edith Grey', role: 'B06' },
    ]);
    expect(PublishingMetadataSchema.parse(valid).contributors).toEqual([]);
    expect(metadataErrors({ ...valid, contributors: [{ name: 'Ada', role: 'Z99' }] }).contributors).toBe('Pick each contributor’s role from the list.');
    expect(metadataErrors({ ...valid, contributors: [{ name: '  ', role: 'A01' }] }).contributors).toBe('Name each contributor.');
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `Person ${i}`, role: 'A12' }));
    expect(metadataErrors({ ...valid, contributors: many }).contributors).toBe('Credit at most 20 contributors.');
    expect(metadataErrors(valid, ImprintBookMetadataSchema).contributors).toBe('Credit at least one contributor (the author: A01).');
    expect(metadataErrors(credited, ImprintBookMetadataSchema)).toEqual({});
  });
});
