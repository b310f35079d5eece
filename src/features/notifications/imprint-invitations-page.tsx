/** /imprint-invitations: where an imprint's invitation notice leads, for any signed-in account. */
import { Page } from '../../ui';
import { ImprintInvitations } from './imprint-invitations';

export function ImprintInvitationsPage() {
  return (
    <Page title="Publisher invitations" description="Imprints that invite you to publish with them. You join only if you accept.">
      <ImprintInvitations headingLevel="h2" title="Waiting for your answer" showEmpty />
    </Page>
  );
}
