/**
 * The loading / offline / error frame around an online view: skeleton while loading, the
 * offline notice when the request could not reach the server, the server's message otherwise.
 * A server failure (500 with a digest) is rethrown so the failure page shows its digest.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';
import { Notice, Skeleton } from './feedback';
import { NeedsConnection } from './online';

export function QueryState<T>({ query, children, what, lines }: { query: UseQueryResult<T>; children: (data: T) => ReactNode; what?: string; lines?: number }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending) return <Skeleton lines={lines} />;
  const error = query.error;
  if (error instanceof ApiRequestError) {
    if (error.isNetwork) return <NeedsConnection what={what} />;
    if (error.status >= 500) throw error;
    return <Notice tone="error">{error.message}</Notice>;
  }
  throw error;
}
