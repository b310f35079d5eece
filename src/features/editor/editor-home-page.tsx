/**
 * /editor — my manuscripts and those shared with me (from the local database, so offline too),
 * co-author invitations to accept or decline, and a form to start one or import one from a file. Starting one needs the author role; a reader sees how to apply, and
 * still reaches the manuscripts others shared with them.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { can } from '../../../sync/roles';
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import { Button, Card, EmptyState, LinkButton, Page, Skeleton, TextField, formatRelative } from '../../ui';
import { CoAuthorInvitations } from '../notifications/co-author-invitations';
import { ImportManuscript } from './import-manuscript';
import { useManuscriptCommands } from './use-manuscript-commands';
import { totalWords, useManuscripts } from './use-manuscripts';
import './editor.css';

export function EditorHomePage() {
  const { user } = useSession();
  const { manuscripts, loading } = useManuscripts();
  const commands = useManuscriptCommands();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const mayCreate = can(user, 'manuscripts:write');
  // Every chapter this device holds, by manuscript: the list shows words and the last edit.
  const { docs: chapters } = useLiveDocs('manuscript-chapters');
  const chaptersOf = useMemo(() => {
    const byManuscript = new Map<string, typeof chapters>();
    for (const c of chapters) byManuscript.set(c.manuscriptId, [...(byManuscript.get(c.manuscriptId) ?? []), c]);
    return byManuscript;
  }, [chapters]);

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
                  <span className="manuscript-list-title">
                    <strong>{m.title}</strong>
                    <span>{user && m.ownerId === user.id ? 'Yours' : `Shared by @${m.ownerName}`}</span>
                  </span>
                  <ManuscriptFacts members={m.members} chapters={chaptersOf.get(m.id) ?? []} updatedAt={m.updatedAt} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}

/** Words, the last edit (the manuscript's or any chapter's) and the co-authors, in one line. */
function ManuscriptFacts({
  members,
  chapters,
  updatedAt,
}: {
  members: { username: string }[];
  chapters: { wordCount: number; updatedAt: number }[];
  updatedAt: number;
}) {
  const words = totalWords(chapters);
  const edited = Math.max(updatedAt, ...chapters.map((c) => c.updatedAt));
  const facts = [`${words.toLocaleString()} ${words === 1 ? 'word' : 'words'}`, `edited ${formatRelative(edited)}`];
  if (members.length > 0) facts.push(`with ${members.map((x) => `@${x.username}`).join(', ')}`);
  return <span className="manuscript-list-facts">{facts.join(' · ')}</span>;
}
