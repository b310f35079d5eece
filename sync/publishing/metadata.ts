/**
 * What an author says about a book before it goes to the store, as one schema both sides parse:
 * the form shows these messages next to each field before sending, and the server answers 422
 * with the same messages (keys are the field names) when something slips through.
 */
import { z } from 'zod';
import { checkIsbn, ISBN_PROBLEM_MESSAGES } from '../isbn';
import { GENRES } from '../store/genres';
import { MAX_PRICE_CENTS } from '../store/pricing';
import { AGE_RATINGS } from './age-ratings';
import { CONTRIBUTOR_ROLE_CODES } from './contributors';

export const KEYWORDS_MAX = 7;
export const GENRES_MAX = 3;
export const CONTRIBUTORS_MAX = 20;
const DESCRIPTION_MAX = 10_000;

/** The languages a book may be listed in (BCP 47 tags), with their names for the form. */
export const PUBLISHING_LANGUAGES = {
  en: 'English',
  'en-GB': 'English (UK)',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  pl: 'Polish',
  sv: 'Swedish',
  ar: 'Arabic',
  ja: 'Japanese',
} as const;
export const PUBLISHING_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

/** Up to KEYWORDS_MAX, counted as kept: trimmed, blanks and repeats dropped. */
const KeywordsSchema = z
  .array(z.string(), { error: 'List keywords as words.' })
  .max(100, `Use at most ${KEYWORDS_MAX} keywords.`)
  .refine((words) => words.every((w) => w.trim().length <= 50), 'Keep each keyword under 50 characters.')
  .default([])
  .transform((words) => [...new Set(words.map((w) => w.trim()).filter((w) => w.length > 0))])
  .pipe(z.array(z.string()).max(KEYWORDS_MAX, `Use at most ${KEYWORDS_MAX} keywords.`));
const SeriesSchema = z.string().trim().max(200, 'Keep the series name under 200 characters.').default('');
/** The book's place in its series; only with a series name (seriesRule). */
const SeriesNumberSchema = z
  .number({ error: 'Use a whole number.' })
  .int('Use a whole number.')
  .min(1, 'Number the books from 1.')
  .max(999, 'Use a number up to 999.')
  .nullable()
  .default(null);
/** Everyone credited, with an ONIX role (sync/publishing/contributors.ts), in the order the store shows them. */
const ContributorsSchema = z
  .array(
    z.object({
      name: z.string({ error: 'Name each contributor.' }).trim().min(1, 'Name each contributor.').max(200, 'Keep each name under 200 characters.'),
      role: z.enum(keys(CONTRIBUTOR_ROLE_CODES), { error: 'Pick each contributor’s role from the list.' }),
    }),
    { error: 'List the contributors with their roles.' },
  )
  .max(CONTRIBUTORS_MAX, `Credit at most ${CONTRIBUTORS_MAX} contributors.`)
  .default([]);

/**
 * The book's ISBN, optional (the store sells ebooks without one): typed as an ISBN-10 or ISBN-13,
 * hyphens and spaces allowed, kept as its 13 digits (sync/isbn.ts); '' for none. A bad checksum,
 * length or prefix is this field's error, in the words every ISBN field uses.
 */
const IsbnSchema = z
  .string({ error: 'Type the ISBN as digits.' })
  .trim()
  .max(30, ISBN_PROBLEM_MESSAGES.length)
  .default('')
  .transform((typed, ctx) => {
    if (typed === '') return '';
    const checked = checkIsbn(typed);
    if (checked.ok) return checked.isbn13;
    ctx.addIssue({ code: 'custom', message: ISBN_PROBLEM_MESSAGES[checked.problem] });
    return z.NEVER;
  });

/** A number in a series needs the series' name. */
function seriesRule(m: { series: string; seriesNumber: number | null }, ctx: z.RefinementCtx): void {
  if (m.seriesNumber !== null && m.series === '') ctx.addIssue({ code: 'custom', path: ['series'], message: 'Name the series this book is part of.' });
}

export const PublishingMetadataSchema = z
  .object({
    title: z.string({ error: 'Give the book a title.' }).trim().min(1, 'Give the book a title.').max(300, 'Keep the title under 300 characters.'),
    subtitle: z.string().trim().max(300, 'Keep the subtitle under 300 characters.').default(''),
    /** Rich text: the store keeps the small HTML subset of server/books/description.ts. */
    description: z
      .string({ error: 'Describe the book for the store.' })
      .trim()
      .min(20, 'Describe the book in at least 20 characters: readers see this first.')
      .max(DESCRIPTION_MAX, 'Keep the description under 10,000 characters.'),
    genres: z
      .array(z.string(), { error: 'Pick at least one genre.' })
      .min(1, 'Pick at least one genre.')
      .max(GENRES_MAX, `Pick at most ${GENRES_MAX} genres.`)
      .refine((codes) => codes.every((c) => c in GENRES), 'Pick genres from the list.')
      .refine((codes) => new Set(codes).size === codes.length, 'Pick each genre once.'),
    keywords: KeywordsSchema,
    language: z.enum(keys(PUBLISHING_LANGUAGES), { error: 'Pick the language the book is written in.' }),
    priceCents: z
      .number({ error: 'Enter a price (0 makes the book free).' })
      .int('Use whole minor units (cents).')
      .min(0, 'The price must be zero or more.')
      .max(MAX_PRICE_CENTS, 'The price is too high.'),
    currency: z.enum(PUBLISHING_CURRENCIES, { error: 'Pick a currency.' }),
    ageRating: z.enum(keys(AGE_RATINGS), { error: 'Pick who the book is for.' }),
    series: SeriesSchema,
    seriesNumber: SeriesNumberSchema,
    contributors: ContributorsSchema,
    /** An author's own or one from their imprint's pool (server/publishing/isbn.ts). An imprint's book keeps its ISBN on the book (/publisher/books/{id}/edit), not here. */
    isbn: IsbnSchema,
  })
  .superRefine(seriesRule);
export type PublishingMetadata = z.infer<typeof PublishingMetadataSchema>;

/** An imprint's book (/publisher/books/{id}/edit) has no manuscript owner to credit: it names its contributors. */
export const ImprintBookMetadataSchema = PublishingMetadataSchema.refine((m) => m.contributors.length > 0, {
  path: ['contributors'],
  message: 'Credit at least one contributor (the author: A01).',
});
/**
 * What a bulk upload row (server/uploads/record.ts) carries beyond the basics, checked by the same
 * field schemas as the form, so a CSV's keywords, series and contributors follow the form's rules.
 */
export const UploadExtrasSchema = z
  .object({ keywords: KeywordsSchema, series: SeriesSchema, seriesNumber: SeriesNumberSchema, contributors: ContributorsSchema })
  .superRefine(seriesRule);

export type PublishingMetadataInput = z.input<typeof PublishingMetadataSchema>;
export type MetadataField = keyof PublishingMetadata;

/** A message per field (the first for each), keyed by the field's name as the server's 422 keys them; empty when valid. */
export function metadataErrors(input: unknown, schema: typeof PublishingMetadataSchema = PublishingMetadataSchema): Partial<Record<MetadataField, string>> {
  const result = schema.safeParse(input);
  const errors: Partial<Record<MetadataField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'title') as MetadataField;
    errors[field] ??= issue.message;
  }
  return errors;
}
