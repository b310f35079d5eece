/**
 * /admin/profile: the admin's own display name and bio (the same profile API as /settings),
 * their roles, and where to change e-mail, password and devices.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BIO_MAX, getProfile, updateProfile, type Profile } from '../../../sync/api/account';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { SESSION_KEY, useSession } from '../../lib/session';
import { Button, Card, FormError, Page, QueryState, TextArea, TextField, useToast } from '../../ui';
import { RoleBadges } from './role-badges';
import './admin.css';

const PROFILE_KEY = ['account', 'profile'] as const;

function ProfileForm({ profile }: { profile: Profile }) {
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const qc = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    // An unchanged name is not sent: one chosen before the reserved names were (sync/text/reserved-names.ts) stays.
    mutationFn: () => call(updateProfile, { body: { ...(displayName !== profile.displayName ? { displayName } : {}), bio } }),
    onSuccess: async (res) => {
      qc.setQueryData(PROFILE_KEY, res);
      // The header shows the display name from the session.
      await qc.invalidateQueries({ queryKey: SESSION_KEY });
      toast('Profile saved.', { tone: 'success' });
    },
  });
  const fields = fieldErrorsOf(save.error);
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Card
        title="Profile"
        footer={
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        }
      >
        <div className="stack">
          <TextField label="Display name" value={displayName} required error={fields.displayName} onChange={(e) => setDisplayName(e.target.value)} />
          <TextArea
            label="Bio"
            hint={`Up to ${BIO_MAX} characters.`}
            rows={4}
            maxLength={BIO_MAX}
            value={bio}
            error={fields.bio}
            onChange={(e) => setBio(e.target.value)}
          />
          <FormError>{save.isError && !Object.keys(fields).length ? errorMessage(save.error) : null}</FormError>
        </div>
      </Card>
    </form>
  );
}

export function AdminProfilePage() {
  const { user } = useSession();
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: () => call(getProfile) });
  return (
    <Page title="Admin profile" description="How you appear to others on Quire.">
      <QueryState query={query} what="Your profile" lines={4}>
        {({ profile }) => (
          <>
            <ProfileForm profile={profile} />
            <Card title="Account">
              <dl className="stack admin-dl">
                <div>
                  <dt>Username</dt>
                  <dd>@{profile.username}</dd>
                </div>
                <div>
                  <dt>E-mail</dt>
                  <dd>{profile.email}</dd>
                </div>
                <div>
                  <dt>Roles</dt>
                  <dd>{user && <RoleBadges roles={user.roles} />}</dd>
                </div>
              </dl>
              <p>
                Change your e-mail, password or signed-in devices in <Link to="/settings/account">Account &amp; devices</Link>.
              </p>
            </Card>
          </>
        )}
      </QueryState>
    </Page>
  );
}
