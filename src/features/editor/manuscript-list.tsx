/**
 * The manuscripts on /editor: each with its words, last edit and co-authors; the owner's with
 * Archive (or Unarchive) and Delete. Everything is a local write, so it works offline and syncs
 * later. Co-authors see no such buttons: only the owner archives or deletes (the push rules
 * refuse anyone else), and an owner whose account may no longer write manuscripts acts as a viewer.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import { actingRole, mayOnManuscript } from '../../../sync/manuscripts/policy';
import type { Principal } from '../../../sync/roles';
import { Button, formatRelative, useOnline, useToast } from '../../ui';
import { DeleteManuscriptDialog } from './delete-manuscript-dialog';
import { useManuscriptCommands } from './use-manuscript-commands';
import { totalWords } from './use-manuscripts';

type Chapters = { wordCount: number; updatedAt: number }[];

interface Props {
  manuscripts: Manuscript[];
  user: (Principal & { id: string }) | null;
  chaptersOf: Map<string, Chapters>;
  /** A row left this list (archived, unarchived or deleted): `unarchived` when it went back to the current ones. */
  onRowGone(unarchived: boolean): void;
}

export function ManuscriptList({ manuscripts, user, chaptersOf, onRowGone }: Props) {
  const commands = useManuscriptCommands();
  const toast = useToast();
  const online = useOnline();
  const [deleting, setDeleting] = useState<Manuscript | null>(null);

  async function setArchived(m: Manuscript, archived: boolean) {
    await commands.setArchived(m.id, archived);
    onRowGone(!archived);
    toast(archived ? `Archived “${m.title}”.` : `“${m.title}” is back in your manuscripts.`, {
      action: { label: 'Undo', onClick: () => void commands.setArchived(m.id, !archived) },
      duration: 8000,
    });
  }

  async function handleDelete(m: Manuscript) {
    await commands.deleteManuscript(m.id);
    setDeleting(null);
    onRowGone(false);
    toast(online ? `Deleted “${m.title}”.` : `Deleted “${m.title}” on this device; it is deleted for everyone when you are back online.`);
  }

  return (
    <>
      <ul className="manuscript-list">
        {manuscripts.map((m) => {
          const mine = user !== null && m.ownerId === user.id;
          const mayArchive = user !== null && mayOnManuscript(actingRole(m, user.id, user), 'archive');
          const mayDelete = user !== null && mayOnManuscript(actingRole(m, user.id, user), 'delete');
          return (
            <li key={m.id} className="manuscript-item">
              <Link to={`/editor/${m.id}`} className="manuscript-link">
                <span className="manuscript-list-title">
                  <strong>{m.title}</strong>
                  <span className="manuscript-owner">{mine ? 'Yours' : `Shared by @${m.ownerName}`}</span>
                </span>
                <ManuscriptFacts members={m.members} chapters={chaptersOf.get(m.id) ?? []} updatedAt={m.updatedAt} />
              </Link>
              {(mayArchive || mayDelete) && (
                <div className="manuscript-actions">
                  {mayArchive && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void setArchived(m, !m.archived)}
                      aria-label={`${m.archived ? 'Unarchive' : 'Archive'} “${m.title}”`}
                    >
                      {m.archived ? 'Unarchive' : 'Archive'}
                    </Button>
                  )}
                  {mayDelete && (
                    <Button variant="ghost" size="sm" className="manuscript-delete" onClick={() => setDeleting(m)} aria-label={`Delete “${m.title}”`}>
                      Delete
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <DeleteManuscriptDialog
        manuscript={deleting}
        chapters={deleting ? (chaptersOf.get(deleting.id)?.length ?? 0) : 0}
        onCancel={() => setDeleting(null)}
        onConfirm={(m) => void handleDelete(m)}
      />
    </>
  );
}

/** Words, the last edit (the manuscript's or any chapter's) and the co-authors, in one line. */
function ManuscriptFacts({ members, chapters, updatedAt }: { members: { username: string }[]; chapters: Chapters; updatedAt: number }) {
  const words = totalWords(chapters);
  const edited = Math.max(updatedAt, ...chapters.map((c) => c.updatedAt));
  const facts = [`${words.toLocaleString()} ${words === 1 ? 'word' : 'words'}`, `edited ${formatRelative(edited)}`];
  if (members.length > 0) facts.push(`with ${members.map((x) => `@${x.username}`).join(', ')}`);
  return <span className="manuscript-list-facts">{facts.join(' · ')}</span>;
}
