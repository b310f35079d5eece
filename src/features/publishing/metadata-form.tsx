/**
 * The book's details for the store, for an author's manuscript (/publishing) and an imprint's
 * book (/publisher/books/{id}/edit). The shared schema (sync/publishing/metadata.ts) is checked
 * before sending and the server's 422 messages land next to the same fields. Amounts are typed in
 * the currency ("4.99") and sent as minor units; keywords are typed comma-separated. An author's
 * ISBN is typed (ISBN-10 or 13, hyphens allowed) or taken from their imprint's pool; an imprint's
 * book sets its ISBN beside the form, on the book itself.
 */
import { AGE_RATINGS } from '../../../sync/publishing/age-ratings';
import { useState } from 'react';
import type { PoolChoice, PublicationDetail } from '../../../sync/api/publishing';
import type { ContributorRoleCode } from '../../../sync/publishing/contributors';
import {
  GENRES_MAX,
  ImprintBookMetadataSchema,
  KEYWORDS_MAX,
  metadataErrors,
  PUBLISHING_CURRENCIES,
  PUBLISHING_LANGUAGES,
  type MetadataField,
  type PublishingMetadataInput,
} from '../../../sync/publishing/metadata';
import { GENRES } from '../../../sync/store/genres';
import { fieldErrorsOf } from '../../lib/api';
import { Button, SelectField, TextArea, TextField } from '../../ui';
import { amountText, parseAmount } from '../admin/money';
import { ContributorsField } from './contributors-field';

type Errors = Partial<Record<MetadataField, string>> & Record<string, string | undefined>;
type Metadata = PublicationDetail['metadata'];

/** The save the form calls: a react-query mutation of either page. */
export interface MetadataSave {
  mutate: (body: PublishingMetadataInput) => void;
  isPending: boolean;
  error: unknown;
}

function initial(m: Metadata, fallbackTitle: string) {
  return {
    title: m?.title ?? fallbackTitle,
    subtitle: m?.subtitle ?? '',
    description: m?.description ?? '',
    genres: m?.genres ?? [],
    keywords: m?.keywords.join(', ') ?? '',
    language: m?.language ?? 'en',
    price: m ? amountText(m.priceCents, m.currency) : '',
    currency: m?.currency ?? 'USD',
    ageRating: m?.ageRating ?? 'all',
    series: m?.series ?? '',
    seriesNumber: m?.seriesNumber ? String(m.seriesNumber) : '',
    contributors: (m?.contributors ?? []).map((c) => ({ name: c.name, role: c.role as ContributorRoleCode })),
    isbn: m?.isbn ?? '',
  };
}

