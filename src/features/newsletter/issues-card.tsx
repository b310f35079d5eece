/** A newsletter's issues with their results: recipients, sent, failed, unsubscribes. */
import { scheduleIssue, type IssueRow, type SetupScope } from '../../../sync/api/newsletter';
import { call } from '../../lib/api';
import { Badge, Button, Card, Table, formatDateTime, type Column } from '../../ui';
import { useSetupAction } from './setup-actions';

const STATUS = {
  draft: { tone: 'neutral', label: 'Draft' },
  scheduled: { tone: 'accent', label: 'Scheduled' },
  sending: { tone: 'warning', label: 'Sending' },
  sent: { tone: 'success', label: 'Sent' },
} as const;

function when(issue: IssueRow): string {
  if (issue.status === 'sent') return formatDateTime(issue.sentAt);
  if (issue.status === 'scheduled') return formatDateTime(issue.sendAt);
  return '—';
}

export function IssuesCard({ scope, issues, onEdit }: { scope: SetupScope; issues: IssueRow[]; onEdit: (id: string) => void }) {
  const cancel = useSetupAction(
    scope,
    (id: string) => call(scheduleIssue, { params: { scope, id }, body: { sendAt: null, cancel: true } }),
    () => 'Schedule cancelled: the issue is a draft again.',
  );
  const columns: Column<IssueRow>[] = [
    { key: 'subject', header: 'Subject', render: (i) => i.subject },
    { key: 'status', header: 'Status', render: (i) => <Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge> },
    { key: 'when', header: 'When', render: when },
    { key: 'recipients', header: 'Recipients', render: (i) => i.results.recipients },
    { key: 'sent', header: 'Sent', render: (i) => i.results.sent },
    { key: 'failed', header: 'Failed', render: (i) => i.results.failed },
    { key: 'unsubscribes', header: 'Unsubscribes', render: (i) => i.results.unsubscribes },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      render: (i) =>
        i.status === 'draft' || i.status === 'scheduled' ? (
          <div className="row">
            <Button size="sm" variant="secondary" onClick={() => onEdit(i.id)} aria-label={`Edit “${i.subject}”`}>
              Edit
            </Button>
            {i.status === 'scheduled' && (
              <Button size="sm" variant="ghost" loading={cancel.isPending && cancel.variables === i.id} onClick={() => cancel.mutate(i.id)}>
                Cancel schedule
              </Button>
            )}
          </div>
        ) : null,
    },
  ];
  return (
    <Card title="Issues">
      <Table caption="Issues" columns={columns} rows={issues} rowKey={(i) => i.id} empty="No issues yet: write the first one above." />
    </Card>
  );
}
