/**
 * Invitations from imprints to be one of their authors, with Accept and Decline: shown in the
 * bell's panel and on /imprint-invitations, where the invitation's notice leads. Nobody becomes
 * an imprint's author without accepting here.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
// The bell is in the app shell: this contract is zod/mini only.
import { acceptImprintInvitation, declineImprintInvitation, listImprintInvitations, type ImprintInvitation } from '../../../sync/api/imprint-invitations';
import { call } from '../../lib/api';
import { Button, FormError } from '../../ui';
import './notifications.css';

const KEY = ['imprint-invitations'];

export function ImprintInvitations({ headingLevel: H = 'h3', showEmpty = false }: { headingLevel?: 'h2' | 'h3'; showEmpty?: boolean }) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => call(listImprintInvitations) });
  const [busy, setBusy] = useState<string | null>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(invitation: ImprintInvitation, accept: boolean) {
    setBusy(invitation.imprintId);
    setError(null);
    try {
      const params = { imprintId: invitation.imprintId };
      if (accept) {
        await call(acceptImprintInvitation, { params });
        setAnswered(`You're now one of ${invitation.imprintName}'s authors.`);
      } else {
        await call(declineImprintInvitation, { params });
        setAnswered(`You declined ${invitation.imprintName}'s invitation.`);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not answer the invitation.');
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: KEY });
    }
  }

  const invitations = query.data?.invitations ?? [];
  if (invitations.length === 0 && !answered && !error && !showEmpty) return null;
  return (
    <section className="invitations" aria-label="Publisher invitations">
      <H className="invitations-title">Publisher invitations</H>
      {answered && (
        <p role="status" className="invitations-joined">
          {answered}
        </p>
      )}
      <FormError>{error}</FormError>
      {invitations.length === 0 && showEmpty && !query.isPending && <p className="muted">No invitations waiting.</p>}
      {invitations.length > 0 && (
        <ul className="invitations-list">
          {invitations.map((i) => (
            <li key={i.imprintId}>
              <span>
                {i.invitedBy ? `${i.invitedBy} of ` : ''}
                {i.imprintName} invites you to be one of their authors.
              </span>
              <span className="invitations-actions">
                <Button
                  size="sm"
                  loading={busy === i.imprintId}
                  disabled={busy !== null}
                  aria-label={`Accept ${i.imprintName}'s invitation`}
                  onClick={() => void answer(i, true)}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  aria-label={`Decline ${i.imprintName}'s invitation`}
                  onClick={() => void answer(i, false)}
                >
                  Decline
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
