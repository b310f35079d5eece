/**
 * /publisher/books/{id}/edit: one of the imprint's books — its details and contributors (the
 * same form as /publishing), its ISBN (a free one of the pool, or typed), its EPUB and cover, and
 * submitting it to the store's review with the history and the reviewers' feedback. New files of
 * a book in the store wait as an update pending review (decision 065).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { replaceImprintBookCover, replaceImprintBookEpub, type ImprintBookDetail } from '../../../sync/api/publisher-books';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import type { PublishingAction } from '../../../sync/publishing/state-machine';
import { fieldErrorsOf } from '../../lib/api';
import { formatBytes } from '../../../sync/text/bytes';
import { Button, Card, formatRelative, Notice, QueryState, SelectField, TextField, usePageTitle } from '../../ui';
import { MetadataForm } from '../publishing/metadata-form';
import { StateBadge } from '../publishing/state-badge';
import { Thread } from '../publishing/thread';
import { useBookCommand, useDiscardFiles, useFileReplaced, useImprintBook, useSaveBookDetails, useSetIsbn } from './books-api';
import { FileStep } from './file-step';
import { ImprintChoice } from './imprint-choice';
import '../publishing/publishing.css';
import './publisher.css';

const LABELS: Partial<Record<PublishingAction, string>> = { submit: 'Submit for review', unlist: 'Unlist from the store', republish: 'List again' };

const chapters = (n: number) => (n === 1 ? '1 chapter' : `${n} chapters`);
const more = (named: string[], count: number) => named.join(', ') + (count > named.length ? ` and ${count - named.length} more` : '');

/**
 * New files of a book in the store (decision 065): what they change, and where the update is.
 * Buyers keep the approved edition until a reviewer approves the update.
 */
function PendingUpdate({ imprintId, book }: { imprintId: string; book: ImprintBookDetail }) {
  const discard = useDiscardFiles(imprintId, book.id);
  const pending = book.pendingFiles!;
  const inReview = book.state === 'submitted' || book.state === 'in_review';
  const { epub } = pending;
  return (
    <section className="pending-update" aria-labelledby="pending-update-title" data-testid="pending-update">
      <h3 id="pending-update-title">Update pending review</h3>
      <p className="muted">
        {inReview
          ? 'Submitted: the reviewers have it. Buyers keep reading the edition in the store until the update is approved; then their libraries get the new version.'
          : book.state === 'changes_requested'
            ? 'The reviewers asked for changes. Replace the files again, or submit the update as it is.'
            : 'Not submitted yet. Buyers keep reading the edition in the store; submit the update to send the new files to review.'}
      </p>
      <ul className="pending-update-changes">
        {epub && (
          <li>
            <strong>New EPUB</strong> ({formatBytes(epub.bytes)}): {chapters(epub.chaptersBefore)} → {chapters(epub.chaptersAfter)}
            {epub.edited > 0 && `; ${epub.edited === 1 ? '1 chapter changed' : `${epub.edited} chapters changed`}`}
            {epub.addedCount > 0 && <span className="pending-update-detail">Added: {more(epub.added, epub.addedCount)}</span>}
            {epub.removedCount > 0 && <span className="pending-update-detail">Removed: {more(epub.removed, epub.removedCount)}</span>}
          </li>
        )}
        {pending.cover && (
          <li className="pending-update-cover">
            {pending.coverUrl && <img src={pending.coverUrl} alt={`New cover of ${book.title}`} width={60} height={96} />}
            <span>
              <strong>New cover</strong> {book.coverUrl ? '(replaces the one in the store)' : '(the store shows none yet)'}
            </span>
          </li>
        )}
      </ul>
      <p className="field-hint">
        Changed {formatRelative(pending.changedAt)}
        {pending.changedBy && ` by ${pending.changedBy}`}.
      </p>
      {!book.filesLocked && (
        <Button variant="secondary" loading={discard.isPending} onClick={() => discard.mutate(undefined)}>
          Discard new files
        </Button>
      )}
    </section>
  );
}

