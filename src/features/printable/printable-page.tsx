/**
 * `/printable/{bookId}`: the book typeset in pages (Paged.js) at a chosen trim size, ready for the
 * browser's print-to-PDF. Only the book's owners, authors and admins get the book (the API
 * refuses others and this page says so); offline, a downloaded book still typesets.
 * `/printable/manuscript/{id}`: a manuscript, for its members; once typeset, its page count at the
 * trim is recorded on the server for its paperback cover's spine (decision 069).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PrintableBookResponse } from '../../../sync/api/books';
import { can } from '../../../sync/roles';
import { useSession } from '../../lib/session';
import { recordPrintLayout } from '../../../sync/api/paperback-covers';
import { ApiRequestError, call } from '../../lib/api';
import { kdpCoverHref, manuscriptCoverHref } from '../covers/kdp-link';
import { Button, EmptyState, LinkButton, Notice, SelectField, Skeleton, usePageTitle } from '../../ui';
import { bookStylesheets, loadManuscriptPrintable, loadPrintable } from './load-printable';
import { printableCss, printableHtml } from '../../../sync/print/print-book';
import { marginsFor, TRIMS, trimById } from '../../../sync/print/trim';
import { isCancelled, typeset } from './typeset';
import './printable.css';

export function ManuscriptPrintablePage() {
  return <PrintablePage manuscript />;
}

export function PrintablePage({ manuscript = false }: { manuscript?: boolean }) {
  const { bookId = '' } = useParams();
  const result = useQuery({
    queryKey: ['printable', manuscript ? 'manuscript' : 'book', bookId],
    queryFn: () => (manuscript ? loadManuscriptPrintable(bookId) : loadPrintable(bookId)),
    retry: false,
    staleTime: manuscript ? 0 : 60_000,
  });
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
  return <PrintLayout data={r.data} offline={r.offline} manuscript={manuscript} />;
}

function PrintLayout({ data, offline, manuscript }: { data: PrintableBookResponse; offline: boolean; manuscript: boolean }) {
  const { book } = data;
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const trim = trimById(params.get('trim'));
  const pagesRef = useRef<HTMLDivElement>(null);
  // Tagged with the trim it belongs to, so a new trim never shows the previous one's count.
  const [state, setProgress] = useState<{ trimId: string; pages: number; done: boolean; error?: string }>({ trimId: trim.id, pages: 0, done: false });
  const progress = state.trimId === trim.id ? state : { pages: 0, done: false, error: undefined };
  // A manuscript's count is told to the server for its paperback cover; the cover link waits for it.
  const record = useMutation({
    mutationFn: (layout: { trimId: string; pages: number }) => call(recordPrintLayout, { params: { id: book.id }, body: layout }),
  });
  const { mutate: recordLayout, reset: resetRecord } = record;
  const typesetPages = progress.done && !progress.error ? progress.pages : null;
  useEffect(() => {
    resetRecord();
    if (manuscript && typesetPages !== null) recordLayout({ trimId: trim.id, pages: typesetPages });
  }, [manuscript, typesetPages, trim.id, recordLayout, resetRecord]);
  const recorded = record.isSuccess && record.variables.trimId === trim.id;

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
          <Link to={manuscript ? `/editor/${book.id}` : `/books/${book.id}`} className="printable-back">
            {manuscript ? '← Back to the manuscript' : '← Back to the book'}
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
          {can(user, 'covers:design') && progress.done && !progress.error && !manuscript && (
            <LinkButton variant="secondary" to={kdpCoverHref(book, trim.id, progress.pages)}>
              Design the paperback cover
            </LinkButton>
          )}
          {can(user, 'covers:design') && manuscript && progress.done && !progress.error && !record.isPending && (
            <LinkButton variant="secondary" to={manuscriptCoverHref(book.id, trim.id)}>
              Design paperback cover
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
        {manuscript && recorded && (
          <p className="printable-recorded" data-testid="printable-recorded">
            Page count saved for the paperback cover.
          </p>
        )}
        {manuscript && record.isError && !(record.error instanceof ApiRequestError && record.error.status === 403) && (
          <Notice tone="warning" title="The page count wasn't saved">
            {record.error.message} The paperback cover keeps the count it had.
          </Notice>
        )}
        {offline && <Notice tone="info">You're offline: this is the downloaded copy of the book.</Notice>}
      </div>
      <div className="printable-pages" ref={pagesRef} aria-busy={!progress.done} data-testid="printable-pages" />
    </div>
  );
}
