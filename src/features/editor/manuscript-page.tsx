/**
 * /editor/:manuscriptId[/:chapterId] — one manuscript: the chapter sidebar and the open chapter.
 * Open to any signed-in co-author (a reader invited as editor writes here too): the manuscript is
 * only on this device when its owner shared it, and the server checks the role of every write.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { manuscriptRole, mayOnManuscript } from '../../../sync/manuscripts/policy';
import { useSession } from '../../lib/session';
import { Badge, Button, EmptyState, LinkButton, Page, Skeleton } from '../../ui';
import { ChapterPane } from './chapter-pane';
import { ChapterSidebar } from './chapter-sidebar';
import { CoAuthorsDialog } from './co-authors-dialog';
import { openThreadCounts } from './comments-model';
import { ManuscriptTitle } from './manuscript-title';
import { useCommentAudience, useManuscriptComments } from './use-comments';
import { totalWords, useChapters, useManuscript } from './use-manuscripts';
import './editor.css';

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

  useEffect(() => {
    if (manuscript) document.title = `${manuscript.title} · Quire`;
  }, [manuscript]);

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
  return (
    <Page
      wide
      title={manuscript.title}
      description={
        <span data-testid="manuscript-words">
          {words.toLocaleString()} words{manuscript.wordGoal ? ` of ${manuscript.wordGoal.toLocaleString()}` : ''} · <Badge>{role}</Badge>
        </span>
      }
      actions={
        <Button variant="secondary" onClick={() => setCoAuthorsOpen(true)}>
          Co-authors ({manuscript.members.length})
        </Button>
      }
    >
      {canEdit && <ManuscriptTitle manuscript={manuscript} />}
      <div className="editor-layout">
        <ChapterSidebar manuscript={manuscript} chapters={chapters} activeId={active?.id ?? null} canEdit={canEdit} openComments={openComments} />
        {active ? (
          <ChapterPane key={active.id} chapter={active} role={role} user={user} manuscript={manuscript} comments={comments} commentsLoading={commentsLoading} />
        ) : (
          <EmptyState title={chapterId ? 'Chapter not found' : 'No chapters yet'}>
            <p>{canEdit ? 'Add a chapter to start writing.' : 'The authors have not added a chapter yet.'}</p>
          </EmptyState>
        )}
      </div>
      <CoAuthorsDialog manuscript={manuscript} isOwner={role === 'owner'} open={coAuthorsOpen} onClose={() => setCoAuthorsOpen(false)} />
    </Page>
  );
}
