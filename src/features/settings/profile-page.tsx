/** /settings: the public profile and the account's roles and applications. */
import { Card, QueryState } from '../../ui';
import { ProfileForm } from './profile-form';
import { RolesCard } from './roles-card';
import { useProfile } from './settings-api';
import { SettingsPage } from './settings-nav';

export function ProfileSettingsPage() {
  const profile = useProfile();
  return (
    <SettingsPage title="Profile & roles" description="How you appear to others on Quire, and what you can do here.">
      <Card title="Profile">
        <QueryState query={profile} what="Your profile" lines={6}>
          {(data) => <ProfileForm profile={data.profile} />}
        </QueryState>
      </Card>
      <RolesCard />
    </SettingsPage>
  );
}
