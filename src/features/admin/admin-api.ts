/**
 * Queries and actions of the admin pages. Every action shows a toast and refreshes the admin
 * queries it may have changed; a 422 is handed back to the form so it can show field errors.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';

const ADMIN_KEY = ['admin'] as const;
export const adminKey = (...parts: unknown[]) => [...ADMIN_KEY, ...parts];

/** A mutation that toasts its outcome and refreshes every admin query on success. */
export function useAdminAction<V, R = unknown>(run: (vars: V) => Promise<R>, success: string | ((vars: V) => string)) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, vars) => {
      toast(typeof success === 'function' ? success(vars) : success, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: (error) => {
      // Field errors are shown next to the fields by the form itself.
      if (error instanceof ApiRequestError && error.status === 422 && Object.keys(error.fields).length) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}
