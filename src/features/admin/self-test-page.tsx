/** /admin/test (and /admin-test): run the server's self-test and show each check with its timing. */
import { useMutation } from '@tanstack/react-query';
import { runSelfTest } from '../../../sync/api/admin';
import { call, errorMessage } from '../../lib/api';
import { Badge, Button, Card, Notice, Page, formatDateTime } from '../../ui';
import './admin.css';

export function SelfTestPage() {
  const run = useMutation({ mutationFn: () => call(runSelfTest) });
  const result = run.data;
  const failed = result?.checks.filter((c) => !c.ok) ?? [];
  return (
    <Page
      title="Self-test"
      description="Checks the database, Redis (when instances share one), disk, mail transport, payment provider, job worker and live sockets of this server."
      actions={
        <Button loading={run.isPending} onClick={() => run.mutate()}>
          Run self-test
        </Button>
      }
    >
      {run.isError && <Notice tone="error">{errorMessage(run.error)}</Notice>}
      {!result && !run.isPending && !run.isError && <p className="muted">Nothing run yet. The job worker check can take up to 5 seconds.</p>}
      {run.isPending && <p role="status">Running checks…</p>}
      {result && (
        <Card title={failed.length ? `${failed.length} check${failed.length === 1 ? '' : 's'} failed` : 'All checks passed'}>
          <p className="muted">Ran {formatDateTime(result.ranAt)}</p>
          <ul className="admin-results" aria-label="Self-test results">
            {result.checks.map((c) => (
              <li key={c.name}>
                <span className="admin-check-name">{c.name}</span>
                {c.skipped ? <Badge>skipped</Badge> : c.ok ? <Badge tone="success">ok</Badge> : <Badge tone="danger">failed</Badge>}
                <span className="admin-check-detail">{c.detail}</span>
                <span className="admin-check-ms">{c.ms} ms</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Page>
  );
}
