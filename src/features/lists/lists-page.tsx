/**
 * `/lists`: the person's own lists, read from the device (so it works offline), and Discover —
 * other people's public lists, an online view that says so when there is no network.
 */
import { useQuery } from '@tanstack/react-query';
import { getDiscoverLists } from '../../../sync/api/lists';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import { EmptyState, LinkButton, Page, QueryState, Skeleton } from '../../ui';
import { sortedItems } from './list-model';
import { ListTile } from './list-tile';
import './lists.css';

function MyLists({ userId }: { userId: string }) {
  const { docs, loading } = useLiveDocs('reading-lists', { selector: { ownerId: userId } });
  if (loading) return <Skeleton lines={3} label="Loading your lists…" />;
  if (docs.length === 0) {
    return (
      <EmptyState title="No lists yet" action={<LinkButton to="/lists/create">Create a list</LinkButton>}>
        <p>Gather books to read next, favourites to recommend, or a syllabus — and share them if you like.</p>
      </EmptyState>
    );
  }
  const lists = [...docs].sort((a, b) => b.updatedAt - a.updatedAt);
  return (
    <ul className="list-grid" aria-label="My lists">
      {lists.map((l) => (
        <ListTile key={l.id} id={l.id} name={l.name} description={l.description} count={l.items.length} covers={sortedItems(l)} visibility={l.visibility} />
      ))}
    </ul>
  );
}

function Discover({ excludeOwner }: { excludeOwner?: string }) {
  const query = useQuery({ queryKey: ['lists', 'discover'], queryFn: () => call(getDiscoverLists), staleTime: 60_000 });
  return (
    <QueryState query={query} what="Public lists">
      {(data) => {
        const lists = data.lists.filter((l) => l.owner.username !== excludeOwner);
        if (lists.length === 0) return <p className="page-description">No public lists from other readers yet.</p>;
        return (
          <ul className="list-grid" aria-label="Public lists">
            {lists.map((l) => (
              <ListTile key={l.id} id={l.id} name={l.name} description={l.description} count={l.bookCount} covers={l.covers} byline={l.owner.displayName} />
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}

export function ListsPage() {
  const { user } = useSession();
  if (!user) return null; // RequireUser renders the sign-in redirect
  return (
    <Page
      title="Reading lists"
      description="Your lists live on this device and sync when you're online."
      actions={<LinkButton to="/lists/create">New list</LinkButton>}
      wide
    >
      <h2 className="list-section-title">My lists</h2>
      <MyLists userId={user.id} />
      <h2 className="list-section-title">Discover</h2>
      <Discover excludeOwner={user.username} />
    </Page>
  );
}