function Submit({ imprintId, book }: { imprintId: string; book: ImprintBookDetail }) {
  const command = useBookCommand(imprintId, book.id);
  const feedback = [...book.events].reverse().find((e) => e.action === 'request_changes' || e.action === 'reject');
  return (
    <Card title="Review and store">
      <div className="stack">
        {book.state === 'changes_requested' && feedback && (
          <Notice tone="warning" title="The reviewers asked for changes">
            {feedback.comment}
          </Notice>
        )}
        {book.pendingFiles && <PendingUpdate imprintId={imprintId} book={book} />}
        {book.state === 'submitted' || book.state === 'in_review' ? (
          <p className="muted">
            The reviewers have this book. You can keep editing its details: they go with the next submission.
            {book.filesLocked && ' New files can be uploaded once the reviewers have decided.'}
          </p>
        ) : book.actions.includes('submit') ? (
          <p className="muted">
            Submitting sends the book as it is now, with its saved details, to the store&apos;s review.
            {book.listed && ' The store keeps the current edition until the update is approved.'}
          </p>
        ) : null}
        {book.actions.includes('submit') && !book.saved && <p className="field-hint">Save the book&apos;s details first.</p>}
        <div className="publishing-actions">
          {book.actions.map((action) => (
            <Button
              key={action}
              variant={action === 'submit' ? 'primary' : 'secondary'}
              disabled={action === 'submit' && !book.saved}
              loading={command.isPending && command.variables === action}
              onClick={() => command.mutate(action)}
            >
              {action === 'submit' && book.listed ? 'Submit update for review' : (LABELS[action] ?? action)}
            </Button>
          ))}
        </div>
        {book.pendingEditionId && (
          <p>
            <Link to={`/books/edition/${encodeURIComponent(book.pendingEditionId)}`}>Read the submitted edition</Link>
          </p>
        )}
        {book.listed && (
          <p>
            <Link to={`/book/${encodeURIComponent(book.id)}`}>See it in the store</Link>
          </p>
        )}
      </div>
    </Card>
  );
}

function Isbn({ imprintId, book }: { imprintId: string; book: ImprintBookDetail }) {
  const set = useSetIsbn(imprintId, book.id);
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState(book.freeIsbns[0] ?? '');
  const error = fieldErrorsOf(set.error).isbn;
  return (
    <Card title="ISBN">
      <div className="stack">
        <p data-testid="book-isbn">
          {book.isbn ? (
            <>
              <strong>{book.isbn}</strong>
              {book.isbn10 && <span className="muted"> · ISBN-10 {book.isbn10}</span>}
            </>
          ) : (
            <span className="muted">No ISBN yet.</span>
          )}
        </p>
        {!book.mayChangeIsbn ? (
          <p className="muted">{book.isbn && book.listed ? 'A published edition keeps its ISBN.' : 'Only the imprint’s owner and managers set ISBNs.'}</p>
        ) : (
          <>
            {book.freeIsbns.length > 0 ? (
              <form
                className="isbn-filters"
                aria-label="ISBN from your pool"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (picked) set.mutate(picked);
                }}
              >
                <SelectField label="From your pool" value={picked} onChange={(e) => setPicked(e.target.value)}>
                  {book.freeIsbns.map((i) => (
                    <option key={i}>{i}</option>
                  ))}
                </SelectField>
                <Button type="submit" variant="secondary" loading={set.isPending && set.variables === picked}>
                  Assign this ISBN
                </Button>
              </form>
            ) : (
              <p className="muted">
                Your pool has no free ISBNs: <Link to={`/publisher/isbn?imprint=${encodeURIComponent(imprintId)}`}>import some</Link>, or type one.
              </p>
            )}
            <form
              className="isbn-filters"
              aria-label="Type an ISBN"
              onSubmit={(e) => {
                e.preventDefault();
                if (typed.trim()) set.mutate(typed.trim(), { onSuccess: () => setTyped('') });
              }}
            >
              <TextField
                label="Or type one"
                value={typed}
                inputMode="numeric"
                error={error}
                hint="ISBN-13, or ISBN-10 (converted); hyphens are fine."
                onChange={(e) => setTyped(e.target.value)}
              />
              <Button type="submit" variant="secondary" loading={set.isPending && set.variables === typed.trim()}>
                Use this ISBN
              </Button>
            </form>
          </>
        )}
      </div>
    </Card>
  );
}

