/**
 * `/user/:username`: a person's public profile and public lists — an online view
 * (GET /api/users/:username). A private profile shows only the name. "Message" opens the
 * conversation; "Follow" (an author's) is the author page's button.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { getUserProfile, type UserProfileResponse } from '../../../sync/api/lists';
import { ApiRequestError, call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { EmptyState, LinkButton, Notice, QueryState, Skeleton, usePageTitle } from '../../ui';
import { ListTile } from '../lists/list-tile';
import '../lists/lists.css';
import './profile.css';

function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img className="profile-avatar" src={url} alt="" width={96} height={96} />;
  return (
    <span className="profile-avatar profile-avatar-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

// Its own chunk (it opens the local database), fetched only for signed-in people.
const ProfileActions = lazy(() => import('./profile-actions'));

/** "Message" and, for an author, "Follow"; a sign-in link for signed-out people. */
function Actions({ data }: { data: UserProfileResponse }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  if (!user) {
    return (
      <LinkButton to={`/auth?next=${encodeURIComponent(`/user/${data.username}`)}`} variant="secondary">
        {data.isAuthor ? 'Sign in to message or follow' : 'Sign in to message'}
      </LinkButton>
    );
  }
  if (user.id === data.id) {
    return (
      <p className="profile-own">
        This is your profile. <Link to="/settings">Edit it in settings</Link>
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <ProfileActions person={{ id: data.id, name: data.displayName, isAuthor: data.isAuthor }} userId={user.id} />
    </Suspense>
  );
}

function Profile({ data }: { data: UserProfileResponse }) {
  usePageTitle(data.displayName);
  return (
    <div className="page page-wide">
      <header className="profile-head">
        <Avatar name={data.displayName} url={data.visibility === 'public' ? data.avatarUrl : null} />
        <div>
          <h1>{data.displayName}</h1>
          <p className="profile-username">@{data.username}</p>
          <div className="profile-actions">
            <Actions data={data} />
          </div>
          {data.visibility === 'public' && <p className="profile-bio">{data.bio || 'No bio yet.'}</p>}
        </div>
      </header>
      {data.visibility === 'private' ? (
        <Notice title="This profile is private">Only its owner can see more.</Notice>
      ) : (
        <>
          <h2 className="list-section-title">Public lists</h2>
          {data.lists.length === 0 ? (
            <p className="page-description">No public lists yet.</p>
          ) : (
            <ul className="list-grid" aria-label="Public lists">
              {data.lists.map((l) => (
                <ListTile key={l.id} id={l.id} name={l.name} description={l.description} count={l.bookCount} covers={l.covers} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function NoSuchUser() {
  usePageTitle('Not found');
  return (
    <div className="page">
      <EmptyState
        level={1}
        title="No such reader"
        action={
          <LinkButton to="/" variant="secondary">
            Go home
          </LinkButton>
        }
      >
        <p>No one goes by that name here.</p>
      </EmptyState>
    </div>
  );
}

export function UserProfilePage() {
  const { username = '' } = useParams();
  const query = useQuery({
    queryKey: ['users', username],
    queryFn: () => call(getUserProfile, { params: { username } }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  if (query.error instanceof ApiRequestError && query.error.status === 404) return <NoSuchUser />;
  if (query.isPending)
    return (
      <div className="page">
        <Skeleton lines={4} label="Loading the profile…" />
      </div>
    );
  return (
    <div>
      <QueryState query={query} what="This profile">
        {(data) => <Profile data={data} />}
      </QueryState>
    </div>
  );
}
