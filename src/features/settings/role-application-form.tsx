/** One "apply to become …" form. Publisher applications also name the imprint. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { IMPRINT_NAME_MAX, ROLE_MESSAGE_MAX, RoleRequestInput, applyForRole } from '../../../sync/api/account';
import type { RequestableRole } from '../../../sync/roles';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, FormError, TextArea, TextField, useToast } from '../../ui';
import { clientFieldErrors, settingsKey } from './settings-api';

const COPY: Record<RequestableRole, { title: string; button: string; intro: string; prompt: string }> = {
  author: {
    title: 'Become an author',
    button: 'Apply to become an author',
    intro: 'Write manuscripts in Quire, invite co-authors and submit books to publishers and the store.',
    prompt: 'What would you like to write?',
  },
  publisher: {
    title: 'Become a publisher',
    button: 'Apply to become a publisher',
    intro: 'Run an imprint: review submissions, publish books and manage your catalogue.',
    prompt: 'Tell us about your imprint and plans',
  },
};

export function RoleApplicationForm({ role }: { role: RequestableRole }) {
  const [message, setMessage] = useState('');
  const [imprintName, setImprintName] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const headingId = useId();
  const qc = useQueryClient();
  const toast = useToast();
  const apply = useMutation({
    mutationFn: (input: RoleRequestInput) => call(applyForRole, { body: input }),
    onSuccess: async () => {
      setMessage('');
      setImprintName('');
      toast('Application sent. We will let you know the decision.', { tone: 'success' });
      await qc.invalidateQueries({ queryKey: settingsKey('role-requests') });
    },
  });
  const copy = COPY[role];
  const fields = { ...fieldErrorsOf(apply.error), ...checked };
  const formError = apply.error && Object.keys(fieldErrorsOf(apply.error)).length === 0 ? errorMessage(apply.error) : null;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const input: RoleRequestInput = role === 'publisher' ? { role, imprintName, message } : { role, message };
    const problems = clientFieldErrors(RoleRequestInput, input);
    setChecked(problems ?? {});
    if (!problems) apply.mutate(input);
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-labelledby={headingId}>
      <div>
        <h3 id={headingId}>{copy.title}</h3>
        <p className="muted">{copy.intro}</p>
      </div>
      <FormError>{formError}</FormError>
      {role === 'publisher' && (
        <TextField
          label="Imprint name"
          value={imprintName}
          onChange={(e) => setImprintName(e.target.value)}
          error={fields.imprintName}
          maxLength={IMPRINT_NAME_MAX}
          required
        />
      )}
      <TextArea
        label={copy.prompt}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={fields.message}
        maxLength={ROLE_MESSAGE_MAX}
        rows={3}
        required
      />
      <div>
        <Button type="submit" variant="secondary" loading={apply.isPending}>
          {copy.button}
        </Button>
      </div>
    </form>
  );
}