export function MetadataForm({
  metadata,
  fallbackTitle,
  readOnly,
  save,
  imprintBook = false,
  isbnChoices = [],
}: {
  metadata: Metadata;
  fallbackTitle: string;
  readOnly: boolean;
  save: MetadataSave;
  /** An imprint's book names every contributor; a manuscript credits its owner and co-authors itself. */
  imprintBook?: boolean;
  /** Free ISBNs of the author's imprints' pools. */
  isbnChoices?: PoolChoice[];
}) {
  const [form, setForm] = useState(() => initial(metadata, fallbackTitle));
  const [local, setLocal] = useState<Errors>({});
  const errors: Errors = { ...(fieldErrorsOf(save.error) as Errors), ...local };
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const priceCents = parseAmount(form.price, form.currency);
    const seriesNumber = form.seriesNumber.trim() === '' ? null : Number(form.seriesNumber);
    const body: PublishingMetadataInput = {
      title: form.title,
      subtitle: form.subtitle,
      description: form.description,
      genres: form.genres,
      keywords: form.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      language: form.language as PublishingMetadataInput['language'],
      priceCents: priceCents ?? 0,
      currency: form.currency as PublishingMetadataInput['currency'],
      ageRating: form.ageRating as PublishingMetadataInput['ageRating'],
      series: form.series,
      seriesNumber,
      contributors: form.contributors,
      ...(imprintBook ? {} : { isbn: form.isbn }),
    };
    const found: Errors = metadataErrors(body, imprintBook ? ImprintBookMetadataSchema : undefined);
    if (priceCents === null) found.priceCents = form.price.trim() ? 'Enter an amount like 4.99.' : 'Enter a price (0 makes the book free).';
    if (seriesNumber !== null && !Number.isInteger(seriesNumber)) found.seriesNumber = 'Use a whole number.';
    setLocal(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  const toggleGenre = (code: string, on: boolean) => set({ genres: on ? [...form.genres, code] : form.genres.filter((g) => g !== code) });

  return (
    <form
      className="stack publishing-form"
      aria-label="Book details"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="publishing-fieldset stack" disabled={readOnly}>
        <legend>Book details</legend>
        <TextField label="Title" value={form.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} required />
        <TextField label="Subtitle" value={form.subtitle} error={errors.subtitle} onChange={(e) => set({ subtitle: e.target.value })} />
        <TextArea
          label="Description"
          rows={6}
          value={form.description}
          error={errors.description}
          onChange={(e) => set({ description: e.target.value })}
          hint="What readers see first on the store page. Blank lines start paragraphs; <em>, <strong>, lists and links are kept."
        />
        <fieldset className="publishing-genres" aria-describedby={errors.genres ? 'genres-error' : 'genres-hint'}>
          <legend>Genres</legend>
          <p className="field-hint" id="genres-hint">
            Up to {GENRES_MAX}.
          </p>
          <div className="publishing-genre-list">
            {Object.entries(GENRES).map(([code, name]) => (
              <label key={code} className="publishing-genre">
                <input type="checkbox" checked={form.genres.includes(code)} onChange={(e) => toggleGenre(code, e.target.checked)} />
                {name}
              </label>
            ))}
          </div>
          {errors.genres && (
            <p className="field-error" id="genres-error">
              {errors.genres}
            </p>
          )}
        </fieldset>
        <TextField
          label="Keywords"
          value={form.keywords}
          error={errors.keywords}
          onChange={(e) => set({ keywords: e.target.value })}
          hint={`Up to ${KEYWORDS_MAX}, separated by commas: what a reader might search for.`}
        />
        <div className="publishing-row">
          <SelectField label="Language" value={form.language} error={errors.language} onChange={(e) => set({ language: e.target.value })}>
            {Object.entries(PUBLISHING_LANGUAGES).map(([tag, name]) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Age rating" value={form.ageRating} error={errors.ageRating} onChange={(e) => set({ ageRating: e.target.value })}>
            {Object.entries(AGE_RATINGS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="publishing-row">
          <TextField
            label={`Price (${form.currency})`}
            inputMode="decimal"
            value={form.price}
            error={errors.priceCents}
            onChange={(e) => set({ price: e.target.value })}
            hint="0 makes the book free."
          />
          <SelectField label="Currency" value={form.currency} error={errors.currency} onChange={(e) => set({ currency: e.target.value })}>
            {PUBLISHING_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
        </div>
        <div className="publishing-row">
          <TextField
            label="Series"
            value={form.series}
            error={errors.series}
            onChange={(e) => set({ series: e.target.value })}
            hint="Leave empty for a standalone book."
          />
          <TextField
            label="Number in series"
            inputMode="numeric"
            value={form.seriesNumber}
            error={errors.seriesNumber}
            onChange={(e) => set({ seriesNumber: e.target.value })}
          />
        </div>
        {!imprintBook && (
          <div className="publishing-row">
            <TextField
              label="ISBN (optional)"
              value={form.isbn}
              error={errors.isbn}
              onChange={(e) => set({ isbn: e.target.value })}
              hint="Your own ISBN-10 or ISBN-13; hyphens are fine. The store sells ebooks without one."
            />
            {isbnChoices.length > 0 && (
              <SelectField
                label="Or one from your publisher's pool"
                value={isbnChoices.some((c) => c.isbn === form.isbn) ? form.isbn : ''}
                onChange={(e) => e.target.value && set({ isbn: e.target.value })}
                hint="Assigned to this book when it is approved."
              >
                <option value="">Choose a free ISBN…</option>
                {isbnChoices.map((c) => (
                  <option key={c.isbn} value={c.isbn}>
                    {c.hyphenated} · {c.imprintName}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        )}
        <ContributorsField
          rows={form.contributors}
          onChange={(contributors) => set({ contributors })}
          errors={errors}
          hint={
            imprintBook
              ? 'Everyone credited, in the order the store shows them, each with their role (ONIX codes). The first author leads.'
              : 'You and your co-authors are credited as authors already: add editors, illustrators, translators and narrators.'
          }
        />
      </fieldset>
      {!readOnly && (
        <div>
          <Button type="submit" variant="secondary" loading={save.isPending}>
            Save details
          </Button>
        </div>
      )}
    </form>
  );
}
