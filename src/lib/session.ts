/**
 * The signed-in account, from GET /api/auth/me, shared by every page through React Query.
 * The last answer is kept in localStorage so a signed-in person who starts Quire offline is
 * still signed in (the server remains the judge of every request once back online).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getMe, PageBootSchema, type Me, type MeResponse } from '../../sync/api/session';
import { ApiRequestError, call } from './api';

export const SESSION_KEY = ['session'] as const;
const STORAGE_KEY = 'quire-session';

function remembered(): Me | null {
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Me | null) ?? null;
  } catch {
    return null;
  }
}

function remember(res: MeResponse): MeResponse {
  if (res.user) localStorage.setItem(STORAGE_KEY, JSON.stringify(res.user));
  else localStorage.removeItem(STORAGE_KEY);
  return res;
}

async function fetchSession(): Promise<MeResponse> {
  try {
    return remember(await call(getMe));
  } catch (error) {
    if (error instanceof ApiRequestError && error.isNetwork) return { user: remembered() };
    throw error;
  }
}

export function useSession() {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: false });
  return { user: query.data?.user ?? null, isLoading: query.isPending, error: query.error };
}

/**
 * The session the page's HTML came with (server/site/pages.ts), so the first render draws the
 * right header and page without waiting for GET /api/auth/me, and the public answers the page
 * came with (drawn with them for a visitor), so the app starts with that page rather than a
 * loading state. The service worker's offline shell has none: then the session is
 * fetched as before.
 */
export function adoptPageBoot(queryClient: QueryClient, doc: Document = document) {
  const text = doc.getElementById('quire-boot')?.textContent;
  if (!text) return;
  const boot = PageBootSchema.safeParse(JSON.parse(text));
  if (!boot.success) return;
  queryClient.setQueryData(SESSION_KEY, remember(boot.data.session));
  for (const [key, data] of boot.data.queries ?? []) {
    queryClient.setQueryData(key, data);
    // Just drawn from the server's data: asking again as the page mounts would only repeat it.
    queryClient.setQueryDefaults(key, { staleTime: PAGE_DATA_FRESH_MS });
  }
}

/** How long answers that came with the page count as fresh (an edit anywhere in the app invalidates them sooner). */
const PAGE_DATA_FRESH_MS = 60_000;

/** The account as last known here, without waiting for the server: the session's answer, else the remembered one. */
export function knownUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<MeResponse>(SESSION_KEY)?.user?.id ?? remembered()?.id ?? null;
}

/** Call after sign-in, sign-out or a role change to refetch the session everywhere. */
export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: SESSION_KEY });
}

/** Forget the remembered account (sign-out). */
export function forgetSession() {
  localStorage.removeItem(STORAGE_KEY);
}
