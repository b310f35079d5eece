/**
 * An upload's rows: the validation report before the import (each bad row with its reasons) and,
 * once imported, what became of each row — a page at a time (a file may have 50,000 rows), all of
 * them or only those with problems. Also the counts line and the import's progress.
 */
import type { UploadDetail, UploadItem, UploadItemsShown, UploadItemStatus, UploadSummary } from '../../../sync/api/publisher-uploads';
import { formatMoney } from '../../../sync/store/money';
import { Badge, Button, SelectField, Table, type Column } from '../../ui';

const STATUS: Record<UploadItemStatus, { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' | 'accent' }> = {
  invalid: { label: 'Not valid', tone: 'danger' },
  ready: { label: 'Ready', tone: 'accent' },
  imported: { label: 'Imported', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const ACTIONS = { new: 'New', update: 'Update', withdraw: 'Withdraw' } as const;

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function UploadCounts({ upload }: { upload: UploadSummary }) {
  const c = upload.counts;
  return (
    <dl className="isbn-counts upload-counts">
      {upload.status === 'checked' ? (
        <div>
          <dt>Ready</dt>
          <dd data-testid="upload-ready-count">{c.ready.toLocaleString('en')}</dd>
        </div>
      ) : (
        <div>
          <dt>Imported</dt>
          <dd data-testid="upload-imported-count">{c.imported.toLocaleString('en')}</dd>
        </div>
      )}
      <div>
        <dt>Not valid</dt>
        <dd data-testid="upload-invalid-count">{c.invalid.toLocaleString('en')}</dd>
      </div>
      {upload.status !== 'checked' && (
        <div>
          <dt>Failed</dt>
          <dd data-testid="upload-failed-count">{c.failed.toLocaleString('en')}</dd>
        </div>
      )}
    </dl>
  );
}

/** How far the job is: rows done of the rows it was given. */
export function UploadProgress({ upload }: { upload: UploadSummary }) {
  const c = upload.counts;
  const total = c.ready + c.imported + c.failed;
  const done = c.imported + c.failed;
  if (upload.status !== 'queued' && upload.status !== 'running') return null;
  return (
    <div className="upload-progress" role="status">
      <progress max={Math.max(1, total)} value={done} aria-label="Import progress" />
      <span>{upload.status === 'queued' ? 'Waiting to start…' : `Importing… ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`}</span>
    </div>
  );
}

function Reasons({ item }: { item: UploadItem }) {
  const lines = [...item.problems, ...(item.status === 'failed' ? [item.message] : []), ...item.warnings];
  if (item.status === 'imported') lines.unshift(item.message);
  if (lines.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="upload-reasons">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** Which page of an upload's rows is shown, and whether only the rows with problems. */
export interface RowsView {
  page: number;
  show: UploadItemsShown;
}

export const FIRST_ROWS: RowsView = { page: 1, show: 'all' };

/** The "Show" choice above the rows, and Previous / Next below them. */
function RowsPager({ detail, onView }: { detail: UploadDetail; onView: (view: RowsView) => void }) {
  const pages = Math.max(1, Math.ceil(detail.total / detail.pageSize));
  if (pages <= 1) return null;
  const from = (detail.page - 1) * detail.pageSize + 1;
  const to = Math.min(detail.total, detail.page * detail.pageSize);
  return (
    <nav className="isbn-pager" aria-label="Pages of rows">
      <Button variant="secondary" size="sm" disabled={detail.page <= 1} onClick={() => onView({ show: detail.show, page: detail.page - 1 })}>
        Previous
      </Button>
      <span>
        Rows {from.toLocaleString('en')}–{to.toLocaleString('en')} of {detail.total.toLocaleString('en')} · page {detail.page} of {pages.toLocaleString('en')}
      </span>
      <Button variant="secondary" size="sm" disabled={detail.page >= pages} onClick={() => onView({ show: detail.show, page: detail.page + 1 })}>
        Next
      </Button>
    </nav>
  );
}

/** The rows of one page, with the choice of rows and the pager when there is more than one page or a problem. */
export function PagedUploadRows({ detail, caption, onView }: { detail: UploadDetail; caption: string; onView: (view: RowsView) => void }) {
  const problems = detail.upload.counts.invalid + detail.upload.counts.failed;
  return (
    <>
      {(problems > 0 || detail.total > detail.pageSize) && detail.upload.kind === 'bulk' && (
        <div className="isbn-filters">
          <SelectField label="Show" value={detail.show} onChange={(e) => onView({ page: 1, show: e.target.value as UploadItemsShown })}>
            <option value="all">Every row</option>
            <option value="problems">Rows with problems ({problems.toLocaleString('en')})</option>
          </SelectField>
        </div>
      )}
      <UploadRows detail={detail} caption={caption} />
      <RowsPager detail={detail} onView={onView} />
    </>
  );
}

function UploadRows({ detail, caption }: { detail: UploadDetail; caption: string }) {
  const bulk = detail.upload.kind === 'bulk';
  const columns: Column<UploadItem>[] = [
    { key: 'row', header: bulk ? (detail.upload.format === 'onix' ? 'Product' : 'Line') : 'File', render: (i) => (bulk ? i.row : i.reference) },
    { key: 'isbn', header: 'ISBN', render: (i) => <code>{i.isbn || '—'}</code> },
    {
      key: 'book',
      header: 'Book',
      render: (i) =>
        i.title ? (
          <span className="upload-book">
            <strong>{i.title}</strong>
            <span className="muted">
              {[i.action ? ACTIONS[i.action] : '', i.authors.join(', '), i.priceCents !== null && i.currency ? formatMoney(i.priceCents, i.currency) : '']
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
        ) : (
          <span className="muted">{i.reference || '—'}</span>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (i) => <Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge>,
    },
    { key: 'reasons', header: 'Details', render: (i) => <Reasons item={i} /> },
  ];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={detail.items}
      rowKey={(i) => String(i.row)}
      empty={detail.show === 'problems' ? 'No row has a problem.' : 'The file had no rows.'}
    />
  );
}
