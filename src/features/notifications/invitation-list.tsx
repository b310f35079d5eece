/**
 * A list of invitations with Accept and Decline, for the bell's panel and the pages the notices
 * lead to: co-authoring a manuscript, writing for an imprint. Each kind says how to load,
 * describe and answer its invitations; the list keeps the busy, answered and error states.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button, FormError } from '../../ui';
import './notifications.css';

interface InvitationListProps<T> {
  /** The region's accessible name. */
  label: string;
  title: string;
  headingLevel?: 'h2' | 'h3';
  /** Say "No invitations waiting." instead of rendering nothing (a page of its own). */
  showEmpty?: boolean;
  queryKey: readonly string[];
  load: () => Promise<{ invitations: T[] }>;
  keyOf: (invitation: T) => string;
  describe: (invitation: T) => ReactNode;
  /** Ends the buttons' names: "Accept …", "Decline …". */
  actionName: (invitation: T) => string;
  /** Accepts or declines; what to tell the person afterwards, if anything. */
  answer: (invitation: T, accept: boolean) => Promise<ReactNode>;
}

export function InvitationList<T>({
  label,
  title,
  headingLevel: H = 'h3',
  showEmpty = false,
  queryKey,
  load,
  keyOf,
  describe,
  actionName,
  answer,
}: InvitationListProps<T>) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey, queryFn: load });
  const [busy, setBusy] = useState<string | null>(null);
  const [answered, setAnswered] = useState<ReactNode>(null);
  const [error, setError] = useState<string | null>(null);

  async function respond(invitation: T, accept: boolean) {
    setBusy(keyOf(invitation));
    setError(null);
    try {
      setAnswered(await answer(invitation, accept));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not answer the invitation.');
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey });
    }
  }

  const invitations = query.data?.invitations ?? [];
  if (invitations.length === 0 && !answered && !error && !showEmpty) return null;
  return (
    <section className="invitations" aria-label={label}>
      <H className="invitations-title">{title}</H>
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
            <li key={keyOf(i)}>
              <span>{describe(i)}</span>
              <span className="invitations-actions">
                <Button
                  size="sm"
                  loading={busy === keyOf(i)}
                  disabled={busy !== null}
                  aria-label={`Accept ${actionName(i)}`}
                  onClick={() => void respond(i, true)}
                >
                  Accept
                </Button>
                <Button size="sm" variant="ghost" disabled={busy !== null} aria-label={`Decline ${actionName(i)}`} onClick={() => void respond(i, false)}>
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
