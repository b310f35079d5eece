/**
 * The owner's "Invite by e-mail" part of the co-authors dialog: an address and a role, and every
 * invitation not yet accepted, marked "Invited — pending", with Revoke. An address with an account
 * and one without look the same here: the person appears among the co-authors only once they
 * accept (from their notifications), when the sync engine brings the new member list.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { inviteByEmail, listPendingInvitations, revokeInvitation } from '../../../sync/api/invitations';
import { MEMBER_ROLES, type MemberRole } from '../../../sync/manuscripts/policy';
import { ApiRequestError, call } from '../../lib/api';
import { Button, FormError, Notice, SelectField, TextField } from '../../ui';
import { ROLE_LABELS } from './role-labels';

export function InviteByEmail({ manuscriptId, memberIds, online }: { manuscriptId: string; memberIds: string[]; online: boolean }) {
  const qc = useQueryClient();
  // Someone accepting arrives as a new member list: the pending list is read again then.
  const key = ['manuscript-invitations', manuscriptId, memberIds.join(',')];
  const pending = useQuery({ queryKey: key, queryFn: () => call(listPendingInvitations, { params: { id: manuscriptId } }), enabled: online });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setError(null);
    setSent(null);
    setBusy(true);
    try {
      const res = await call(inviteByEmail, { params: { id: manuscriptId }, body: { email, role } });
      setSent(res.message);
      setEmail('');
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      if (e instanceof ApiRequestError && Object.keys(e.fields).length) setFields(e.fields);
      else if (e instanceof ApiRequestError && e.status === 429)
        setError(`Too many invitations for now. Try again in ${Math.ceil((e.retryAfter ?? 60) / 60)} minutes.`);
      else setError(e instanceof Error ? e.message : 'Could not send the invitation.');
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    setError(null);
    try {
      await call(revokeInvitation, { params: { id: manuscriptId, invitationId: id } });
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.status === 404)) setError(e instanceof Error ? e.message : 'Could not revoke.');
    }
    await qc.invalidateQueries({ queryKey: key });
  }

  const invitations = pending.data?.invitations ?? [];
  return (
    <section aria-labelledby="invite-email-title" className="invite-section">
      <h3 id="invite-email-title" className="invite-title">
        Invite by e-mail
      </h3>
      <form className="inline-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <TextField
          label="E-mail"
          type="email"
          value={email}
          required
          maxLength={254}
          autoComplete="off"
          error={fields.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField label="Role when they join" value={role} error={fields.role} onChange={(e) => setRole(e.target.value as MemberRole)}>
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={busy} disabled={!online}>
          Send invitation
        </Button>
      </form>
      {sent && (
        <div role="status">
          <Notice tone="success">{sent}</Notice>
        </div>
      )}
      <FormError>{error}</FormError>
      {invitations.length > 0 && (
        <>
          <h4 className="invite-title">Invited</h4>
          <ul className="member-list" aria-label="Pending invitations">
            {invitations.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} <span className="field-hint">· {i.role} · Invited — pending</span>
                </span>
                <Button variant="ghost" size="sm" aria-label={`Revoke the invitation of ${i.email}`} disabled={!online} onClick={() => void revoke(i.id)}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {pending.isError && <p className="field-hint">Pending invitations could not be loaded.</p>}
    </section>
  );
}
