/**
 * /editor — my manuscripts and those shared with me (from the local database, so offline too),
 * current or archived, co-author invitations to accept or decline, and a form to start one or
 * import one from a file. Starting one needs the author role; a reader sees how to apply, and
 * still reaches the manuscripts others shared with them.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../../sync/roles';
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import { Button, Card, EmptyState, LinkButton, Page, Skeleton, TextField } from '../../ui';
import { CoAuthorInvitations } from '../notifications/co-author-invitations';
import { ImportManuscript } from './import-manuscript';
import { ManuscriptList } from './manuscript-list';
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
  const [showArchived, setShowArchived] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const current = manuscripts.filter((m) => !m.archived);
  const archived = manuscripts.filter((m) => m.archived);
  const shown = showArchived ? archived : current;
  // Unarchiving the last one leaves the archive empty: back to the current ones.
  useEffect(() => {
    if (showArchived && archived.length === 0) setShowArchived(false);
  }, [showArchived, archived.length]);
  // Every chapter this device holds, by manuscript: the list shows words and the last edit.
  const { docs: chapters } = useLiveDocs('manuscript-chapters');
  const chaptersOf = useMemo(() => {
    const byManuscript = new Map<string, typeof chapters>();
    for (const c of chapters) byManuscript.set(c.manuscriptId, [...(byManuscript.get(c.manuscriptId) ?? []), c]);
    return byManuscript;
  }, [chapters]);

  // Focus goes to the list's heading when the row that had it leaves; an unarchived manuscript is shown where it went.
  function handleRowGone(unarchived: boolean) {
    if (unarchived) setShowArchived(false);
    requestAnimationFrame(() => listHeading.current?.focus());
  }

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
      <section className="card" aria-labelledby="manuscripts-title">
        <div className="manuscripts-head">
          <h2 className="card-title" id="manuscripts-title" ref={listHeading} tabIndex={-1}>
            {showArchived ? 'Archived manuscripts' : 'Manuscripts'}
          </h2>
          {archived.length > 0 && (
            <div className="segmented" role="group" aria-label="Show">
              <button type="button" aria-pressed={!showArchived} onClick={() => setShowArchived(false)}>
                Current ({current.length})
              </button>
              <button type="button" aria-pressed={showArchived} onClick={() => setShowArchived(true)}>
                Archived ({archived.length})
              </button>
            </div>
          )}
        </div>
        {loading ? (
          <Skeleton lines={3} />
        ) : shown.length === 0 ? (
          <p className="muted">{showArchived ? 'Nothing archived.' : archived.length > 0 ? 'Every manuscript here is archived.' : 'No manuscripts yet.'}</p>
        ) : (
          <ManuscriptList manuscripts={shown} user={user} chaptersOf={chaptersOf} onRowGone={handleRowGone} />
        )}
        {showArchived && shown.length > 0 && (
          <p className="field-hint">
            {shown.some((m) => m.ownerId === user?.id)
              ? 'Archived manuscripts keep everything; unarchive one to list it with the others again.'
              : 'Their owners put these away; they keep everything and still open.'}
          </p>
        )}
      </section>
    </Page>
  );
}
