/** /admin/settings: site name, sign-up mode, currency, feature flags; payment and mail status. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getSiteSettings, saveSiteSettings, type AdminSettingsResponse } from '../../../sync/api/admin';
import type { SignUpMode, SiteSettings } from '../../../sync/api/site';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Badge, Button, Card, FormError, Page, QueryState, TextField } from '../../ui';
import { adminKey, useAdminAction } from './admin-api';
import { FeatureFlagsEditor } from './feature-flags-editor';
import './admin.css';

const MODES: { id: SignUpMode; label: string; help: string }[] = [
  { id: 'open', label: 'Open', help: 'Anyone can create an account.' },
  { id: 'beta', label: 'Beta only', help: 'Sign-up needs an invitation; visitors can ask for one at /auth/beta-request.' },
  { id: 'closed', label: 'Closed', help: 'No new accounts. Existing accounts keep working.' },
];

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const [draft, setDraft] = useState(initial);
  const qc = useQueryClient();
  const save = useAdminAction((s: SiteSettings) => call(saveSiteSettings, { body: s }), 'Site settings saved.');
  const fields = fieldErrorsOf(save.error);
  const flagError = Object.entries(fields).find(([k]) => k.startsWith('featureFlags'))?.[1];
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    // The public site info (name, sign-up mode) is cached separately for every page.
    save.mutate(draft, { onSuccess: () => void qc.invalidateQueries({ queryKey: ['site'] }) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Card
        title="Site"
        footer={
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        }
      >
        <div className="stack">
          <TextField
            label="Site name"
            value={draft.siteName}
            maxLength={80}
            required
            error={fields.siteName}
            onChange={(e) => set('siteName', e.target.value)}
          />
          <fieldset className="admin-fieldset" aria-describedby={fields.signUpMode ? 'signup-mode-error' : undefined}>
            <legend>Sign-up</legend>
            {MODES.map((m) => (
              <label key={m.id} className="admin-radio">
                <input type="radio" name="signUpMode" value={m.id} checked={draft.signUpMode === m.id} onChange={() => set('signUpMode', m.id)} />
                <span>
                  <strong>{m.label}</strong>
                  <p className="muted">{m.help}</p>
                </span>
              </label>
            ))}
            {fields.signUpMode && (
              <p className="field-error" id="signup-mode-error">
                {fields.signUpMode}
              </p>
            )}
          </fieldset>
          <TextField
            label="Currency"
            hint="Three-letter ISO code used for prices, like USD or EUR."
            value={draft.currency}
            maxLength={3}
            error={fields.currency}
            onChange={(e) => set('currency', e.target.value.toUpperCase())}
          />
          <FeatureFlagsEditor flags={draft.featureFlags} error={flagError} onChange={(f) => set('featureFlags', f)} />
          <FormError>{save.isError && !Object.keys(fields).length ? errorMessage(save.error) : null}</FormError>
        </div>
      </Card>
    </form>
  );
}

function StatusPanel({ status }: { status: AdminSettingsResponse['status'] }) {
  return (
    <Card title="Status">
      <dl className="stack admin-dl">
        <div>
          <dt>Payments</dt>
          <dd>
            <Badge tone={status.payments.provider === 'stripe' ? 'success' : 'warning'}>
              {status.payments.provider === 'stripe' ? 'Stripe' : 'Test provider'}
            </Badge>{' '}
            {status.payments.label}
          </dd>
        </div>
        <div>
          <dt>Mail</dt>
          <dd>
            <Badge tone={status.mail.transport === 'smtp' ? 'success' : 'warning'}>{status.mail.transport === 'smtp' ? 'SMTP' : 'Outbox'}</Badge>{' '}
            {status.mail.label}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function SiteSettingsPage() {
  const query = useQuery({ queryKey: adminKey('settings'), queryFn: () => call(getSiteSettings) });
  return (
    <Page title="Site settings" description="How Quire presents itself and who may sign up.">
      <QueryState query={query} what="Site settings" lines={8}>
        {(data) => (
          <>
            <SettingsForm initial={data.settings} />
            <StatusPanel status={data.status} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
