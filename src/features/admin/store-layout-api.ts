/**
 * The /admin/store page's reads and writes. Every change answers with the whole layout, which
 * replaces the cached one at once; the store's own cached pages are refreshed so the admin's
 * next look at /store shows the change. Errors are toasted, except field errors a form shows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStoreLayout, type StoreLayout } from '../../../sync/api/admin-store';
import { ApiRequestError, call, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';
import { adminKey } from './admin-api';

const LAYOUT_KEY = adminKey('store-layout');

export function useStoreLayout() {
  return useQuery({ queryKey: LAYOUT_KEY, queryFn: () => call(getStoreLayout) });
}

export function useLayoutChange<V>(run: (vars: V) => Promise<StoreLayout>, success: string | ((vars: V) => string), formFields: string[] = []) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (layout, vars) => {
      qc.setQueryData(LAYOUT_KEY, layout);
      void qc.invalidateQueries({ queryKey: ['store'] });
      toast(typeof success === 'function' ? success(vars) : success, { tone: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && formFields.some((f) => f in error.fields)) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}
