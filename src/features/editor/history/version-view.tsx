/**
 * One version, read-only: its rendered HTML (sanitised by the server when the version was taken),
 * what restoring it would change, and — for owners and editors — Restore (after a confirmation)
 * and, for named versions, Delete.
 */
import { useState } from 'react';
import type { VersionSummary } from '../../../../sync/api/versions';
import { Button, FormError, Notice, QueryState, formatDateTime, useOnline, useToast } from '../../../ui';
import { RenameVersionForm } from './rename-version-form';
import { versionAuthor, versionTitle, words } from './version-labels';
import { useDeleteVersion, useRestoreVersion, useVersion } from './versions-api';
import { errorMessage } from '../../../lib/api';

function ChangeSummary({ change }: { change: { added: number; removed: number } | null }) {
  if (!change) return null;
  if (change.added === 0 && change.removed === 0) return <p className="history-change">Same words as the current text.</p>;
  const parts = [
    change.added > 0 && (
      <>
        add{' '}
        <strong className="history-added" key="a">
          {words(change.added)}
        </strong>
      </>
    ),
    change.removed > 0 && (
      <>
        remove{' '}
        <strong className="history-removed" key="r">
          {words(change.removed)}
        </strong>
      </>
    ),
  ].filter(Boolean);
  return (
    <p className="history-change">
      Restoring it would {parts[0]}
      {parts[1] && <> and {parts[1]}</>} compared with the current text.
    </p>
  );
}

export function VersionView({
  chapterId,
  summary,
  canEdit,
  onRestored,
  onDeleted,
}: {
  chapterId: string;
  summary: VersionSummary;
  canEdit: boolean;
  onRestored: () => void;
  onDeleted: () => void;
}) {
  const query = useVersion(chapterId, summary.id);
  const restore = useRestoreVersion(chapterId);
  const remove = useDeleteVersion(chapterId);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const online = useOnline();
  const toast = useToast();
  const title = versionTitle(summary);

  function handleRestore() {
    restore.mutate(summary.id, {
      onSuccess: () => {
        toast(`Restored “${title}”.`, { tone: 'success' });
        onRestored();
      },
    });
  }

  function handleDelete() {
    remove.mutate(summary.id, {
      onSuccess: () => {
        toast(`Deleted version “${title}”.`);
        onDeleted();
      },
    });
  }

  return (
    <section className="history-view" aria-labelledby="history-view-title">
      <h3 id="history-view-title">{title}</h3>
      <p className="history-item-meta">
        {summary.kind === 'named' ? 'Saved' : 'Taken'} {formatDateTime(summary.createdAt)} · {versionAuthor(summary)} · {words(summary.wordCount)}
      </p>
      <QueryState query={query} what="This version" lines={6}>
        {(detail) => (
          <>
            <ChangeSummary change={detail.change} />
            {renaming && summary.name && <RenameVersionForm chapterId={chapterId} id={summary.id} name={summary.name} onDone={() => setRenaming(false)} />}
            {canEdit && !confirming && !renaming && (
              <div className="history-actions">
                <Button onClick={() => setConfirming(true)} disabled={!online}>
                  Restore this version
                </Button>
                {summary.kind === 'named' && (
                  <>
                    <Button variant="ghost" onClick={() => setRenaming(true)} disabled={!online}>
                      Rename
                    </Button>
                    <Button variant="ghost" onClick={handleDelete} loading={remove.isPending} disabled={!online}>
                      Delete version
                    </Button>
                  </>
                )}
              </div>
            )}
            {confirming && (
              <div className="history-confirm" role="group" aria-label="Confirm restore">
                <Notice tone="warning" title="Restore this version?">
                  The chapter's text is replaced with this version for everyone editing it. The current text is kept as a snapshot, so you can go back.
                </Notice>
                <div className="history-actions">
                  <Button onClick={handleRestore} loading={restore.isPending}>
                    Restore
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)} disabled={restore.isPending}>
                    Cancel
                  </Button>
                </div>
              </div>
            )}
            <FormError>{restore.isError ? errorMessage(restore.error) : remove.isError ? errorMessage(remove.error) : null}</FormError>
            {/* Server-rendered from the version and sanitised there (reader's allowlist); never the live editor. */}
            <article className="history-html" aria-label={`Text of ${title}`} data-testid="version-text" dangerouslySetInnerHTML={{ __html: detail.html }} />
          </>
        )}
      </QueryState>
    </section>
  );
}
