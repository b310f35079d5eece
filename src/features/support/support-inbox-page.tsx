/**
 * /admin/messages and /admin/messages/:userId — the support inbox: conversations people started
 * with "Quire support", filtered by status and assignee, and the open one with its messages, who
 * of the staff wrote each reply, the reply box (sent as the team) and the status and assignee.
 * Live: the server announces every change to staff on the sync stream (a 'support' topic), and
 * the page then asks again — the list and the open conversation — as it does after a reconnect.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { listSupportConversations, type SupportConversationRow, type SupportQuery } from '../../../sync/api/admin-support';
import { SUPPORT_STATUSES } from '../../../sync/support/support';
import { useServerTopic } from '../../db/server-topics';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, EmptyState, Page, QueryState, SelectField, formatRelative } from '../../ui';
import { adminKey } from '../admin/admin-api';
import { SupportThread } from './support-thread';
import { STATUS_LABELS, STATUS_TONES } from './support-status';
import './support.css';

type StatusFilter = NonNullable<SupportQuery['status']>;
const STATUS_FILTERS: StatusFilter[] = [...SUPPORT_STATUSES, 'all'];

function ConversationItem({ row, active, search }: { row: SupportConversationRow; active: boolean; search: string }) {
  return (
    <li>
      <Link
        to={`/admin/messages/${row.userId}${search}`}
        className={`support-item${active ? ' support-item-active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <span className="support-item-top">
          <strong>{row.person.displayName}</strong>
          <time dateTime={new Date(row.lastMessageAt).toISOString()}>{formatRelative(row.lastMessageAt)}</time>
        </span>
        <span className="support-item-preview">
          {row.lastFromStaff ? 'Team: ' : ''}
          {row.lastPreview}
        </span>
        <span className="support-item-meta">
          <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
          <span className="muted">{row.assignee ? `Assigned to ${row.assignee.displayName}` : 'Unassigned'}</span>
        </span>
      </Link>
    </li>
  );
}

export function SupportInboxPage() {
  const { userId } = useParams();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const status = (STATUS_FILTERS as string[]).includes(params.get('status') ?? '') ? (params.get('status') as StatusFilter) : 'open';
  const assignee = params.get('assignee') ?? '';
  const query = useQuery({
    queryKey: adminKey('support', status, assignee),
    queryFn: ({ signal }) => call(listSupportConversations, { query: { status, assignee }, signal }),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  useServerTopic('support', () => void queryClient.invalidateQueries({ queryKey: adminKey('support') }));
  const search = params.toString() ? `?${params.toString()}` : '';
  const setFilter = (key: 'status' | 'assignee', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const counts = query.data?.counts;

  return (
    <Page title="Support inbox" description="Messages people sent to “Quire support” from /messages. Replies go out as the team." wide>
      <div className="support-layout">
        <section className="support-list" aria-labelledby="support-list-title">
          <h2 id="support-list-title" className="visually-hidden">
            Conversations
          </h2>
          <div className="support-filters">
            <SelectField label="Status" value={status} onChange={(e) => setFilter('status', e.target.value === 'open' ? '' : e.target.value)}>
              {STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? 'All' : `${STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`}
                </option>
              ))}
            </SelectField>
            <SelectField label="Assignee" value={assignee} onChange={(e) => setFilter('assignee', e.target.value)}>
              <option value="">Anyone</option>
              <option value="mine">Me</option>
              <option value="none">Nobody</option>
              {(query.data?.staff ?? [])
                .filter((s) => s.id !== user?.id)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.displayName}
                  </option>
                ))}
            </SelectField>
          </div>
          <QueryState query={query} what="Conversations" lines={4}>
            {({ items }) =>
              items.length === 0 ? (
                <EmptyState title="No conversations here">
                  <p>{status === 'open' ? 'Nobody is waiting for an answer.' : 'Try another status or assignee.'}</p>
                </EmptyState>
              ) : (
                <ul className="support-items" aria-label="Conversations" aria-busy={query.isFetching}>
                  {items.map((row) => (
                    <ConversationItem key={row.userId} row={row} active={row.userId === userId} search={search} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </section>
        <section className="support-main" aria-label="Conversation">
          {userId ? (
            <SupportThread key={userId} userId={userId} staff={query.data?.staff ?? []} backTo={`/admin/messages${search}`} />
          ) : (
            <EmptyState title="Pick a conversation">Its messages, the reply box, its status and assignee appear here.</EmptyState>
          )}
        </section>
      </div>
    </Page>
  );
}
