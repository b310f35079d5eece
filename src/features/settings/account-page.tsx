/** /settings/account: e-mail, password, signed-in devices and the way to delete the account. */
import { Badge, Card, LinkButton, QueryState } from '../../ui';
import { DevicesCard } from './devices-card';
import { PasswordCard } from './password-card';
import { useProfile } from './settings-api';
import { SettingsPage } from './settings-nav';

function EmailCard() {
  const profile = useProfile();
  return (
    <Card title="E-mail">
      <QueryState query={profile} what="Your e-mail address" lines={1}>
        {({ profile: p }) => (
          <p className="row">
            <span>{p.email}</span>
            {p.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          </p>
        )}
      </QueryState>
    </Card>
  );
}

export function AccountSettingsPage() {
  return (
    <SettingsPage title="Account & devices" description="Your sign-in details and where you are signed in.">
      <EmailCard />
      <PasswordCard />
      <DevicesCard />
      <Card title="Delete account">
        <p className="muted">Erase your account and personal data after a grace period in which you can still change your mind.</p>
        <LinkButton to="/account-deletion" variant="secondary">
          Delete my account…
        </LinkButton>
      </Card>
    </SettingsPage>
  );
}
