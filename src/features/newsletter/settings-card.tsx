/** A newsletter's settings: sender, reply-to, footer address and the welcome mail. */
import { useState, type FormEvent } from 'react';
import { saveNewsletterSettings, type NewsletterSettings, type NewsletterSetup, type SetupScope } from '../../../sync/api/newsletter';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Card, TextArea, TextField } from '../../ui';
import { useSetupAction } from './setup-actions';

/** The postal address field's id: the compose card's message links to it. */
export const POSTAL_ADDRESS_FIELD = 'newsletter-postal-address';

export function SettingsCard({
  scope,
  setup,
  addressError,
  onSaved,
}: {
  scope: SetupScope;
  setup: NewsletterSetup;
  /** Why an issue could not go out (no postal address), shown by the field. */
  addressError: string | null;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<NewsletterSettings>(setup.settings);
  const save = useSetupAction(
    scope,
    (body: NewsletterSettings) => call(saveNewsletterSettings, { params: { scope }, body }),
    () => {
      onSaved();
      return 'Newsletter settings saved.';
    },
  );
  const fields = fieldErrorsOf(save.error);
  const set = (key: keyof NewsletterSettings) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate(draft);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Card
        title="Settings"
        footer={
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        }
      >
        <div className="stack">
          <TextField
            label="Sender name"
            hint="Shown as the From name. Empty: your name."
            value={draft.senderName}
            maxLength={80}
            error={fields.senderName}
            onChange={set('senderName')}
          />
          <TextField
            label="Reply-to address"
            hint="Where replies go. Empty: replies are not delivered."
            type="email"
            value={draft.replyTo}
            error={fields.replyTo}
            onChange={set('replyTo')}
          />
          <TextArea
            id={POSTAL_ADDRESS_FIELD}
            label="Postal address"
            hint={
              scope === 'site'
                ? 'Printed in the footer of every newsletter, as anti-spam law asks; issues cannot go out without one. Authors who give none use this one.'
                : setup.settings.postalAddress
                  ? "Printed in the footer of every issue, as anti-spam law asks. Empty: the site's address is used."
                  : `Printed in the footer of every issue, as anti-spam law asks. Empty: the site's (${setup.footerAddress || 'not set yet, so add yours before sending'}).`
            }
            rows={4}
            value={draft.postalAddress}
            error={fields.postalAddress ?? addressError ?? undefined}
            onChange={set('postalAddress')}
          />
          <TextField label="Welcome mail subject" value={draft.welcomeSubject} error={fields.welcomeSubject} onChange={set('welcomeSubject')} />
          <TextArea
            label="Welcome mail"
            hint="Sent when someone confirms. Markdown. Empty: no welcome mail."
            rows={5}
            value={draft.welcomeBody}
            error={fields.welcomeBody}
            onChange={set('welcomeBody')}
          />
        </div>
      </Card>
    </form>
  );
}
