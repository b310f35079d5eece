/** The exports API through react-query: the list (polled while an export is on its way) and the commands. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteExport, listExports, startExport, type ExportsResponse } from '../../../sync/api/exports';
import type { ExportFormat, ExportSource } from '../../../sync/exports/rules';
import { call } from '../../lib/api';

const EXPORTS_KEY = ['exports'] as const;
const POLL_MS = 1000;

export function useExports() {
  return useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: () => call(listExports),
    // Progress comes from the job's row: ask again while any export is queued or running.
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.state === 'queued' || e.state === 'running') ? POLL_MS : false),
  });
}

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { source: ExportSource; id?: string; format: ExportFormat }) => call(startExport, { body: input }),
    onSuccess: ({ export: item }) => {
      client.setQueryData<ExportsResponse>(EXPORTS_KEY, (old) => (old ? { ...old, exports: [item, ...old.exports] } : old));
      void client.invalidateQueries({ queryKey: EXPORTS_KEY });
    },
  });
}

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteExport, { params: { id } }),
    onSuccess: (_, id) => {
      client.setQueryData<ExportsResponse>(EXPORTS_KEY, (old) => (old ? { ...old, exports: old.exports.filter((e) => e.id !== id) } : old));
    },
  });
}
