/** Public site info (name, sign-up mode, version) from GET /api/site; cached, offline-tolerant. */
import { useQuery } from '@tanstack/react-query';
import type { PublicSiteInfo } from '../../sync/api/site';
import { api } from './api';

export function useSiteInfo(): PublicSiteInfo | undefined {
  const q = useQuery({ queryKey: ['site'], queryFn: () => api.get<PublicSiteInfo>('/api/site'), staleTime: 5 * 60_000 });
  return q.data;
}
