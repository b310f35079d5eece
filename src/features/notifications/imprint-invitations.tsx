/**
 * Invitations from imprints to be one of their authors: shown in the bell's panel and on
 * /imprint-invitations, where the invitation's notice leads. Nobody becomes an imprint's author
 * without accepting here.
 */
// The bell is in the app shell: this contract is zod/mini only.
import { acceptImprintInvitation, declineImprintInvitation, listImprintInvitations, type ImprintInvitation } from '../../../sync/api/imprint-invitations';
import { call } from '../../lib/api';
import { InvitationList } from './invitation-list';

const KEY = ['imprint-invitations'];

async function answer(invitation: ImprintInvitation, accept: boolean) {
  const params = { imprintId: invitation.imprintId };
  if (accept) {
    await call(acceptImprintInvitation, { params });
    return `You're now one of ${invitation.imprintName}'s authors.`;
  }
  await call(declineImprintInvitation, { params });
  return `You declined ${invitation.imprintName}'s invitation.`;
}

/** `title` differs on the page of its own, whose heading already says "Publisher invitations". */
export function ImprintInvitations({
  headingLevel,
  showEmpty = false,
  title = 'Publisher invitations',
}: {
  headingLevel?: 'h2' | 'h3';
  showEmpty?: boolean;
  title?: string;
}) {
  return (
    <InvitationList
      label="Publisher invitations"
      title={title}
      headingLevel={headingLevel}
      showEmpty={showEmpty}
      queryKey={KEY}
      load={() => call(listImprintInvitations)}
      keyOf={(i) => i.imprintId}
      describe={(i) => `${i.invitedBy ? `${i.invitedBy} of ` : ''}${i.imprintName} invites you to be one of their authors.`}
      actionName={(i) => `${i.imprintName}'s invitation`}
      answer={answer}
    />
  );
}
