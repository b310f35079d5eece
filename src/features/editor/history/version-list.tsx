/** The chapter's versions, newest first: when, what, who and how long. */
import type { VersionSummary } from '../../../../sync/api/versions';
import { Badge, EmptyState, formatDateTime, formatRelative } from '../../../ui';
import { versionAuthor, versionTitle, words } from './version-labels';

export function VersionList({
  versions,
  truncated,
  selected,
  onSelect,
}: {
  versions: VersionSummary[];
  truncated: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  if (versions.length === 0) {
    return (
      <EmptyState title="No versions yet">
        <p>Quire keeps a snapshot when someone starts editing and every hour while they write. Save a named version to mark a milestone.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="history-list" aria-label="Versions, newest first">
        {versions.map((v) => (
          <li key={v.id}>
            <button type="button" className="history-item" aria-current={v.id === selected ? 'true' : undefined} onClick={() => onSelect(v.id)}>
              <span className="history-item-title">
                {versionTitle(v)} <Badge tone={v.kind === 'named' ? 'accent' : 'neutral'}>{v.kind === 'named' ? 'Named' : 'Auto'}</Badge>
              </span>
              <span className="history-item-meta">
                <time dateTime={new Date(v.createdAt).toISOString()} title={formatDateTime(v.createdAt)}>
                  {formatDateTime(v.createdAt)} · {formatRelative(v.createdAt)}
                </time>
              </span>
              <span className="history-item-meta">
                {versionAuthor(v)} · {words(v.wordCount)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {truncated && <p className="field-hint">Older versions are not shown.</p>}
    </>
  );
}
