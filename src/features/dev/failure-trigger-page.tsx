/**
 * `/dev/failure`: make Quire fail on purpose. `?kind=client` throws while rendering;
 * `?kind=server` calls a route that throws, and rethrows its error so the failure page shows
 * the server's digest. Both land in /admin/debug-reports.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { triggerFailure } from '../../../sync/api/dev';
import { call } from '../../lib/api';
import { LinkButton, Page, Skeleton } from '../../ui';

function ClientFailure(): never {
  throw new Error('Deliberate client failure for testing');
}

function ServerFailure() {
  const query = useQuery({ queryKey: ['dev', 'failure'], queryFn: () => call(triggerFailure), retry: false, gcTime: 0 });
  if (query.error) throw query.error;
  return <Skeleton label="Calling the failing route…" />;
}

export function FailureTriggerPage() {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  if (kind === 'client') return <ClientFailure />;
  if (kind === 'server') return <ServerFailure />;
  return (
    <Page title="Failure trigger" description="Check the failure page, its digest and the debug reports.">
      <div className="row">
        <LinkButton to="/dev/failure?kind=client" variant="danger">
          Throw a client failure
        </LinkButton>
        <LinkButton to="/dev/failure?kind=server" variant="danger">
          Trigger a server failure
        </LinkButton>
      </div>
    </Page>
  );
}
