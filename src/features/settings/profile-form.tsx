/** The profile form: name, username, bio, avatar and visibility, checked by the server's schema. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BIO_MAX, ProfileUpdateInput, updateProfile, type Profile } from '../../../sync/api/account';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useRefreshSession } from '../../lib/session';
import { Button, FormError, SelectField, TextArea, TextField, useToast } from '../../ui';
import { clientFieldErrors, settingsKey } from './settings-api';

type Draft = Pick<Profile, 'displayName' | 'username' | 'bio' | 'avatarUrl' | 'profileVisibility'>;

/**
 * Only what the person changed is checked and sent: a name chosen before a rule existed (the
 * reserved names, sync/text/reserved-names.ts) must not stop them from editing their bio.
 */
function changesOf(draft: Draft, profile: Profile): Partial<Draft> {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => profile[key as keyof Draft] !== value));
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const [draft, setDraft] = useState<Draft>(() => ({
    displayName: profile.displayName,
    username: profile.username,
    bio: profile.bio,
    avatarUrl: profile.avatarUrl,
    profileVisibility: profile.profileVisibility,
  }));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const qc = useQueryClient();
  const refreshSession = useRefreshSession();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (input: Partial<Draft>) => call(updateProfile, { body: input }),
    onSuccess: async (data) => {
      qc.setQueryData(settingsKey('profile'), data);
      toast('Saved', { tone: 'success' });
      await refreshSession();
    },
  });
  const fields = { ...fieldErrorsOf(save.error), ...checked };
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const changes = changesOf(draft, profile);
    const problems = clientFieldErrors(ProfileUpdateInput, changes);
    setChecked(problems ?? {});
    if (!problems) save.mutate(changes);
  }

  const formError = save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 ? errorMessage(save.error) : null;
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      <FormError>{formError}</FormError>
      <TextField label="Display name" value={draft.displayName} onChange={set('displayName')} error={fields.displayName} autoComplete="name" required />
      <TextField
        label="Username"
        value={draft.username}
        onChange={set('username')}
        error={fields.username}
        hint="Letters a–z, digits, “_” and “-”. Your public page lives at /user/your-username."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextArea label="Bio" value={draft.bio} onChange={set('bio')} error={fields.bio} hint={`${draft.bio.length} / ${BIO_MAX} characters`} rows={4} />
      <TextField
        label="Avatar URL"
        type="url"
        value={draft.avatarUrl}
        onChange={set('avatarUrl')}
        error={fields.avatarUrl}
        hint="An https:// link to a square image. Leave empty for your initial."
        inputMode="url"
      />
      <SelectField label="Profile visibility" value={draft.profileVisibility} onChange={set('profileVisibility')} error={fields.profileVisibility}>
        <option value="public">Public — anyone can see your profile, lists and reviews</option>
        <option value="private">Private — only you see your profile</option>
      </SelectField>
      <div>
        <Button type="submit" loading={save.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
