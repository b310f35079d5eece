/**
 * /publishing/{manuscriptId}: one book on its way to the store, for its author — where it stands,
 * the details form, previews in the reader (the manuscript as it is now, and the edition sent for
 * review, which later writing does not change), submit (or submit an update), unlist or list
 * again, the feedback thread with the reviewers, and once published its sales and reads.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicationDetail } from '../../../sync/api/publishing';
import type { PublishingAction } from '../../../sync/publishing/state-machine';
import { Button, Card, Notice, Page, QueryState, TextArea, usePageTitle } from '../../ui';
import { FiguresCard } from './book-figures';
import { CoverCard } from './cover-card';
import { EditionChecks } from './edition-checks';
import { MetadataForm } from './metadata-form';
import { useCommand, usePublication, useSaveMetadata } from './publishing-api';
import { StateBadge } from './state-badge';
import { Thread } from './thread';
import './publishing.css';

function Where({ detail }: { detail: PublicationDetail }) {
  const pending = detail.pendingEdition?.number;
  const live = detail.liveEdition?.number;
  switch (detail.state) {
    case 'draft':
      return <Notice>Fill in the book's details and save them, then submit it for review.</Notice>;
    case 'submitted':
    case 'in_review':
      return (
        <Notice>
          Edition {pending} is with the reviewers{detail.state === 'in_review' ? ' and being read' : ''}. Keep writing if you like: changes go into your next
          submission, not this one.
        </Notice>
      );
    case 'changes_requested':
      return (
        <Notice tone="warning" title="Changes requested">
          A reviewer asked for changes to edition {pending}: see their feedback below. Fix the manuscript or the details, save, and submit again.
        </Notice>
      );
    case 'rejected':
      return <Notice tone="error">This book was rejected and cannot be submitted again. The reviewer's reasons are below.</Notice>;
    case 'published':
      return (
        <Notice tone="success">
          Edition {live} is in the store. {detail.bookId && <Link to={`/book/${encodeURIComponent(detail.bookId)}`}>See its store page</Link>}. Later writing
          changes nothing there until you submit an update and it is approved.
        </Notice>
      );
    case 'unlisted':
      return <Notice>Edition {live} is out of the store: nobody can find or buy it; readers who own it keep it. You can list it again.</Notice>;
  }
}

const OWNER_ACTIONS: PublishingAction[] = ['submit', 'unlist', 'republish'];

function Actions({ detail }: { detail: PublicationDetail }) {
  const [note, setNote] = useState('');
  const command = useCommand(detail.id);
  const actions = detail.actions.filter((a) => OWNER_ACTIONS.includes(a));
  if (actions.length === 0) return null;
  const isUpdate = detail.liveEdition !== null;
  const run = (action: PublishingAction) => command.mutate({ action, comment: action === 'submit' ? note : '' }, { onSuccess: () => setNote('') });
  return (
    <Card title={isUpdate ? 'Update or listing' : 'Submit'}>
      <div className="stack">
        {actions.includes('submit') && (
          <>
            <p className="muted">
              Submitting freezes the manuscript as it is now, with the saved details, as edition {(detail.pendingEdition?.number ?? 0) + 1}.
              {isUpdate && ' The store keeps the current edition until this one is approved.'}
            </p>
            <TextArea label="Note for the reviewer (optional)" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
            {!detail.metadata && <p className="field-hint">Save the book's details first.</p>}
          </>
        )}
        <div className="publishing-actions">
          {actions.includes('submit') && (
            <Button loading={command.isPending && command.variables?.action === 'submit'} disabled={!detail.metadata} onClick={() => run('submit')}>
              {isUpdate ? 'Submit update for review' : 'Submit for review'}
            </Button>
          )}
          {actions.includes('unlist') && (
            <Button variant="secondary" loading={command.isPending && command.variables?.action === 'unlist'} onClick={() => run('unlist')}>
              Unlist from the store
            </Button>
          )}
          {actions.includes('republish') && (
            <Button variant="secondary" loading={command.isPending && command.variables?.action === 'republish'} onClick={() => run('republish')}>
              List again
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

function Previews({ detail }: { detail: PublicationDetail }) {
  return (
    <Card title="Preview in the reader">
      <ul className="publishing-links">
        <li>
          <Link to={`/books/manuscript/${encodeURIComponent(detail.id)}`}>The manuscript as it is now</Link>
        </li>
        {detail.pendingEdition && detail.pendingEdition.id !== detail.liveEdition?.id && (
          <li>
            <Link to={`/books/edition/${encodeURIComponent(detail.pendingEdition.id)}`}>Edition {detail.pendingEdition.number}, as submitted</Link>
          </li>
        )}
        {detail.liveEdition && (
          <li>
            <Link to={`/books/edition/${encodeURIComponent(detail.liveEdition.id)}`}>Edition {detail.liveEdition.number}, as in the store</Link>
          </li>
        )}
      </ul>
    </Card>
  );
}

function Publication({ detail }: { detail: PublicationDetail }) {
  usePageTitle(detail.title);
  const save = useSaveMetadata(detail.id);
  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <p className="muted">
            <Link to="/publishing">Publishing</Link>
          </p>
          <h1>{detail.title}</h1>
          <p className="publishing-badges">
            <StateBadge state={detail.state} />
            {detail.listed && detail.state !== 'published' && <span className="muted">Edition {detail.liveEdition?.number} is in the store</span>}
          </p>
        </div>
      </header>
      <Where detail={detail} />
      <div className="publishing-columns">
        <div className="stack">
          <MetadataForm
            key={detail.metadata ? 'saved' : 'new'}
            metadata={detail.metadata}
            fallbackTitle={detail.manuscriptTitle}
            readOnly={!detail.isOwner || detail.state === 'rejected'}
            save={save}
            isbnChoices={detail.isbnChoices}
          />
        </div>
        <aside className="stack">
          {detail.figures && <FiguresCard figures={detail.figures} />}
          <CoverCard detail={detail} readOnly={!detail.isOwner || detail.state === 'rejected'} />
          <Actions detail={detail} />
          <Previews detail={detail} />
          <EditionChecks checks={detail.checks} />
        </aside>
      </div>
      <Thread detail={detail} canComment={detail.events.length > 0 && detail.state !== 'rejected'} />
    </div>
  );
}

export function PublicationPage() {
  const { manuscriptId = '' } = useParams();
  const query = usePublication(manuscriptId);
  if (query.data)
    return (
      <div className="page page-wide">
        <Publication detail={query.data} />
      </div>
    );
  return (
    <Page title="Book details" wide>
      <QueryState query={query} what="this book">
        {() => null}
      </QueryState>
    </Page>
  );
}
