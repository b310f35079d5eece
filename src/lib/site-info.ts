/** Public site info (name, sign-up mode, version) from GET /api/site; cached, offline-tolerant. */
import { useQuery } from '@tanstack/react-query';
import { getSiteInfo, type PublicSiteInfo } from '../../sync/api/site-info';
import { call } from './api';

export function useSiteInfo(): PublicSiteInfo | undefined {
  const q = useQuery({ queryKey: ['site'], queryFn: () => call(getSiteInfo), staleTime: 5 * 60_000 });
  return q.data;
}
