/**
 * Required details: the submitted metadata against the form's own schema (the rules may have
 * tightened since it was saved), and what a store listing cannot do without — a title, a
 * language, an author, and at least one chapter with a title in the table of contents.
 */
import { metadataErrors, type MetadataField } from '../../../sync/publishing/metadata';
import { count, type CheckOutcome, type EditionCheckFn, type Finding } from './types';

const FIELD_NAMES: Record<MetadataField, string> = {
  title: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  genres: 'Genres',
  keywords: 'Keywords',
  language: 'Language',
  priceCents: 'Price',
  currency: 'Currency',
  ageRating: 'Age rating',
  series: 'Series',
  seriesNumber: 'Number in the series',
  contributors: 'Contributors',
  isbn: 'ISBN', // never shown: the ISBN check's
};

export const fieldsCheck: EditionCheckFn = ({ book, metadata }): CheckOutcome => {
  // The ISBN has its own check (isbn.ts), which says more than the form's message.
  const { isbn: _isbn, ...errors } = metadataErrors(metadata);
  const findings: Finding[] = Object.entries(errors).map(([field, reason]) => ({
    where: FIELD_NAMES[field as MetadataField] ?? field,
    reason: reason!,
  }));
  if (!book.metadata.contributors.some((c) => c.role === 'author' || c.role === 'co-author'))
    findings.push({ where: 'Contributors', reason: 'No author is named.' });
  if (book.chapters.length === 0) findings.push({ where: 'Contents', reason: 'The edition has no chapters.' });
  if (book.toc.length === 0 && book.chapters.length > 0) findings.push({ where: 'Contents', reason: 'The table of contents is empty.' });
  if (findings.length > 0) return { status: 'failed', message: `${count(findings.length, 'required detail')} missing or wrong.`, findings };
  return { status: 'passed', message: 'Title, description, genres, language, price, age rating and author are all given.', findings: [] };
};
