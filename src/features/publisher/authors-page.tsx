/**
 * /publisher/authors: the imprint's authors, invited (waiting for their answer) or active, each
 * with their books; owners and managers invite by username and remove. The invitee answers from
 * the notice in their bell or /imprint-invitations.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { inviteAuthor, listImprintAuthors, removeImprintAuthor, type ImprintAuthor } from '../../../sync/api/publisher-team';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { STATE_LABELS } from '../../../sync/publishing/state-machine';
import { canInImprint } from '../../../sync/roles';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, Button, Card, EmptyState, FormError, Page, QueryState, TextField, formatDate, useToast } from '../../ui';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import './publisher.css';

function AuthorItem({ imprintId, author, canManage }: { imprintId: string; author: ImprintAuthor; canManage: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => call(removeImprintAuthor, { params: { imprintId, userId: author.userId } }),
    onSuccess: () => {
      toast(author.status === 'invited' ? `Withdrew the invitation to @${author.username}.` : `@${author.username} is no longer one of your authors.`, {
        tone: 'success',
      });
      void qc.invalidateQueries({ queryKey: publisherKey(imprintId) });
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  return (
    <li className="team-author" aria-label={author.displayName}>
      <div className="team-author-head">
        <span>
          <strong>{author.displayName}</strong> <span className="muted">@{author.username}</span>{' '}
          {author.status === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Invited</Badge>}
        </span>
        <span className="muted">
          {author.status === 'active' && author.joinedAt ? `Joined ${formatDate(author.joinedAt)}` : `Invited ${formatDate(author.invitedAt)}`}
        </span>
        {canManage && (
          <Button
            size="sm"
            variant="ghost"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={`${author.status === 'invited' ? 'Withdraw the invitation to' : 'Remove'} ${author.displayName}`}
          >
            {author.status === 'invited' ? 'Withdraw' : 'Remove'}
          </Button>
        )}
      </div>
      {author.books.length === 0 ? (
        <p className="muted team-author-books">No books yet.</p>
      ) : (
        <ul className="team-author-books">
          {author.books.map((b) => (
            <li key={b.id}>
              {b.status === 'published' ? <Link to={`/book/${encodeURIComponent(b.id)}`}>{b.title}</Link> : b.title}{' '}
              <span className="muted">· {STATE_LABELS[b.status]}</span>
              {!b.inImprint && <span className="muted"> · another publisher</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function InviteForm({ imprintId }: { imprintId: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const invite = useMutation({
    mutationFn: () => call(inviteAuthor, { params: { imprintId }, body: { username } }),
    onSuccess: () => {
      toast(`Invited @${username.replace(/^@/, '')}. They accept from their notifications.`, { tone: 'success' });
      setUsername('');
      void qc.invalidateQueries({ queryKey: publisherKey(imprintId) });
    },
  });
  const errors = fieldErrorsOf(invite.error);
  return (
    <form
      className="team-add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate();
      }}
    >
      <TextField label="Author's username" value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} placeholder="@username" />
      <Button type="submit" loading={invite.isPending}>
        Invite author
      </Button>
      {invite.error && !errors.username && <FormError>{errorMessage(invite.error)}</FormError>}
    </form>
  );
}

function Authors({ imprint }: { imprint: MyImprint }) {
  const { user } = useSession();
  const canManage = canInImprint(user, imprint.role, 'authors:manage');
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'authors'),
    queryFn: ({ signal }) => call(listImprintAuthors, { params: { imprintId: imprint.id }, signal }),
  });
  return (
    <>
      {canManage && (
        <Card title="Invite an author">
          <InviteForm imprintId={imprint.id} />
        </Card>
      )}
      <QueryState query={query} what="Your authors" lines={5}>
        {({ authors }) =>
          authors.length === 0 ? (
            <EmptyState title="No authors yet">
              <p>
                {canManage ? 'Invite an author by their Quire username: they join when they accept.' : 'The imprint’s owners and managers invite authors here.'}
              </p>
            </EmptyState>
          ) : (
            <section aria-labelledby="authors-title">
              <h2 id="authors-title">{imprint.name}&apos;s authors</h2>
              <ul className="team-authors">
                {authors.map((a) => (
                  <AuthorItem key={a.userId} imprintId={imprint.id} author={a} canManage={canManage} />
                ))}
              </ul>
            </section>
          )
        }
      </QueryState>
    </>
  );
}

export function PublisherAuthorsPage() {
  return (
    <Page title="Authors" description="The authors who publish with your imprint, and their books." wide>
      <ImprintChoice>{(imprint) => <Authors imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