function Files({ imprintId, book }: { imprintId: string; book: ImprintBookDetail }) {
  const replaced = useFileReplaced(imprintId, book.id);
  const params = { imprintId, bookId: book.id };
  return (
    <Card title="Files">
      <div className="stack">
        <div className="publisher-book-files">
          {book.coverUrl ? (
            <img className="publisher-book-cover" src={book.coverUrl} alt={`Cover of ${book.title}`} width={120} height={192} />
          ) : (
            <div className="publisher-book-cover book-cover-blank">No cover</div>
          )}
          <p className="muted">{book.chapterCount === 1 ? '1 chapter' : `${book.chapterCount} chapters`}</p>
        </div>
        {book.filesLocked ? (
          <Notice>{book.filesLocked}</Notice>
        ) : book.listed ? (
          <p className="muted">This book is in the store: new files wait as an update for review, and buyers keep the current ones until it is approved.</p>
        ) : null}
        <FileStep
          label="Replace the EPUB"
          hint="An EPUB 3 or 2: its chapters, images and contents replace the book's; the details above stay."
          accept=".epub,application/epub+zip"
          endpoint={replaceImprintBookEpub}
          params={params}
          query={{}}
          field="epub"
          disabled={Boolean(book.filesLocked)}
          onDone={(detail) =>
            replaced(detail, detail.pendingFiles?.epub ? 'New EPUB saved: it waits for review as an update.' : 'The book’s text was replaced.')
          }
        />
        <FileStep
          label="Replace the cover"
          hint="JPEG, PNG or WebP; 1600 × 2560 px is the recommended size."
          accept="image/jpeg,image/png,image/webp"
          endpoint={replaceImprintBookCover}
          params={params}
          query={{}}
          field="cover"
          disabled={Boolean(book.filesLocked)}
          onDone={(detail) => replaced(detail, detail.pendingFiles?.cover ? 'New cover saved: it waits for review as an update.' : 'Cover replaced.')}
        />
      </div>
    </Card>
  );
}

function Editor({ imprint, book }: { imprint: MyImprint; book: ImprintBookDetail }) {
  usePageTitle(book.title);
  const save = useSaveBookDetails(imprint.id, book.id);
  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <p className="muted">
            <Link to={`/publisher/books?imprint=${encodeURIComponent(imprint.id)}`}>Books</Link>
          </p>
          <h1>{book.title}</h1>
          <p className="publishing-badges" data-testid="book-state">
            <StateBadge state={book.state} />
            {book.listed && book.state !== 'published' && <span className="muted">An earlier edition is in the store</span>}
          </p>
        </div>
      </header>
      <div className="publishing-columns">
        <div className="stack">
          <MetadataForm
            key={book.saved ? 'saved' : 'new'}
            metadata={book.metadata}
            fallbackTitle={book.title}
            readOnly={book.state === 'rejected'}
            save={save}
            imprintBook
          />
        </div>
        <div className="stack">
          <Submit imprintId={imprint.id} book={book} />
          <Isbn key={book.isbn ?? ''} imprintId={imprint.id} book={book} />
          <Files imprintId={imprint.id} book={book} />
        </div>
      </div>
      <Thread detail={book} canComment={false} />
    </div>
  );
}

function Book({ imprint, bookId }: { imprint: MyImprint; bookId: string }) {
  const query = useImprintBook(imprint.id, bookId);
  return (
    <QueryState query={query} what="This book" lines={10}>
      {(book) => <Editor imprint={imprint} book={book} />}
    </QueryState>
  );
}

export function PublisherBookEditPage() {
  const { bookId = '' } = useParams();
  return (
    <div className="page page-wide">
      <ImprintChoice>{(imprint) => <Book imprint={imprint} bookId={bookId} />}</ImprintChoice>
    </div>
  );
}
