/**
 * /publisher/uploads: the imprint's upload history, newest first, and one upload opened with
 * `?upload=`: its progress while the job runs (polled), what became of each row, retrying the
 * failed rows, and the error report as CSV.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { getUpload, listUploads, retryUpload, uploadErrorsCsvPath, type UploadSummary } from '../../../sync/api/publisher-uploads';
import { call, errorMessage } from '../../lib/api';
import { Badge, Button, EmptyState, LinkButton, LinkPager, Notice, Page, QueryState, Table, formatDateTime, useToast, type Column } from '../../ui';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import { pageParam } from '../admin/pager';
import { PagedUploadRows, UploadCounts, UploadProgress, type RowsView } from './upload-report';
import './publisher.css';

const STATUS: Record<UploadSummary['status'], { label: string; tone: 'neutral' | 'success' | 'warning' | 'accent' }> = {
  checked: { label: 'Not started', tone: 'neutral' },
  queued: { label: 'Waiting', tone: 'accent' },
  running: { label: 'Importing', tone: 'accent' },
  done: { label: 'Finished', tone: 'success' },
};

const FORMATS = { csv: 'CSV', onix: 'ONIX 3.0', epub: 'EPUB' } as const;

function uploadHref(params: URLSearchParams, id: string | null) {
  const next = new URLSearchParams(params);
  next.delete('rows');
  next.delete('show');
  if (id) next.set('upload', id);
  else next.delete('upload');
  return `/publisher/uploads?${next.toString()}`;
}

function UploadView({ imprint, uploadId }: { imprint: MyImprint; uploadId: string }) {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const toast = useToast();
  // The rows' page and choice live in the URL (`rows`, `show`), apart from the history's `page`.
  const view: RowsView = { page: pageParam(params.get('rows')), show: params.get('show') === 'problems' ? 'problems' : 'all' };
  const setView = (next: RowsView) => {
    const p = new URLSearchParams(params);
    if (next.page > 1) p.set('rows', String(next.page));
    else p.delete('rows');
    if (next.show === 'problems') p.set('show', 'problems');
    else p.delete('show');
    setParams(p);
  };
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'uploads', uploadId, view),
    queryFn: ({ signal }) => call(getUpload, { params: { imprintId: imprint.id, uploadId }, query: view, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && ['queued', 'running'].includes(q.state.data.upload.status) ? 1000 : false),
  });
  const retry = useMutation({
    mutationFn: () => call(retryUpload, { params: { imprintId: imprint.id, uploadId } }),
    onSuccess: (answer) => {
      qc.setQueryData(publisherKey(imprint.id, 'uploads', uploadId, { page: 1, show: 'all' }), answer);
      void qc.invalidateQueries({ queryKey: publisherKey(imprint.id, 'uploads') });
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  return (
    <QueryState query={query} what="This upload" lines={6}>
      {(detail) => {
        const { upload } = detail;
        const busy = upload.status === 'queued' || upload.status === 'running';
        const errors = upload.counts.invalid + upload.counts.failed;
        return (
          <section className="upload-section" aria-labelledby="upload-detail-title" aria-busy={busy || undefined} data-status={upload.status}>
            <p>
              <Link to={uploadHref(params, null)}>← Every upload</Link>
            </p>
            <div className="isbn-pool-head">
              <h2 id="upload-detail-title">
                {upload.fileName} <Badge tone={STATUS[upload.status].tone}>{STATUS[upload.status].label}</Badge>
              </h2>
              <UploadCounts upload={upload} />
            </div>
            <p className="muted">
              {FORMATS[upload.format]}
              {upload.archiveName ? ` with ${upload.archiveName}` : ''}
              {upload.hasCover ? ' with a cover' : ''} · uploaded {formatDateTime(upload.createdAt)}
              {upload.uploader ? ` by ${upload.uploader}` : ''}
              {upload.finishedAt ? ` · finished ${formatDateTime(upload.finishedAt)}` : ''}
            </p>
            <UploadProgress upload={upload} />
            {upload.status === 'checked' && (
              <Notice>
                This upload was checked but not imported.{' '}
                {upload.kind === 'bulk' ? 'Upload the file again to import it.' : 'Upload the EPUB again to import it.'}
              </Notice>
            )}
            <div className="isbn-filters">
              {upload.status === 'done' && upload.counts.failed > 0 && (
                <Button onClick={() => retry.mutate()} loading={retry.isPending}>
                  Retry {upload.counts.failed === 1 ? 'the failed row' : `${upload.counts.failed} failed rows`}
                </Button>
              )}
              {errors > 0 && (
                <a className="btn btn-secondary btn-md" href={uploadErrorsCsvPath(imprint.id, upload.id)} download>
                  Download the error report (CSV)
                </a>
              )}
            </div>
            <PagedUploadRows detail={detail} caption={`Rows of ${upload.fileName}`} onView={setView} />
          </section>
        );
      }}
    </QueryState>
  );
}

function History({ imprint }: { imprint: MyImprint }) {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'uploads', 'page', page),
    queryFn: ({ signal }) => call(listUploads, { params: { imprintId: imprint.id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.uploads.some((u) => u.status === 'queued' || u.status === 'running') ? 2000 : false),
  });
  const columns: Column<UploadSummary>[] = [
    {
      key: 'file',
      header: 'Upload',
      render: (u) => (
        <span className="upload-book">
          <Link to={uploadHref(params, u.id)}>{u.fileName}</Link>
          <span className="muted">
            {FORMATS[u.format]}
            {u.archiveName ? ` + ${u.archiveName}` : ''}
          </span>
        </span>
      ),
    },
    { key: 'when', header: 'Uploaded', render: (u) => `${formatDateTime(u.createdAt)}${u.uploader ? ` by ${u.uploader}` : ''}` },
    { key: 'status', header: 'Status', render: (u) => <Badge tone={STATUS[u.status].tone}>{STATUS[u.status].label}</Badge> },
    {
      key: 'results',
      header: 'Results',
      render: (u) =>
        [
          `${u.counts.imported} imported`,
          u.counts.ready && u.status !== 'checked' ? `${u.counts.ready} to go` : '',
          u.counts.failed ? `${u.counts.failed} failed` : '',
          u.counts.invalid ? `${u.counts.invalid} not valid` : '',
        ]
          .filter(Boolean)
          .join(' · '),
    },
  ];
  return (
    <QueryState query={query} what="Your uploads" lines={6}>
      {(data) =>
        data.total === 0 ? (
          <EmptyState
            title="No uploads yet"
            action={
              <span className="isbn-filters">
                <LinkButton to="/publisher/upload-single">Upload a book</LinkButton>
                <LinkButton to="/publisher/upload-bulk" variant="secondary">
                  Bulk upload
                </LinkButton>
              </span>
            }
          >
            <p>Upload one EPUB, or many books at once from a CSV or ONIX file with a ZIP of EPUBs and covers. Each upload and its results show here.</p>
          </EmptyState>
        ) : (
          <section aria-busy={query.isFetching || undefined}>
            <Table caption={`${imprint.name}'s uploads`} columns={columns} rows={data.uploads} rowKey={(u) => u.id} />
            <LinkPager className="isbn-pager" page={data.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} params={params} />
          </section>
        )
      }
    </QueryState>
  );
}

export function PublisherUploadsPage() {
  const [params] = useSearchParams();
  const uploadId = params.get('upload');
  return (
    <Page
      title="Uploads"
      description="Every upload of your imprint, with what became of each row."
      actions={
        <span className="isbn-filters">
          <LinkButton to="/publisher/upload-single" variant="secondary">
            Upload a book
          </LinkButton>
          <LinkButton to="/publisher/upload-bulk" variant="secondary">
            Bulk upload
          </LinkButton>
        </span>
      }
      wide
    >
      <ImprintChoice>{(imprint) => (uploadId ? <UploadView imprint={imprint} uploadId={uploadId} /> : <History imprint={imprint} />)}</ImprintChoice>
    </Page>
  );
}
