/**
 * `/lists/:listId`. The owner's list comes from the device (works offline) and opens in the
 * editor; anyone else's — or the owner's on a device that has not pulled it yet — comes from
 * the online view GET /api/lists/:id, read-only. A private list of someone else is a 404 there.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getPublicList } from '../../../sync/api/lists';
import { ApiRequestError, call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import { EmptyState, LinkButton, QueryState, Skeleton } from '../../ui';
import { ListEditor } from './list-editor';
import { ReadOnlyList } from './read-only-list';
import './lists.css';

function OnlineList({ listId }: { listId: string }) {
  const query = useQuery({
    queryKey: ['lists', listId],
    queryFn: () => call(getPublicList, { params: { id: listId } }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return (
      <div className="page">
        <EmptyState
          level={1}
          title="List not found"
          action={
            <LinkButton to="/lists" variant="secondary">
              Browse lists
            </LinkButton>
          }
        >
          <p>This list doesn't exist, was deleted, or is private.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={query.isPending ? 'page' : undefined}>
      <QueryState query={query} what="This list">
        {(data) => <ReadOnlyList data={data} />}
      </QueryState>
    </div>
  );
}

function OwnOrOnline({ listId, userId }: { listId: string; userId: string }) {
  const { docs, loading } = useLiveDocs('reading-lists', { selector: { id: listId } });
  const own = docs.find((d) => d.ownerId === userId);
  if (own) return <ListEditor list={own} />;
  if (loading) {
    return (
      <div className="page">
        <Skeleton lines={4} label="Loading the list…" />
      </div>
    );
  }
  return <OnlineList listId={listId} />;
}

export function ListPage() {
  const { listId = '' } = useParams();
  const { user, isLoading } = useSession();
  if (isLoading)
    return (
      <div className="page">
        <Skeleton />
      </div>
    );
  return user ? <OwnOrOnline key={listId} listId={listId} userId={user.id} /> : <OnlineList listId={listId} />;
}
