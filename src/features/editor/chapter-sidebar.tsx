/**
 * The chapter list of a manuscript: open, add, rename, reorder and delete with undo. Reorder as
 * in reading lists (src/features/lists): drag the handle (a line shows where it lands), arrow keys
 * on the handle, Alt+↑/↓ on a chapter, or the buttons; every move is announced in a polite live
 * region. Read-only roles see the list without the controls.
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
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
  /** Keep the "Chapters" heading for screen readers only (a "Chapters" button already names the panel). */
  titleHidden?: boolean;
}

export function ChapterSidebar({ manuscript, chapters, activeId, canEdit, openComments, titleHidden = false }: Props) {
  const commands = useManuscriptCommands();
  const navigate = useNavigate();
  const toast = useToast();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const base = `/editor/${manuscript.id}`;

  async function handleAdd() {
    const id = await commands.addChapter(manuscript, chapters);
    navigate(`${base}/${id}`);
  }

  async function handleDelete(chapter: ManuscriptChapter) {
    const undo = await commands.deleteChapter(chapter.id).catch(() => null);
    if (!undo) return toast(`Could not delete “${chapter.title || 'Untitled'}”. Try again.`, { tone: 'error' });
    if (chapter.id === activeId) navigate(base, { replace: true });
    toast(`Deleted “${chapter.title || 'Untitled'}”.`, { action: { label: 'Undo', onClick: () => void undo() }, duration: 8000 });
  }

  function move(from: number, to: number) {
    const moved = chapters[from];
    if (!moved || to < 0 || to >= chapters.length || from === to) return;
    void commands.moveChapterTo(chapters, moved.id, to);
    setAnnouncement(`${moved.title || 'Untitled'} moved to position ${to + 1} of ${chapters.length}.`);
    // Keep focus on the moved chapter's handle, which React re-renders at its new place.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.chapter-drag[data-chapter-id="${CSS.escape(moved.id)}"]`)?.focus());
  }

  function handleKeyDown(event: KeyboardEvent, index: number) {
    if (!canEdit || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  }

  function handleHandleKey(event: KeyboardEvent, index: number) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  }

  /** Where the dragged chapter would land, for the drop line: above or below the row. */
  function dropSide(index: number): 'before' | 'after' | undefined {
    if (!drag || drag.over !== index || drag.from === index) return undefined;
    return drag.from < index ? 'after' : 'before';
  }

  async function handleRename(id: string) {
    await commands.renameChapter(id, draft.trim());
    setRenaming(null);
  }

  return (
    <nav aria-label="Chapters" className="card chapter-nav">
      <h2 className={titleHidden ? 'visually-hidden' : 'card-title'}>Chapters</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ol className="chapter-list">
        {chapters.map((c, i) => (
          <li
            key={c.id}
            className="chapter-row"
            data-dragging={drag?.from === i}
            data-drop={dropSide(i)}
            onDragOver={(e: DragEvent) => {
              if (!drag) return;
              e.preventDefault();
              if (drag.over !== i) setDrag({ ...drag, over: i });
            }}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              if (drag) move(drag.from, i);
              setDrag(null);
            }}
          >
            {renaming === c.id ? (
              <form
                className="inline-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void handleRename(c.id);
                }}
              >
                <TextField
                  label="Chapter title"
                  value={draft}
                  maxLength={200}
                  autoFocus
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key !== 'Escape') return;
                    // Cancels the rename only, not the chapter drawer around it on a phone.
                    e.preventDefault();
                    e.stopPropagation();
                    setRenaming(null);
                  }}
                />
                <Button type="submit" size="sm">
                  Save
                </Button>
              </form>
            ) : (
              <>
                {canEdit && (
                  <button
                    type="button"
                    className="chapter-drag"
                    draggable
                    data-chapter-id={c.id}
                    aria-label={`Reorder ${c.title || 'Untitled'}, position ${i + 1} of ${chapters.length}. Use the up and down arrow keys to move it.`}
                    onKeyDown={(e) => handleHandleKey(e, i)}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', c.id);
                      setDrag({ from: i, over: null });
                    }}
                    onDragEnd={() => setDrag(null)}
                  >
                    ⠿
                  </button>
                )}
                <Link
                  to={`${base}/${c.id}`}
                  aria-current={c.id === activeId ? 'page' : undefined}
                  onKeyDown={(e) => handleKeyDown(e, i)}
                  title={canEdit ? 'Alt+↑ / Alt+↓ to move' : undefined}
                >
                  {c.title || 'Untitled'} <span className="chapter-words">· {c.wordCount.toLocaleString()}</span>
                  {openComments?.get(c.id) ? (
                    <span className="chapter-comments" data-testid="chapter-open-comments">
                      {' '}
                      · {openComments.get(c.id)}{' '}
                      <svg className="chapter-comments-icon" aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
                        <path d="M2 3h12v8H6l-3 3v-3H2z" fill="currentColor" />
                      </svg>
                      <span className="visually-hidden"> open comments</span>
                    </span>
                  ) : null}
                </Link>
                {canEdit && (
                  <span className="chapter-tools">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move ${c.title || 'Untitled'} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move ${c.title || 'Untitled'} down`}
                      disabled={i === chapters.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Rename ${c.title || 'Untitled'}`}
                      onClick={() => {
                        setDraft(c.title);
                        setRenaming(c.id);
                      }}
                    >
                      ✎
                    </button>
                    <button type="button" className="icon-button" aria-label={`Delete ${c.title || 'Untitled'}`} onClick={() => void handleDelete(c)}>
                      ✕
                    </button>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {canEdit && (
        <div className="card-footer">
          <Button variant="secondary" size="sm" onClick={() => void handleAdd()}>
            Add chapter
          </Button>
        </div>
      )}
    </nav>
  );
}
