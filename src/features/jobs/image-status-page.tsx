/**
 * /admin/image-system-status: the image pipeline (server/images) — variants done, pending and
 * failed, the image jobs in the queue, formats and the bytes they take, the widths made, the
 * latest failures and "reprocess failed".
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getImageSystemStatus, reprocessFailedImages, type ImageSystemStatus, type VariantFailure } from '../../../sync/api/admin-jobs';
import { formatBytes } from '../../../sync/text/bytes';
import { call } from '../../lib/api';
import { Button, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { adminKey, useAdminAction } from '../admin/admin-api';
import '../admin/admin.css';
import './jobs.css';
import { Stat } from './job-stat';

const REFRESH_MS = 5_000;

const failureColumns: Column<VariantFailure>[] = [
  { key: 'image', header: 'Original', render: (f) => <code title={f.sourceHash}>{f.sourceHash.slice(0, 12)}</code> },
  { key: 'variant', header: 'Variant', render: (f) => `${f.format.toUpperCase()}, ${f.width} px` },
  { key: 'error', header: 'Error', render: (f) => <span className="jobs-error">{f.error}</span> },
  { key: 'when', header: 'Failed', render: (f) => formatDateTime(f.updatedAt) },
];

const formatColumns: Column<ImageSystemStatus['formats'][number]>[] = [
  { key: 'format', header: 'Format', render: (f) => f.format.toUpperCase() },
  { key: 'done', header: 'Variants', render: (f) => f.done },
  { key: 'bytes', header: 'Size', render: (f) => formatBytes(f.bytes) },
];

function ReprocessButton({ failed }: { failed: number }) {
  // The toast counts what the page showed as failed: the server resets exactly those.
  const action = useAdminAction(() => call(reprocessFailedImages), `${failed} failed variant${failed === 1 ? '' : 's'} queued again.`);
  return (
    <Button variant="secondary" loading={action.isPending} disabled={failed === 0} onClick={() => action.mutate(undefined)}>
      Reprocess failed ({failed})
    </Button>
  );
}

export function ImageSystemStatusPage() {
  const query = useQuery({ queryKey: adminKey('image-system-status'), queryFn: () => call(getImageSystemStatus), refetchInterval: REFRESH_MS });
  return (
    <Page
      title="Image system"
      description={
        <>
          WebP and AVIF copies of covers and uploaded images at the widths the store, library and files pages show, made by jobs in the{' '}
          <Link to="/admin/queue-status">job queue</Link>.
        </>
      }
      actions={query.data ? <ReprocessButton failed={query.data.variants.failed} /> : undefined}
      wide
    >
      <QueryState query={query} what="The image system" lines={6}>
        {(s) => (
          <>
            <div className="admin-stats">
              <Stat value={s.variants.done} label="Variants done" hint={`of ${s.originals} original${s.originals === 1 ? '' : 's'}`} />
              <Stat value={s.variants.pending} label="Pending" />
              <Stat value={s.variants.failed} label="Failed" alert={s.variants.failed > 0} hint={s.variants.failed ? 'Reprocess them above' : 'None'} />
              <Stat value={s.queue.queued + s.queue.running} label="Image jobs in the queue" hint={`${s.queue.running} running, ${s.queue.dead} failed`} />
              <Stat value={formatBytes(s.storageBytes)} label="Storage used by variants" />
            </div>
            <section aria-labelledby="images-formats">
              <h2 id="images-formats" className="admin-section-title">
                Formats
              </h2>
              <Table caption="Variants by format" columns={formatColumns} rows={s.formats} rowKey={(f) => f.format} />
              <p className="muted jobs-widths">
                Widths made: covers {s.widths.covers.join(', ')} px; uploaded images and the images inside books {s.widths.uploads.join(', ')} px — never wider
                than the original. SVG and GIF images are shown as they are.
              </p>
            </section>
            <section aria-labelledby="images-failures">
              <h2 id="images-failures" className="admin-section-title">
                Failures
              </h2>
              <Table
                caption="Variants that failed"
                columns={failureColumns}
                rows={s.failures}
                rowKey={(f) => `${f.sourceHash}-${f.format}-${f.width}`}
                empty="No variant has failed."
              />
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
