/**
 * /editor/:manuscriptId[/:chapterId] — one manuscript: the open chapter on a wide centred page
 * (about 70 characters a line), the chapter list on its left and the chapter's comments on its
 * right, each of which the writer may hide (kept per device). On a phone the text comes first:
 * the chapter list is a drawer and the comments follow the text.
 * Open to any signed-in co-author (a reader invited as editor writes here too): the manuscript is
 * only on this device when its owner shared it, and the server checks the role of every write.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { manuscriptRole, mayOnManuscript } from '../../../sync/manuscripts/policy';
import { useSession } from '../../lib/session';
import { Badge, Button, EmptyState, LinkButton, Skeleton, usePageTitle } from '../../ui';
import { ChapterDrawer } from './chapter-drawer';
import { ChapterPane } from './chapter-pane';
import { ChapterSidebar } from './chapter-sidebar';
import { CoAuthorsDialog } from './co-authors-dialog';
import { openThreadCounts } from './comments-model';
import { ManuscriptTitle } from './manuscript-title';
import { useCommentAudience, useManuscriptComments } from './use-comments';
import { totalWords, useChapters, useManuscript } from './use-manuscripts';
import { useMediaQuery, usePanel } from './editor-panels';
import { WritingBar } from './writing-bar';
import './editor.css';

/** Where the layout turns into the phone one (editor.css has the same width). */
const PHONE = '(max-width: 700px)';

export function ManuscriptPage() {
  const { manuscriptId = '', chapterId } = useParams();
  const { user } = useSession();
  const { manuscript, loading } = useManuscript(manuscriptId);
  const { chapters } = useChapters(manuscriptId);
  const [coAuthorsOpen, setCoAuthorsOpen] = useState(false);
  const role = manuscript && user ? manuscriptRole(manuscript, user.id) : null;
  const { comments, loading: commentsLoading } = useManuscriptComments(manuscriptId);
  const openComments = useMemo(() => openThreadCounts(comments), [comments]);
  useCommentAudience(manuscript, comments, role === 'owner');
  const active = chapters.find((c) => c.id === chapterId) ?? null;
  const phone = useMediaQuery(PHONE);
  const [chaptersOpen, setChaptersOpen] = usePanel('chapters');
  const [commentsOpen, setCommentsOpen] = usePanel('comments');
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A chosen chapter closes the drawer; so does leaving the phone layout (rotation, resize).
  useEffect(() => setDrawerOpen(false), [chapterId, phone]);

  usePageTitle(manuscript?.title ?? '');
  const showComments = useCallback(() => setCommentsOpen(true), [setCommentsOpen]);

  if (loading || !user)
    return (
      <div className="page">
        <Skeleton lines={6} />
      </div>
    );
  if (!manuscript || !role) {
    return (
      <div className="page">
        <EmptyState
          level={1}
          title="Manuscript not found"
          action={
            <LinkButton to="/editor" variant="secondary">
              All manuscripts
            </LinkButton>
          }
        >
          <p>It may have been deleted, or you are no longer a co-author. If it was shared a moment ago, it appears here once this device has synced.</p>
        </EmptyState>
      </div>
    );
  }
  if (!chapterId && chapters[0]) return <Navigate to={`/editor/${manuscript.id}/${chapters[0].id}`} replace />;

  const words = totalWords(chapters);
  const canEdit = mayOnManuscript(role, 'edit-chapters');
  const sidebar = (
    <ChapterSidebar
      manuscript={manuscript}
      chapters={chapters}
      activeId={active?.id ?? null}
      canEdit={canEdit}
      openComments={openComments}
      titleHidden={!phone}
    />
  );
  const bar = (
    <WritingBar
      phone={phone}
      chaptersOpen={phone ? drawerOpen : chaptersOpen}
      onChapters={() => (phone ? setDrawerOpen(true) : setChaptersOpen(!chaptersOpen))}
      comments={active ? { open: commentsOpen, count: openComments.get(active.id) ?? 0, onToggle: () => setCommentsOpen(!commentsOpen) } : undefined}
    />
  );
  return (
    <div className="page page-writing">
      <header className="page-header writing-header">
        <div>
          <h1>{manuscript.title}</h1>
          <p className="page-description" data-testid="manuscript-words">
            {words.toLocaleString()} words{manuscript.wordGoal ? ` of ${manuscript.wordGoal.toLocaleString()}` : ''} · <Badge>{role}</Badge>
          </p>
        </div>
        <div className="page-actions">
          {canEdit && <ManuscriptTitle manuscript={manuscript} />}
          <Button variant="secondary" size="sm" onClick={() => setCoAuthorsOpen(true)}>
            Co-authors ({manuscript.members.length})
          </Button>
        </div>
      </header>
      <div className="editor-layout" data-chapters={chaptersOpen ? 'open' : 'closed'} data-comments={active && (phone || commentsOpen) ? 'open' : 'closed'}>
        <div className="editor-side editor-side-start">
          {!phone && (
            <div id="chapter-panel" hidden={!chaptersOpen}>
              {sidebar}
            </div>
          )}
        </div>
        {active ? (
          <ChapterPane
            key={active.id}
            chapter={active}
            role={role}
            user={user}
            manuscript={manuscript}
            comments={comments}
            commentsLoading={commentsLoading}
            bar={bar}
            commentsOpen={phone || commentsOpen}
            onOpenComments={showComments}
          />
        ) : (
          <div className="writing-column">
            {bar}
            <EmptyState title={chapterId ? 'Chapter not found' : 'No chapters yet'}>
              <p>{canEdit ? 'Add a chapter to start writing.' : 'The authors have not added a chapter yet.'}</p>
            </EmptyState>
          </div>
        )}
      </div>
      {phone && (
        <ChapterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          {sidebar}
        </ChapterDrawer>
      )}
      <CoAuthorsDialog manuscript={manuscript} isOwner={role === 'owner'} open={coAuthorsOpen} onClose={() => setCoAuthorsOpen(false)} />
    </div>
  );
}
