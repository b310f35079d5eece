/**
 * Comment state of the open chapter, between the editor (anchors, selection, clicks on painted
 * words) and the comments sidebar (threads, draft, active thread).
 */
import { useEffect, useMemo, useState } from 'react';
import type { CollabRole } from '../../../sync/collab/close-codes';
import { mayComment, type ManuscriptComment } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { TextQuote } from '../../../sync/collections/text-quote';
import type { CommentAnchor } from './comment-anchors';
import type { CommentAnchorOptions } from './comment-anchors-plugin';
import { threadsOf } from './comments-model';
import { useCommentCommands } from './use-comments';

/** Comment state of the open chapter: its threads, the selection, the draft and the active thread. */
export function useChapterComments(
  chapterId: string,
  manuscript: Manuscript,
  user: { id: string; username: string },
  role: CollabRole,
  comments: ManuscriptComment[],
) {
  const canComment = mayComment(role);
  const author = useMemo(() => ({ id: user.id, username: user.username }), [user.id, user.username]);
  const commands = useCommentCommands(manuscript, author);
  const threads = useMemo(() => threadsOf(comments, chapterId), [comments, chapterId]);
  const [selection, setSelection] = useState<TextQuote | null>(null);
  const [draft, setDraft] = useState<TextQuote | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [located, setLocated] = useState<Set<string> | null>(null);

  // Open threads are painted, and the active one even when resolved (it was picked in the list).
  const anchors = useMemo<CommentAnchor[]>(
    () => threads.filter((t) => t.root.anchor && (!t.root.resolved || t.root.id === activeId)).map((t) => ({ id: t.root.id, quote: t.root.anchor! })),
    [threads, activeId],
  );

  // Ctrl+Alt+M (⌘⌥M) comments on the selection, from the keyboard.
  useEffect(() => {
    if (!canComment) return;
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.altKey && event.code === 'KeyM' && selection) {
        event.preventDefault();
        setDraft(selection);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canComment, selection]);

  const anchorOptions = useMemo<CommentAnchorOptions>(
    () => ({
      anchors,
      activeId,
      onSelection: setSelection,
      onLocated: setLocated,
      onActivate(id) {
        setActiveId(id);
        document.getElementById(`thread-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      },
    }),
    [anchors, activeId],
  );

  return {
    anchorOptions,
    panel: { canComment, threads, located, selection, draft, onDraft: setDraft, activeId, onActivate: setActiveId, commands },
  };
}
