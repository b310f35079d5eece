/**
 * "Follow" (when the person is an author) and "Message" on a profile, for signed-in people other
 * than its owner. Its own chunk, like the author page's actions: it opens the local database.
 */
import { FollowButton } from '../authors/follow-button';
import { MessageLink } from '../messages/message-link';

export default function ProfileActions({ person, userId }: { person: { id: string; name: string; isAuthor: boolean }; userId: string }) {
  const who = { id: person.id, name: person.name };
  return (
    <>
      {person.isAuthor && <FollowButton author={who} userId={userId} />}
      <MessageLink me={userId} person={who} />
    </>
  );
}
