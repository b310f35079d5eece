/** /store/publisher/{slug}: an imprint's public storefront, for everyone. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getPublicStorefront } from '../../../sync/api/publisher-storefront';
import { call } from '../../lib/api';
import { QueryState, usePageTitle } from '../../ui';
import { StorefrontView } from './storefront-view';

export function PublicStorefrontPage() {
  const { slug = '' } = useParams();
  const query = useQuery({ queryKey: ['storefront', slug], queryFn: ({ signal }) => call(getPublicStorefront, { params: { slug }, signal }) });
  usePageTitle(query.data?.storefront.name ?? 'Publisher');
  return (
    <div className="page page-wide">
      <QueryState query={query} what="This publisher's page" lines={8}>
        {({ storefront, books }) => <StorefrontView storefront={storefront} books={books} />}
      </QueryState>
    </div>
  );
}
