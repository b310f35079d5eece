/**
 * /editor — my manuscripts and those shared with me (from the local database, so offline too),
 * co-author invitations to accept or decline, and a form to start one or import one from a file. Starting one needs the author role; a reader sees how to apply, and
 * still reaches the manuscripts others shared with them.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { can } from '../../../sync/roles';
import { useSession } from '../../lib/session';
import { Button, Card, EmptyState, LinkButton, Page, Skeleton, TextField } from '../../ui';
import { CoAuthorInvitations } from '../notifications/co-author-invitations';
import { ImportManuscript } from './import-manuscript';
import { useManuscriptCommands } from './use-manuscript-commands';
import { useManuscripts } from './use-manuscripts';
import './editor.css';

export function EditorHomePage() {
  const { user } = useSession();
  const { manuscripts, loading } = useManuscripts();
  const commands = useManuscriptCommands();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const mayCreate = can(user, 'manuscripts:write');

  async function handleCreate(event: FormEvent) {
    event.preventDefault();
    if (!user || !title.trim()) return;
    const { manuscriptId, chapterId } = await commands.createManuscript(user, title.trim());
    navigate(`/editor/${manuscriptId}/${chapterId}`);
  }

  return (
    <Page title="Write" description="Your manuscripts and those shared with you. Everything here works offline.">
      <CoAuthorInvitations headingLevel="h2" />
      {mayCreate ? (
        <>
          <Card title="Start a manuscript">
            <form className="inline-form" onSubmit={(e) => void handleCreate(e)}>
              <TextField label="Title" value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
              <Button type="submit" disabled={!commands.writable}>
                Create manuscript
              </Button>
            </form>
          </Card>
          <ImportManuscript />
        </>
      ) : (
        <EmptyState title="Become an author to start a manuscript" action={<LinkButton to="/settings">Apply in your settings</LinkButton>}>
          <p>
            Authors write and publish books on Quire. Apply for the author role from your profile; an administrator reviews it. Manuscripts others share with
            you appear below.
          </p>
        </EmptyState>
      )}
      <Card title="Manuscripts">
        {loading ? (
          <Skeleton lines={3} />
        ) : manuscripts.length === 0 ? (
          <p>No manuscripts yet.</p>
        ) : (
          <ul className="manuscript-list">
            {manuscripts.map((m) => (
              <li key={m.id}>
                <Link to={`/editor/${m.id}`}>
                  <strong>{m.title}</strong>
                  <span>{user && m.ownerId === user.id ? 'Yours' : `Shared by @${m.ownerName}`}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
