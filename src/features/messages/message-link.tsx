/** "Message": opens the conversation with `person` (an author page, a profile). Works offline. */
import { Link } from 'react-router';
import { conversationIdOf } from '../../../sync/collections/messages';

export function MessageLink({ me, person }: { me: string; person: { id: string; name: string } }) {
  return (
    <Link to={`/messages/${encodeURIComponent(conversationIdOf(me, person.id))}`} state={{ person }} className="btn btn-secondary btn-md">
      Message
    </Link>
  );
}
