/**
 * The chapter list of a manuscript: open, add, rename, reorder (buttons, or Alt+↑/↓ on a chapter)
 * and delete with undo. Read-only roles see the list without the controls.
 */
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { Button, TextField, useToast } from '../../ui';
import { useManuscriptCommands } from './use-manuscript-commands';

interface Props {
  manuscript: Manuscript;
  chapters: ManuscriptChapter[];
  activeId: string | null;
  canEdit: boolean;
  /** Open comment threads per chapter id. */
  openComments?: Map<string, number>;
}

export function ChapterSidebar({ manuscript, chapters, activeId, canEdit, openComments }: Props) {
  const commands = useManuscriptCommands();
  const navigate = useNavigate();
  const toast = useToast();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const base = `/editor/${manuscript.id}`;

  async function handleAdd() {
    const id = await commands.addChapter(manuscript, chapters);
    navigate(`${base}/${id}`);
  }

  async function handleDelete(chapter: ManuscriptChapter) {
    const undo = await commands.deleteChapter(chapter.id);
    if (chapter.id === activeId) navigate(base, { replace: true });
    toast(`Deleted “${chapter.title || 'Untitled'}”.`, { action: { label: 'Undo', onClick: () => void undo() }, duration: 8000 });
  }

  function handleKeyDown(event: KeyboardEvent, chapter: ManuscriptChapter) {
    if (!canEdit || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void commands.moveChapter(chapters, chapter.id, event.key === 'ArrowUp' ? -1 : 1);
  }

  async function handleRename(id: string) {
    await commands.renameChapter(id, draft.trim());
    setRenaming(null);
  }

  return (
    <nav aria-label="Chapters" className="card">
      <h2 className="card-title">Chapters</h2>
      <ol className="chapter-list">
        {chapters.map((c, i) => (
          <li key={c.id} className="chapter-row">
            {renaming === c.id ? (
              <form className="inline-form" onSubmit={(e) => { e.preventDefault(); void handleRename(c.id); }}>
                <TextField label="Chapter title" value={draft} maxLength={200} autoFocus onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)} />
                <Button type="submit" size="sm">Save</Button>
              </form>
            ) : (
              <>
                <Link to={`${base}/${c.id}`} aria-current={c.id === activeId ? 'page' : undefined} onKeyDown={(e) => handleKeyDown(e, c)} title={canEdit ? 'Alt+↑ / Alt+↓ to move' : undefined}>
                  {c.title || 'Untitled'} <span className="chapter-words">· {c.wordCount.toLocaleString()}</span>
                  {openComments?.get(c.id) ? <span className="chapter-comments" data-testid="chapter-open-comments"> · {openComments.get(c.id)} <svg className="chapter-comments-icon" aria-hidden="true" viewBox="0 0 16 16" width="12" height="12"><path d="M2 3h12v8H6l-3 3v-3H2z" fill="currentColor" /></svg><span className="visually-hidden"> open comments</span></span> : null}
                </Link>
                {canEdit && (
                  <>
                    <button type="button" className="icon-button" aria-label={`Move ${c.title || 'Untitled'} up`} disabled={i === 0} onClick={() => void commands.moveChapter(chapters, c.id, -1)}>↑</button>
                    <button type="button" className="icon-button" aria-label={`Move ${c.title || 'Untitled'} down`} disabled={i === chapters.length - 1} onClick={() => void commands.moveChapter(chapters, c.id, 1)}>↓</button>
                    <button type="button" className="icon-button" aria-label={`Rename ${c.title || 'Untitled'}`} onClick={() => { setDraft(c.title); setRenaming(c.id); }}>✎</button>
                    <button type="button" className="icon-button" aria-label={`Delete ${c.title || 'Untitled'}`} onClick={() => void handleDelete(c)}>✕</button>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {canEdit && (
        <div className="card-footer">
          <Button variant="secondary" size="sm" onClick={() => void handleAdd()}>Add chapter</Button>
        </div>
      )}
    </nav>
  );
}
