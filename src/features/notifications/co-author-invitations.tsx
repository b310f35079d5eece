/**
 * Co-author invitations sent to my (proven) address: shown in the bell's panel and under Write,
 * where the invitation's notice and e-mail lead. Nobody joins a manuscript without accepting
 * here. Accepting makes the server add me; the manuscript then arrives by sync.
 */
import { Link } from 'react-router';
// The bell is in the app shell: this contract is zod/mini only, so classic zod stays out of the first load.
import { acceptInvitation, declineInvitation, listMyInvitations, type MyInvitation } from '../../../sync/api/my-invitations';
import { call } from '../../lib/api';
import { InvitationList } from './invitation-list';

const ROLE_WORDS: Record<MyInvitation['role'], string> = { editor: 'an editor', commenter: 'a commenter', viewer: 'a reader' };
const KEY = ['my-invitations'];

async function answer(invitation: MyInvitation, accept: boolean) {
  const params = { id: invitation.id };
  if (!accept) return void (await call(declineInvitation, { params }));
  const { manuscriptId } = await call(acceptInvitation, { params });
  return (
    <>
      You joined <Link to={`/editor/${manuscriptId}`}>“{invitation.manuscriptTitle}”</Link>.
    </>
  );
}

export function CoAuthorInvitations({ headingLevel }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <InvitationList
      label="Co-author invitations"
      title="Invitations"
      headingLevel={headingLevel}
      queryKey={KEY}
      load={() => call(listMyInvitations)}
      keyOf={(i) => i.id}
      describe={(i) => `@${i.ownerName} invites you to be ${ROLE_WORDS[i.role]} of “${i.manuscriptTitle}”.`}
      actionName={(i) => `the invitation to “${i.manuscriptTitle}”`}
      answer={answer}
    />
  );
}
