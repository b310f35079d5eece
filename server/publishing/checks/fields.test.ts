import { describe, expect, it } from 'vitest';
import type { PublishingMetadataInput } from '../../../sync/publishing/metadata';
import { fieldsCheck } from './fields';
import { testBook, testInput } from './test-book';

const metadata: PublishingMetadataInput = {
  title: 'The Salt Orchard',
  description: 'A family, an orchard by the sea, and one long summer.',
  genres: ['FB'],
  language: 'en',
  priceCents: 499,
  currency: 'USD',
  ageRating: 'all',
};

describe('the required-details check', () => {
  it('passes complete details', () => {
    expect(fieldsCheck(testInput({ metadata }))).toMatchObject({ status: 'passed', findings: [] });
  });

  it('fails missing details, naming each field and what is wrong', () => {
    const { genres: _, description: __, ...partial } = metadata;
    const outcome = fieldsCheck(testInput({ metadata: { ...partial, description: 'Short.' } }));
    expect(outcome).toMatchObject({ status: 'failed', message: '2 required details missing or wrong.' });
    expect(outcome.findings).toEqual([
      { where: 'Description', reason: 'Describe the book in at least 20 characters: readers see this first.' },
      { where: 'Genres', reason: 'Pick at least one genre.' },
    ]);
  });

  it('fails a book without an author', () => {
    const book = testBook([['One', '<p>Text</p>']]);
    book.metadata.contributors = [{ name: 'Ed', role: 'editor' }];
    expect(fieldsCheck(testInput({ metadata, book })).findings).toEqual([{ where: 'Contributors', reason: 'No author is named.' }]);
  });
});
