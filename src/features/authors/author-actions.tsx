/**
 * Follow / unfollow and "Message" on an author page, for signed-in people. Its own chunk (it
 * opens the local database): following is a device write that works offline and reaches the
 * person's other devices when they sync. The message link opens the conversation with the
 * author in the messages feature, which works offline too.
 */
import { MessageLink } from '../messages/message-link';
import { FollowButton } from './follow-button';

export default function AuthorActions({ author, userId }: { author: { id: string; name: string }; userId: string }) {
  return (
    <>
      <FollowButton author={author} userId={userId} />
      <MessageLink me={userId} person={author} />
    </>
  );
}
