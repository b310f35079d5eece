/**
 * One open chapter: its title, sync badge, presence and word count above the editor (the middle
 * column of the writing page), and its comment threads in the right-hand column, which the
 * writer may hide (kept mounted, so a half-written reply survives). The word count is written back to the chapter document (debounced)
 * so the sidebar and the manuscript total work offline and for people who never open the chapter.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { chapterDocName, CLOSE_CODES, type CollabRole } from '../../../sync/collab/close-codes';
import { mayOnManuscript } from '../../../sync/manuscripts/policy';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import type { ManuscriptComment } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import { Button, Notice } from '../../ui';
import { ChapterEditor } from './chapter-editor';
import { ChapterSyncBadge, PresenceAvatars } from './chapter-status';
import { CommentsPanel } from './comments-panel';
import { createdHere } from './created-here';
import { HistoryDialog } from './history/history-dialog';
import { useChapterConnection } from './use-chapter-connection';
import { useChapterComments } from './use-chapter-comments';
import { useManuscriptCommands } from './use-manuscript-commands';
import { chapterStoragePrefix } from './unsynced-chapters';
import { userColor } from './user-color';

const WORD_COUNT_DELAY_MS = 1500;

/** What a refused socket means for the person, by the server's close code. */
function RefusedNotice({ code }: { code: number | undefined }) {
  if (code === CLOSE_CODES.forbidden) {
    return (
      <Notice tone="error" title="You no longer have access">
        The owner removed you from this manuscript, so the chapter stopped syncing. Edits you made since then stay only on this device.
      </Notice>
    );
  }
  if (code === CLOSE_CODES.unauthenticated)
    return (
      <Notice tone="error" title="Signed out">
        Sign in again to keep this chapter in sync.
      </Notice>
    );
  if (code === CLOSE_CODES.unknownDocument)
    return (
      <Notice tone="error" title="Chapter gone">
        This chapter or its manuscript was deleted.
      </Notice>
    );
  return (
    <Notice tone="error" title="No access">
      The server refused this chapter.
    </Notice>
  );
}

interface Props {
  chapter: ManuscriptChapter;
  role: CollabRole;
  user: { id: string; username: string };
  manuscript: Manuscript;
  comments: ManuscriptComment[];
  commentsLoading: boolean;
  /** The strip above the page (panel toggles). */
  bar: ReactNode;
  commentsOpen: boolean;
  /** Shows the hidden comments (a click on commented words, or Ctrl+Alt+M, needs them). */
  onOpenComments(): void;
}

export function ChapterPane({ chapter, role, user, manuscript, comments, commentsLoading, bar, commentsOpen, onOpenComments }: Props) {
  const docName = chapterDocName(chapter.id);
  const connection = useChapterConnection(docName);
  const commands = useManuscriptCommands();
  const editable = mayOnManuscript(role, 'edit-text');
  const [historyOpen, setHistoryOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stored = useRef(chapter.wordCount);
  stored.current = chapter.wordCount;
  // Shown at once (the text loads from this device or the server after the page); stored a moment later.
  const [liveWords, setLiveWords] = useState<{ chapterId: string; words: number } | null>(null);
  const words = liveWords?.chapterId === chapter.id ? liveWords.words : chapter.wordCount;

  const handleWordCount = useCallback(
    (count: number) => {
      setLiveWords({ chapterId: chapter.id, words: count });
      if (!editable) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (count !== stored.current) void commands.setWordCount(chapter.id, count);
      }, WORD_COUNT_DELAY_MS);
    },
    [editable, commands, chapter.id],
  );
  useEffect(() => () => clearTimeout(timer.current), [chapter.id]);

  const comment = useChapterComments(chapter.id, manuscript, user, role, comments);
  const { anchorOptions, panel } = comment;
  // Commented words clicked, or a comment started from the keyboard, while the comments are hidden: show them.
  const anchors = useMemo(
    () => ({
      ...anchorOptions,
      onActivate(id: string) {
        anchorOptions.onActivate(id);
        if (commentsOpen) return;
        onOpenComments();
        requestAnimationFrame(() => document.getElementById(`thread-${id}`)?.scrollIntoView({ block: 'nearest' }));
      },
    }),
    [anchorOptions, commentsOpen, onOpenComments],
  );
  useEffect(() => {
    if (panel.draft && !commentsOpen) onOpenComments();
  }, [panel.draft, commentsOpen, onOpenComments]);

  return (
    <>
      <div className="writing-column">
        {bar}
        <section aria-labelledby="chapter-title" className="chapter-pane">
          <div className="chapter-head">
            <h2 id="chapter-title">{chapter.title || 'Untitled'}</h2>
            <div className="chapter-meta">
              <PresenceAvatars connection={connection} />
              <ChapterSyncBadge connection={connection} />
              <span data-testid="chapter-words">{words.toLocaleString()} words</span>
              <Button variant="secondary" size="sm" onClick={() => setHistoryOpen(true)}>
                History
              </Button>
            </div>
          </div>
          {!editable && (
            <Notice title="Read only">
              You can read this chapter{role === 'commenter' ? ' and comment on it' : ''}; only the owner and editors change its text.
            </Notice>
          )}
          {connection.status === 'refused' && <RefusedNotice code={connection.closeCode} />}
          <ChapterEditor
            key={chapter.id}
            label={`Text of ${chapter.title || 'this chapter'}`}
            editable={editable}
            onWordCount={handleWordCount}
            collab={{
              docName,
              name: user.username,
              color: userColor(user.id),
              storagePrefix: chapterStoragePrefix(user.id),
              bootstrap: createdHere(chapter.id),
            }}
            comments={anchors}
          />
        </section>
      </div>
      <div className="editor-side editor-side-end" id="comments-panel" hidden={!commentsOpen}>
        <CommentsPanel {...panel} manuscript={manuscript} userId={user.id} role={role} chapterId={chapter.id} loading={commentsLoading} />
      </div>
      <HistoryDialog chapterId={chapter.id} chapterTitle={chapter.title || 'Untitled'} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </>
  );
}
