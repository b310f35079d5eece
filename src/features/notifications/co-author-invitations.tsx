/**
 * Co-author invitations sent to my (proven) address, with Accept and Decline: shown in the bell's
 * panel and under Write, where the invitation's notice and e-mail lead. Nobody joins a manuscript
 * without accepting here. Accepting makes the server add me; the manuscript then arrives by sync.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
// The bell is in the app shell: this contract is zod/mini only, so classic zod stays out of the first load.
import { acceptInvitation, declineInvitation, listMyInvitations, type MyInvitation } from '../../../sync/api/my-invitations';
import { call } from '../../lib/api';
import { Button, FormError } from '../../ui';
import './notifications.css';

const ROLE_WORDS: Record<MyInvitation['role'], string> = { editor: 'an editor', commenter: 'a commenter', viewer: 'a reader' };
const KEY = ['my-invitations'];

export function CoAuthorInvitations({ headingLevel: H = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => call(listMyInvitations) });
  const [busy, setBusy] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ id: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(invitation: MyInvitation, action: 'accept' | 'decline') {
    setBusy(invitation.id);
    setError(null);
    try {
      const params = { id: invitation.id };
      if (action === 'accept') {
        const res = await call(acceptInvitation, { params });
        setJoined({ id: res.manuscriptId, title: invitation.manuscriptTitle });
      } else await call(declineInvitation, { params });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not answer the invitation.');
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: KEY });
    }
  }

  const invitations = query.data?.invitations ?? [];
  if (invitations.length === 0 && !joined && !error) return null;
  return (
    <section className="invitations" aria-label="Co-author invitations">
      <H className="invitations-title">Invitations</H>
      {joined && (
        <p role="status" className="invitations-joined">
          You joined <Link to={`/editor/${joined.id}`}>“{joined.title}”</Link>.
        </p>
      )}
      <FormError>{error}</FormError>
      {invitations.length > 0 && (
        <ul className="invitations-list">
          {invitations.map((i) => (
            <li key={i.id}>
              <span>
                @{i.ownerName} invites you to be {ROLE_WORDS[i.role]} of “{i.manuscriptTitle}”.
              </span>
              <span className="invitations-actions">
                <Button
                  size="sm"
                  loading={busy === i.id}
                  disabled={busy !== null}
                  aria-label={`Accept the invitation to “${i.manuscriptTitle}”`}
                  onClick={() => void answer(i, 'accept')}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  aria-label={`Decline the invitation to “${i.manuscriptTitle}”`}
                  onClick={() => void answer(i, 'decline')}
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
