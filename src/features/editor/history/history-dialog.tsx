/**
 * The History dialog of a chapter: save a named version, the list of versions, and one version
 * read-only with Restore. History lives on the server (it is taken there), so it needs a
 * connection; offline the dialog says so and the editor keeps working on its local copy.
 */
import { useState } from 'react';
import { mayOnManuscript } from '../../../../sync/manuscripts/policy';
import { Dialog, Notice, OnlineOnly, QueryState, useOnline } from '../../../ui';
import { SaveVersionForm } from './save-version-form';
import { VersionList } from './version-list';
import { VersionView } from './version-view';
import { useVersions } from './versions-api';
import './history.css';

function HistoryBody({ chapterId, onClose }: { chapterId: string; onClose: () => void }) {
  const query = useVersions(chapterId);
  const online = useOnline();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="history">
      {/* Offline with nothing loaded: the connection notice; with a list loaded before: keep it, say why it may be stale. */}
      <OnlineOnly loaded={query.data !== undefined} what="History">
        {!online && (
          <Notice tone="warning" title="You're offline">
            History needs a connection: this list may be out of date, and saving or restoring waits until you're back online. Your writing is saved on this
            device meanwhile.
          </Notice>
        )}
        <QueryState query={query} what="History" lines={5}>
          {({ role, versions, truncated }) => {
            const canEdit = mayOnManuscript(role, 'save-version');
            const current = versions.find((v) => v.id === selected) ?? null;
            return (
              <>
                {canEdit && <SaveVersionForm chapterId={chapterId} />}
                <div className={versions.length > 0 ? 'history-columns' : undefined}>
                  <VersionList versions={versions} truncated={truncated} selected={current?.id ?? null} onSelect={setSelected} />
                  {current ? (
                    <VersionView
                      key={current.id}
                      chapterId={chapterId}
                      summary={current}
                      canEdit={canEdit}
                      onRestored={onClose}
                      onDeleted={() => setSelected(null)}
                    />
                  ) : (
                    versions.length > 0 && <p className="history-hint">Choose a version to read it{canEdit ? ' or restore it' : ''}.</p>
                  )}
                </div>
              </>
            );
          }}
        </QueryState>
      </OnlineOnly>
    </div>
  );
}

export function HistoryDialog({ chapterId, chapterTitle, open, onClose }: { chapterId: string; chapterTitle: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={`History of ${chapterTitle}`}>
      {open && <HistoryBody chapterId={chapterId} onClose={onClose} />}
    </Dialog>
  );
}
