/**
 * `/authors`: the directory of authors with books in the store — search by name as you type
 * (debounced; each keystroke's request cancels the one before), pages, and the query in the URL
 * (?q=&page=) so a search can be shared and the back button returns to it. Seen pages stay
 * readable offline (the service worker keeps them), marked as possibly out of date.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listAuthors, type AuthorsResponse } from '../../../sync/api/authors';
import { call } from '../../lib/api';
import { Button, EmptyState, LinkPager, Notice, QueryState, pageHref, useOnline, usePageTitle } from '../../ui';
import { AuthorCard } from './author-card';
import './authors.css';

const DEBOUNCE_MS = 200;

function Directory({ data, q, params, onClear }: { data: AuthorsResponse; q: string; params: URLSearchParams; onClear: () => void }) {
  if (data.total === 0 && !q) {
    return (
      <EmptyState title="No authors yet">
        <p>Authors appear here once their first book is in the store.</p>
      </EmptyState>
    );
  }
  if (data.total === 0) {
    return (
      <EmptyState
        title={`No authors match “${q}”`}
        action={
          <Button variant="secondary" onClick={onClear}>
            Show all authors
          </Button>
        }
      >
        <p>Check the spelling, or type the beginning of a first or last name.</p>
      </EmptyState>
    );
  }
  const pages = Math.ceil(data.total / data.pageSize);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  if (data.authors.length === 0) {
    return (
      <EmptyState title="No more authors" action={<Link to={pageHref(params, 1)}>Back to the first page</Link>}>
        <p>This page is past the end of the list.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="authors-count" role="status">
        {data.total === 1 ? '1 author' : `${first}–${last} of ${data.total.toLocaleString()} authors`}
      </p>
      <ul className="author-grid" aria-label="Authors">
        {data.authors.map((a) => (
          <AuthorCard key={a.id} author={a} />
        ))}
      </ul>
      <LinkPager page={data.page} pages={pages} params={params} className="authors-pager" />
    </>
  );
}

export function AuthorsPage() {
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [text, setText] = useState(q);
  usePageTitle(q ? `Authors matching “${q}”` : 'Authors');

  // The URL follows the field after a pause; the field follows the URL (back, forward, links).
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => setParams(wanted ? { q: wanted } : {}, { replace: true }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);
  useEffect(() => setText((current) => (current.trim() === q ? current : q)), [q]);

  const query = useQuery({
    queryKey: ['authors', q, page],
    queryFn: ({ signal }) => call(listAuthors, { query: { ...(q ? { q } : {}), page }, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="page page-wide authors">
      <header className="authors-head">
        <h1>Authors</h1>
        <form className="authors-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="authors-search-input" className="visually-hidden">
            Search authors by name
          </label>
          <input
            id="authors-search-input"
            type="search"
            placeholder="Search authors by name…"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </form>
      </header>
      {!online && <Notice tone="warning">You're offline: this is the directory as you last saw it, and it may be out of date.</Notice>}
      <section className="authors-results" aria-label="Results" aria-busy={query.isFetching}>
        <QueryState query={query} what="The author directory" lines={6}>
          {(data) => <Directory data={data} q={q} params={params} onClear={() => setParams({})} />}
        </QueryState>
      </section>
    </div>
  );
}
