/**
 * /publisher/settings: the imprint's details and default currency, the payout account (shown
 * masked once saved, "•••• 1234"), and its members with their roles. What each member may change
 * comes from sync/roles.ts, so the page offers exactly what the API allows; the API still decides.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  addMember,
  changeMemberRole,
  getImprintSettings,
  removeMember,
  saveImprintDetails,
  savePayout,
  type ImprintMember,
  type ImprintSettings,
  type PayoutInput,
} from '../../../sync/api/publisher-team';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { PUBLISHING_CURRENCIES } from '../../../sync/publishing/metadata';
import { maskAccount } from '../../../sync/publisher/payout';
import { canInImprint, canManageMember, IMPRINT_ROLES, type ImprintRole } from '../../../sync/roles';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Button, Card, FormError, Notice, Page, QueryState, SelectField, TextArea, TextField, formatDate, useToast } from '../../ui';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import './publisher.css';

const ROLE_LABELS: Record<ImprintRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

function useSaved(imprintId: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: publisherKey(imprintId) });
}

function DetailsForm({ settings, canEdit }: { settings: ImprintSettings; canEdit: boolean }) {
  const toast = useToast();
  const saved = useSaved(settings.imprint.id);
  const [form, setForm] = useState(settings.imprint);
  const save = useMutation({
    mutationFn: () =>
      call(saveImprintDetails, {
        params: { imprintId: settings.imprint.id },
        body: { ...form, defaultCurrency: form.defaultCurrency as (typeof PUBLISHING_CURRENCIES)[number] },
      }),
    onSuccess: () => {
      toast('Imprint details saved.', { tone: 'success' });
      saved();
    },
  });
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  return (
    <Card title="Imprint details">
      <form
        className="team-form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <fieldset disabled={!canEdit} className="team-fieldset">
          <TextField label="Name" value={form.name} onChange={set('name')} error={errors.name} required />
          <TextArea
            label="Description"
            hint="Shown on your storefront."
            rows={3}
            value={form.description}
            onChange={set('description')}
            error={errors.description}
          />
          <TextField label="Website" type="url" placeholder="https://" value={form.website} onChange={set('website')} error={errors.website} />
          <TextField label="Contact e-mail" type="email" value={form.contactEmail} onChange={set('contactEmail')} error={errors.contactEmail} />
          <SelectField
            label="Default currency"
            hint="New books start with this price currency."
            value={form.defaultCurrency}
            onChange={set('defaultCurrency')}
            error={errors.defaultCurrency}
          >
            {PUBLISHING_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </fieldset>
        {save.error && Object.keys(errors).length === 0 && <FormError>{errorMessage(save.error)}</FormError>}
        {canEdit ? (
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        ) : (
          <p className="muted">Only the imprint&apos;s owners and managers can change its details.</p>
        )}
      </form>
    </Card>
  );
}

function PayoutForm({ settings, canEdit }: { settings: ImprintSettings; canEdit: boolean }) {
  const toast = useToast();
  const saved = useSaved(settings.imprint.id);
  const [kind, setKind] = useState<PayoutInput['kind']>(settings.payout?.kind ?? 'iban');
  const [holder, setHolder] = useState(settings.payout?.holder ?? '');
  const [account, setAccount] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [editing, setEditing] = useState(settings.payout === null);
  const save = useMutation({
    mutationFn: () =>
      call(savePayout, {
        params: { imprintId: settings.imprint.id },
        body: kind === 'iban' ? { kind, holder, iban: account } : { kind, holder, accountNumber: account, bankCode },
      }),
    onSuccess: () => {
      toast('Payout account saved.', { tone: 'success' });
      setAccount('');
      setBankCode('');
      setEditing(false);
      saved();
    },
  });
  const errors = fieldErrorsOf(save.error);
  const payout = settings.payout;
  return (
    <Card title="Payout">
      {payout && (
        <p className="team-payout" data-testid="payout-summary">
          Paid to <strong>{payout.holder}</strong>, {payout.kind === 'iban' ? 'IBAN' : 'account'} <span className="team-mask">{maskAccount(payout.last4)}</span>{' '}
          <span className="muted">(since {formatDate(payout.updatedAt)})</span>
        </p>
      )}
      {!canEdit ? (
        <Notice>Only the imprint&apos;s owners can change where it is paid.</Notice>
      ) : !editing ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change payout account
        </Button>
      ) : (
        <form
          className="team-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          {!payout && <p className="muted">Where your imprint&apos;s earnings are paid. Once saved, only the last four characters are ever shown.</p>}
          <TextField label="Account holder" value={holder} onChange={(e) => setHolder(e.target.value)} error={errors.holder} autoComplete="off" />
          <SelectField label="Account type" value={kind} onChange={(e) => setKind(e.target.value as PayoutInput['kind'])}>
            <option value="iban">IBAN</option>
            <option value="account">Account number and bank code</option>
          </SelectField>
          {kind === 'iban' ? (
            <TextField label="IBAN" value={account} onChange={(e) => setAccount(e.target.value)} error={errors.iban} autoComplete="off" spellCheck={false} />
          ) : (
            <>
              <TextField
                label="Account number"
                inputMode="numeric"
                value={account}
                onChange={(e) => setAccount(e.target.value)}
                error={errors.accountNumber}
                autoComplete="off"
              />
              <TextField
                label="Bank code"
                hint="Sort code or routing number."
                inputMode="numeric"
                value={bankCode}
                onChange={(e) => setBankCode(e.target.value)}
                error={errors.bankCode}
                autoComplete="off"
              />
            </>
          )}
          {save.error && Object.keys(errors).length === 0 && <FormError>{errorMessage(save.error)}</FormError>}
          <div className="team-actions">
            <Button type="submit" loading={save.isPending}>
              Save payout account
            </Button>
            {payout && (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}

function MemberRow({ settings, member }: { settings: ImprintSettings; member: ImprintMember }) {
  const { user } = useSession();
  const toast = useToast();
  const saved = useSaved(settings.imprint.id);
  const params = { imprintId: settings.imprint.id, userId: member.userId };
  const onError = (error: unknown) => toast(errorMessage(error), { tone: 'error' });
  const change = useMutation({ mutationFn: (role: ImprintRole) => call(changeMemberRole, { params, body: { role } }), onSuccess: saved, onError });
  const remove = useMutation({
    mutationFn: () => call(removeMember, { params }),
    onSuccess: () => {
      toast(`@${member.username} is no longer a member.`, { tone: 'success' });
      saved();
    },
    onError,
  });
  const roles = IMPRINT_ROLES.filter((r) => r === member.role || canManageMember(user, settings.myRole, member.role, r));
  const canRemove = canManageMember(user, settings.myRole, member.role, null);
  const name = member.userId === user?.id ? `${member.displayName} (you)` : member.displayName;
  return (
    <li className="team-member">
      <span>
        <strong>{name}</strong> <span className="muted">@{member.username}</span>
      </span>
      {roles.length > 1 ? (
        <SelectField
          label={`Role of ${member.displayName}`}
          value={member.role}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.value as ImprintRole)}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
      ) : (
        <span className="team-role">{ROLE_LABELS[member.role]}</span>
      )}
      {canRemove && (
        <Button size="sm" variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${member.displayName}`}>
          Remove
        </Button>
      )}
    </li>
  );
}

function Members({ settings }: { settings: ImprintSettings }) {
  const { user } = useSession();
  const saved = useSaved(settings.imprint.id);
  const toast = useToast();
  const addable = IMPRINT_ROLES.filter((r) => canManageMember(user, settings.myRole, null, r));
  const [who, setWho] = useState('');
  const [role, setRole] = useState<ImprintRole>('staff');
  const add = useMutation({
    mutationFn: () => call(addMember, { params: { imprintId: settings.imprint.id }, body: { who, role } }),
    onSuccess: () => {
      toast(`Added ${who} as ${ROLE_LABELS[role].toLowerCase()}.`, { tone: 'success' });
      setWho('');
      saved();
    },
  });
  const errors = fieldErrorsOf(add.error);
  return (
    <Card title="Members">
      <p className="muted">
        Owners manage everything, including owners and payout; managers manage staff, books, authors and the storefront; staff see everything and upload books.
      </p>
      <ul className="team-members" aria-label="Members">
        {settings.members.map((m) => (
          <MemberRow key={m.userId} settings={settings} member={m} />
        ))}
      </ul>
      {addable.length > 0 && (
        <form
          className="team-add"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <TextField label="Username or e-mail" value={who} onChange={(e) => setWho(e.target.value)} error={errors.who} hint="They need a publisher account." />
          <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as ImprintRole)}>
            {addable.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" loading={add.isPending}>
            Add member
          </Button>
          {add.error && !errors.who && <FormError>{errorMessage(add.error)}</FormError>}
        </form>
      )}
    </Card>
  );
}

function Settings({ imprint }: { imprint: MyImprint }) {
  const { user } = useSession();
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'settings'),
    queryFn: ({ signal }) => call(getImprintSettings, { params: { imprintId: imprint.id }, signal }),
  });
  return (
    <QueryState query={query} what="The imprint's settings" lines={8}>
      {(settings) => (
        <div className="team-grid">
          <DetailsForm
            key={settings.imprint.name + settings.imprint.description}
            settings={settings}
            canEdit={canInImprint(user, settings.myRole, 'imprint:edit')}
          />
          <div className="team-column">
            <PayoutForm key={settings.payout?.updatedAt ?? 'none'} settings={settings} canEdit={canInImprint(user, settings.myRole, 'payout:manage')} />
            <Members settings={settings} />
          </div>
        </div>
      )}
    </QueryState>
  );
}

export function PublisherSettingsPage() {
  return (
    <Page title="Imprint settings" description="Your imprint's details, where it is paid, and who works on it." wide>
      <ImprintChoice>{(imprint) => <Settings imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
