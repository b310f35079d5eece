/** The Pending / Approved / Rejected tabs of a request queue; the tab lives in the URL. */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../ui';

export type QueueStatus = 'pending' | 'approved' | 'rejected';
const LABELS: Record<QueueStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export function useQueueStatus(): [QueueStatus, (s: QueueStatus) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: QueueStatus = raw === 'approved' || raw === 'rejected' ? raw : 'pending';
  return [status, (s) => setParams(s === 'pending' ? {} : { status: s }, { replace: true })];
}

export function RequestTabs({
  label,
  status,
  onChange,
  children,
}: {
  label: string;
  status: QueueStatus;
  onChange: (s: QueueStatus) => void;
  children: ReactNode;
}) {
  const tabs = (Object.keys(LABELS) as QueueStatus[]).map((id) => ({ id, label: LABELS[id], content: id === status ? children : null }));
  return <Tabs label={label} tabs={tabs} value={status} onChange={(id) => onChange(id as QueueStatus)} />;
}
