/**
 * `/store/advanced-search`: every filter of the catalogue in one form. The whole query lives in
 * the URL under the API's own names (prices in minor units), so a search can be shared and the
 * back button steps through searches; sorting and the facet links change the URL at once.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { searchStore, STORE_SORTS, type StoreQuery, type StoreSort } from '../../../sync/api/store';
import { GENRES, genreName } from '../../../sync/store/genres';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, QueryState, SelectField, TextField, useOnline, usePageTitle } from '../../ui';
import { OfflineNotice, StoreResults } from './results';
import './store.css';

const SORT_LABELS: Record<StoreSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Highest rated',
  title: 'Title A–Z',
};
const LANGUAGES: Record<string, string> = { en: 'English', fr: 'French', es: 'Spanish', de: 'German', it: 'Italian' };

function languageName(code: string): string {
  return LANGUAGES[code] ?? code;
}

/** The API query the URL describes; unknown or empty values are left out. */
function queryOf(params: URLSearchParams): StoreQuery {
  const query: Record<string, unknown> = {};
  for (const [key, value] of params) if (value) query[key] = value;
  return query as StoreQuery;
}

/** Dollars as typed ("4.99") to minor units, or '' when empty or not a number. */
function toCents(value: string): string {
  const n = Number(value);
  return value.trim() && Number.isFinite(n) && n >= 0 ? String(Math.round(n * 100)) : '';
}
function fromCents(value: string | null): string {
  return value ? String(Number(value) / 100) : '';
}

function withParam(params: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  next.delete('page');
  return `?${next.toString()}`;
}

export function AdvancedSearchPage() {
  usePageTitle('Advanced search');
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const search = useQuery({
    queryKey: ['store', 'advanced', params.toString()],
    queryFn: ({ signal }) => call(searchStore, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const errors = fieldErrorsOf(search.error);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const [key, value] of data) {
      const text = String(value).trim();
      if (!text) continue;
      next.set(key, key === 'priceMin' || key === 'priceMax' ? toCents(text) : text);
    }
    for (const [key, value] of [...next]) if (!value) next.delete(key);
    setParams(next);
  }

  const sort = query.sort ?? (query.q || query.title || query.author || query.publisher ? 'relevance' : 'newest');
  return (
    <div className="page page-wide store">
      <header className="page-header">
        <div>
          <p className="store-breadcrumb">
            <Link to="/store">Store</Link> ›
          </p>
          <h1>Advanced search</h1>
        </div>
      </header>
      {!online && <OfflineNotice />}
      <div className="store-advanced">
        {/* Uncontrolled, keyed by the URL: the back button puts the form back as it was. */}
        <form className="store-filters" onSubmit={submit} aria-label="Filters" key={params.toString()}>
          <TextField label="Keywords" name="q" defaultValue={params.get('q') ?? ''} error={errors.q} />
          <TextField label="Title" name="title" defaultValue={params.get('title') ?? ''} />
          <TextField label="Author" name="author" defaultValue={params.get('author') ?? ''} />
          <TextField label="Publisher" name="publisher" defaultValue={params.get('publisher') ?? ''} />
          <TextField
            label="ISBN"
            name="isbn"
            inputMode="numeric"
            hint="10 or 13 digits; hyphens are fine."
            defaultValue={params.get('isbn') ?? ''}
            error={errors.isbn}
          />
          <SelectField label="Genre" name="genre" defaultValue={params.get('genre') ?? ''}>
            <option value="">Any genre</option>
            {Object.entries(GENRES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Language" name="language" defaultValue={params.get('language') ?? ''}>
            <option value="">Any language</option>
            {Object.entries(LANGUAGES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <fieldset className="store-range">
            <legend>Price (USD)</legend>
            <TextField label="From" name="priceMin" type="number" min={0} step="0.01" defaultValue={fromCents(params.get('priceMin'))} />
            <TextField label="To" name="priceMax" type="number" min={0} step="0.01" defaultValue={fromCents(params.get('priceMax'))} />
          </fieldset>
          <SelectField label="Minimum rating" name="minRating" defaultValue={params.get('minRating') ?? ''}>
            <option value="">Any rating</option>
            {[4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} stars and up
              </option>
            ))}
          </SelectField>
          <fieldset className="store-range">
            <legend>Published</legend>
            <TextField label="From" name="from" type="date" defaultValue={params.get('from') ?? ''} />
            <TextField label="To" name="to" type="date" defaultValue={params.get('to') ?? ''} />
          </fieldset>
          {params.get('free') && <input type="hidden" name="free" value="1" />}
          {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort')!} />}
          <div className="store-filter-actions">
            <Button type="submit">Search</Button>
            <Link to="/store/advanced-search">Clear all</Link>
          </div>
        </form>
        <div className="store-advanced-results">
          <div className="store-toolbar">
            <label htmlFor="store-sort">Sort by</label>
            <select id="store-sort" value={sort} onChange={(e) => setParams(new URLSearchParams(withParam(params, 'sort', e.target.value)))}>
              {STORE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
            {params.get('free') && (
              <Link to={withParam(params, 'free', null)} className="chip">
                Free only <span aria-hidden="true">×</span>
                <span className="visually-hidden"> (remove)</span>
              </Link>
            )}
          </div>
          {search.data && (search.data.facets.genres.length > 0 || search.data.facets.languages.length > 1) && (
            <nav className="store-facets" aria-label="Refine">
              {search.data.facets.genres.map((g) => (
                <Link
                  key={g.code}
                  to={withParam(params, 'genre', params.get('genre') === g.code ? null : g.code)}
                  className="chip"
                  aria-current={params.get('genre') === g.code ? 'true' : undefined}
                >
                  {genreName(g.code)} {!search.data!.capped && <span className="chip-count">{g.count}</span>}
                </Link>
              ))}
              {search.data.facets.languages.length > 1 &&
                search.data.facets.languages.map((l) => (
                  <Link
                    key={l.code}
                    to={withParam(params, 'language', params.get('language') === l.code ? null : l.code)}
                    className="chip"
                    aria-current={params.get('language') === l.code ? 'true' : undefined}
                  >
                    {languageName(l.code)} {!search.data!.capped && <span className="chip-count">{l.count}</span>}
                  </Link>
                ))}
            </nav>
          )}
          {Object.keys(errors).length > 0 ? (
            <p className="field-error" role="alert">
              Check the highlighted field.
            </p>
          ) : (
            <QueryState query={search} what="Searching the store" lines={6}>
              {(data) => (
                <StoreResults
                  data={data}
                  params={params}
                  busy={search.isPlaceholderData}
                  emptyHint="Try removing a filter or widening the price or date range."
                />
              )}
            </QueryState>
          )}
        </div>
      </div>
    </div>
  );
}
