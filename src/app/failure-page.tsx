/**
 * The full-page notice for any uncaught failure while a page loads. The text is fixed by the
 * product; server failures add the digest under which the server logged the stack. Client
 * failures are reported to /api/debug-reports once.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiRequestError } from '../lib/api';
import { reportClientFailure } from '../lib/error-reporting';

const FAILURE_TEXT =
  'Application error: a server-side or client-side exception has occurred while loading the site (see the server logs or the browser console for more information).';

function FailurePage({ error }: { error: unknown }) {
  const digest = error instanceof ApiRequestError ? error.digest : undefined;
  useEffect(() => {
    console.error(error);
    if (!digest) reportClientFailure(error);
  }, [error, digest]);
  return (
    <section className="failure-page" aria-labelledby="failure-title">
      <h1 id="failure-title" className="visually-hidden">
        Something went wrong
      </h1>
      <p className="failure-text">{FAILURE_TEXT}</p>
      {digest && <p className="failure-digest">Digest: {digest}</p>}
      <p>
        <a href="/">Go to the home page</a> ·{' '}
        <button type="button" className="link-button" onClick={() => location.reload()}>
          Reload
        </button>
      </p>
    </section>
  );
}

/** The router's errorElement. 404 responses get the not-found page, everything else the failure page. */
export function RouteFailure() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <FailurePage error={new Error(`Route not found: ${location.pathname}`)} />;
  }
  return <FailurePage error={error} />;
}
