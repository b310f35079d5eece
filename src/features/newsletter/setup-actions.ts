/** Mutations of the setup page: toast the outcome, refresh the setup, leave 422s to the form. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupScope } from '../../../sync/api/newsletter';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';

export function useSetupAction<V, R>(scope: SetupScope, run: (vars: V) => Promise<R>, success: (result: R) => string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      toast(success(result), { tone: 'success' });
      void qc.invalidateQueries({ queryKey: ['newsletter', 'setup', scope] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 422 && Object.keys(error.fields).length) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}
