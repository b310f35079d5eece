/** The signed-in account, from GET /api/auth/me, shared by every page through React Query. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../sync/api/session';
import { api } from './api';

export const SESSION_KEY = ['session'] as const;

export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => api.get<MeResponse>('/api/auth/me'),
    staleTime: 60_000,
    // Offline: keep whatever we last knew rather than signing the person out.
    retry: false,
  });
  return { user: query.data?.user ?? null, isLoading: query.isPending, error: query.error };
}

/** Call after sign-in, sign-out or a role change to refetch the session everywhere. */
export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: SESSION_KEY });
}
