/**
 * `/printable/{bookId}`: the book typeset in pages (Paged.js) at a chosen trim size, ready for the
 * browser's print-to-PDF. Only the book's owners, authors and admins get the book (the API
 * refuses others and this page says so); offline, a downloaded book still typesets.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PrintableBookResponse } from '../../../sync/api/books';
import { can } from '../../../sync/roles';
import { useSession } from '../../lib/session';
import { kdpCoverHref } from '../covers/kdp-link';
import { Button, EmptyState, LinkButton, Notice, SelectField, Skeleton, usePageTitle } from '../../ui';
import { bookStylesheets, loadPrintable } from './load-printable';
import { printableCss, printableHtml } from '../../../sync/print/print-book';
import { marginsFor, TRIMS, trimById } from '../../../sync/print/trim';
import { isCancelled, typeset } from './typeset';
import './printable.css';

export function PrintablePage() {
  const { bookId = '' } = useParams();
  const result = useQuery({ queryKey: ['printable', bookId], queryFn: () => loadPrintable(bookId), retry: false, staleTime: 60_000 });
  const title = result.data?.kind === 'ok' ? result.data.data.book.title : 'Print';
  usePageTitle(title === 'Print' ? title : `Print: ${title}`);

  if (result.isPending)
    return (
      <div className="page">
        <Skeleton lines={5} label="Loading the book to print…" />
      </div>
    );
  if (result.error) {
    return (
      <div className="page">
        <Notice tone="error" title="Can't load this book for printing">
          {result.error.message}
        </Notice>
      </div>
    );
  }
  const r = result.data;
  if (r.kind === 'refused') {
    return (
      <EmptyState level={1} title="You can't print this book" action={<LinkButton to="/books">Back to your library</LinkButton>}>
        <p>{r.message} Buy or claim it to add it to your library, then print it from there.</p>
      </EmptyState>
    );
  }
  if (r.kind === 'missing') {
    return (
      <EmptyState level={1} title="No such book" action={<LinkButton to="/books">Back to your library</LinkButton>}>
        It may have been removed, or the link is wrong.
      </EmptyState>
    );
  }
  if (r.kind === 'offline') {
    return (
      <EmptyState level={1} title="You're offline" action={<LinkButton to="/books">Back to your library</LinkButton>}>
        <p>This book isn't downloaded, so it can't be typeset without a connection. Download it from your library to print it offline.</p>
      </EmptyState>
    );
  }
  return <PrintLayout data={r.data} offline={r.offline} />;
}

function PrintLayout({ data, offline }: { data: PrintableBookResponse; offline: boolean }) {
  const { book } = data;
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const trim = trimById(params.get('trim'));
  const pagesRef = useRef<HTMLDivElement>(null);
  // Tagged with the trim it belongs to, so a new trim never shows the previous one's count.
  const [state, setProgress] = useState<{ trimId: string; pages: number; done: boolean; error?: string }>({ trimId: trim.id, pages: 0, done: false });
  const progress = state.trimId === trim.id ? state : { pages: 0, done: false, error: undefined };

  useEffect(() => {
    const into = pagesRef.current!;
    const words = book.chapters.reduce((n, c) => n + c.wordCount, 0);
    let job: ReturnType<typeof typeset> | null = null;
    let stopped = false;
    void (async () => {
      const sheets = await bookStylesheets(book);
      if (stopped) return;
      const css = [...sheets, { 'quire-print.css': printableCss(book, trim, marginsFor(trim, words)) }];
      job = typeset(printableHtml(data), css, into, (pages) => setProgress({ trimId: trim.id, pages, done: false }));
      try {
        const total = await job.done;
        if (!stopped) setProgress({ trimId: trim.id, pages: total, done: true });
      } catch (err) {
        if (!stopped && !isCancelled(err)) setProgress({ trimId: trim.id, pages: 0, done: true, error: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      stopped = true;
      job?.cancel();
    };
  }, [book, data, trim]);

  return (
    <div className="printable">
      <div className="printable-controls">
        <div className="printable-heading">
          <Link to={`/books/${book.id}`} className="printable-back">
            ← Back to the book
          </Link>
          <h1>Print “{book.title}”</h1>
          <p className="printable-hint">
            Choose a trim size, then print or save as PDF (turn off the browser's own headers and footers; margins “None” or “Default”).
          </p>
        </div>
        <div className="printable-tools">
          <SelectField label="Trim size" value={trim.id} onChange={(e) => setParams({ trim: e.target.value }, { replace: true })}>
            {TRIMS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => window.print()} disabled={!progress.done || Boolean(progress.error)}>
            Print / Save as PDF
          </Button>
          {can(user, 'covers:design') && progress.done && !progress.error && (
            <LinkButton variant="secondary" to={kdpCoverHref(book, trim.id, progress.pages)}>
              Design the paperback cover
            </LinkButton>
          )}
        </div>
        <p className="printable-status" role="status" aria-live="polite" data-testid="printable-status">
          {progress.error ? '' : progress.done ? `${progress.pages} pages at ${trim.label}` : `Typesetting… page ${progress.pages}`}
        </p>
        {progress.error && (
          <Notice tone="error" title="Typesetting failed">
            {progress.error}
          </Notice>
        )}
        {offline && <Notice tone="info">You're offline: this is the downloaded copy of the book.</Notice>}
      </div>
      <div className="printable-pages" ref={pagesRef} aria-busy={!progress.done} data-testid="printable-pages" />
    </div>
  );
}
