import { describe, expect, it } from 'vitest';
import { metadataErrors, PublishingMetadataSchema } from './metadata';

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
});
