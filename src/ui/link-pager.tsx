/** Previous / next links for results whose page lives in the URL (`?page=`), keeping the rest of the query. */
import { Link } from 'react-router';

export function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return `?${next.toString()}`;
}

export function LinkPager({ page, pages, params, className }: { page: number; pages: number; params: URLSearchParams; className: string }) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label="Pages">
      {page > 1 ? (
        <Link to={pageHref(params, page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(params, page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
