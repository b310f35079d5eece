/**
 * Co-authors of a manuscript: the owner adds people by username with a role (looked up online) or
 * invites them by e-mail (invite-by-email.tsx: pending until they accept), changes roles and
 * removes people; everyone else sees the list. A change by username is a local write that the sync
 * engine carries to the server, which then admits or refuses their chapter sockets accordingly.
 * Usernames are public (profiles, bylines), so adding by one reveals nothing an e-mail would.
 */
import { useState, type FormEvent } from 'react';
import { type Manuscript } from '../../../sync/collections/manuscripts';
import { MEMBER_ROLES, type MemberRole } from '../../../sync/manuscripts/policy';
import { lookupUser } from '../../../sync/api/users';
import { ApiRequestError, call } from '../../lib/api';
import { Badge, Button, Dialog, FormError, SelectField, TextField, useOnline } from '../../ui';
import { InviteByEmail } from './invite-by-email';
import { ROLE_LABELS } from './role-labels';
import { useManuscriptCommands } from './use-manuscript-commands';

export function CoAuthorsDialog({ manuscript, isOwner, open, onClose }: { manuscript: Manuscript; isOwner: boolean; open: boolean; onClose: () => void }) {
  const commands = useManuscriptCommands();
  const online = useOnline();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleInvite(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const user = await call(lookupUser, { query: { username: username.trim() } });
      if (user.id === manuscript.ownerId) throw new Error('That is the owner of this manuscript.');
      await commands.setMember(manuscript, { userId: user.id, username: user.username, role });
      setUsername('');
    } catch (e) {
      setError(e instanceof ApiRequestError && e.status === 404 ? 'No account has that username.' : e instanceof Error ? e.message : 'Could not invite.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Co-authors">
      <ul className="member-list" aria-label="People on this manuscript">
        <li>
          <span>@{manuscript.ownerName}</span> <Badge>Owner</Badge>
        </li>
        {manuscript.members.map((m) => (
          <li key={m.userId}>
            <span>@{m.username}</span>
            {isOwner ? (
              <span className="inline-form">
                <SelectField
                  label={`Role of ${m.username}`}
                  value={m.role}
                  onChange={(e) => void commands.setMember(manuscript, { ...m, role: e.target.value as MemberRole })}
                >
                  {MEMBER_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </SelectField>
                <Button variant="ghost" size="sm" onClick={() => void commands.removeMember(manuscript, m.userId)}>
                  Remove
                </Button>
              </span>
            ) : (
              <Badge>{m.role}</Badge>
            )}
          </li>
        ))}
      </ul>
      {isOwner && <h3 className="invite-title">Invite by username</h3>}
      {isOwner && (
        <form className="inline-form" onSubmit={(e) => void handleInvite(e)}>
          <TextField label="Username" value={username} required maxLength={64} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
          <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" loading={busy} disabled={!online}>
            Invite
          </Button>
        </form>
      )}
      {isOwner && !online && <p className="field-hint">Inviting needs a connection to find the account.</p>}
      <FormError>{error}</FormError>
      {isOwner && open && <InviteByEmail manuscriptId={manuscript.id} memberIds={manuscript.memberIds} online={online} />}
    </Dialog>
  );
}
