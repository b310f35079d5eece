/** /admin: the numbers that need attention, each a link to its queue. */
import { formatMoney } from '../../../sync/store/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getDashboard, type AdminDashboard } from '../../../sync/api/admin';
import { getAnalytics } from '../../../sync/api/analytics';
import { dayOf, presetRange, sum } from '../../../sync/analytics/days';
import { call } from '../../lib/api';
import { Card, Page, QueryState } from '../../ui';
import { adminKey } from './admin-api';
import { SparkStat } from './sparkline';
import './admin.css';

function Stat({ to, value, label, hint }: { to: string; value: number | string; label: string; hint?: string }) {
  return (
    <Link className="admin-stat" to={to}>
      <span className="admin-stat-value">{value}</span>
      <span className="admin-stat-label">{label}</span>
      {hint && <span className="admin-stat-hint">{hint}</span>}
    </Link>
  );
}

/** One labelled column a day: the count above its bar, the day (UTC) under the baseline. */
function SignUpChart({ days }: { days: AdminDashboard['users']['signUpsByDay'] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' });
  return (
    <figure className="admin-chart">
      <figcaption className="muted">Sign-ups per day, last 7 days (UTC)</figcaption>
      <ol className="admin-bars">
        {days.map((d) => (
          <li key={d.day} className="admin-bar-col" aria-label={`${d.day}: ${d.count} sign-up${d.count === 1 ? '' : 's'}`}>
            <span className="admin-bar-value" aria-hidden="true">
              {d.count}
            </span>
            <span className="admin-bar-plot" aria-hidden="true">
              <span className="admin-bar" style={{ height: `${(d.count / max) * 100}%` }} />
            </span>
            <span className="admin-bar-day" aria-hidden="true">
              {weekday(d.day)} {d.day.slice(8)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** The last 30 days from the analytics rollup, each a sparkline linking to its chart. */
function LastThirtyDays() {
  const range = presetRange('30d', dayOf(Date.now()));
  const query = useQuery({ queryKey: adminKey('analytics', range.from, range.to), queryFn: () => call(getAnalytics, { query: range }) });
  return (
    <Card title="Last 30 days" footer={<Link to="/admin/analytics">All analytics</Link>}>
      <QueryState query={query} what="The last 30 days" lines={2}>
        {(a) => {
          const revenue = a.revenue[0];
          return (
            <div className="admin-stats">
              <SparkStat to="/admin/analytics" value={String(sum(a.signUps.current))} label="Sign-ups" values={a.signUps.current} />
              <SparkStat
                to="/admin/analytics"
                value={String(Math.max(0, ...a.activeReaders.current))}
                label="Daily active readers (peak)"
                values={a.activeReaders.current}
              />
              <SparkStat
                to="/admin/analytics"
                value={revenue ? formatMoney(sum(revenue.revenueCents.current), revenue.currency) : '0'}
                label={revenue ? `Revenue (${revenue.currency})` : 'Revenue'}
                values={revenue?.revenueCents.current ?? a.orders.current}
              />
              <SparkStat
                to="/admin/analytics"
                value={`${Math.round(sum(a.readingSeconds.current) / 3600)} h`}
                label="Reading time"
                values={a.readingSeconds.current}
              />
            </div>
          );
        }}
      </QueryState>
    </Card>
  );
}

export function AdminDashboardPage() {
  const query = useQuery({ queryKey: adminKey('dashboard'), queryFn: () => call(getDashboard) });
  return (
    <Page title="Admin" description="What needs attention on Quire today." wide>
      <QueryState query={query} what="The admin dashboard" lines={6}>
        {(d) => (
          <>
            <h2 className="visually-hidden">Users</h2>
            <div className="admin-stats">
              <Stat to="/admin/users" value={d.users.total} label="Users" hint={`${d.users.newToday} new today`} />
              <Stat to="/admin/users" value={d.users.signUps7d} label="Sign-ups, last 7 days" />
              <Stat to="/admin/author-requests" value={d.requests.author} label="Pending author requests" />
              <Stat to="/admin/publisher-requests" value={d.requests.publisher} label="Pending publisher requests" />
              <Stat to="/admin/beta-requests" value={d.requests.beta} label="Pending beta requests" />
              <Stat to="/admin/debug-reports" value={d.debugReports.open} label="Open debug reports" />
            </div>
            <LastThirtyDays />
            <Card title="Sign-ups">
              <SignUpChart days={d.users.signUpsByDay} />
            </Card>
            <Card title="Queue health" footer={<Link to="/admin/test">Run the self-test</Link>}>
              <div className="admin-stats">
                <Stat to="/admin/test" value={d.jobs.queued} label="Queued jobs" />
                <Stat to="/admin/test" value={d.jobs.running} label="Running jobs" />
                <Stat to="/admin/test" value={d.jobs.dead} label="Dead jobs" hint={d.jobs.dead ? 'Failed after every retry' : 'None failed'} />
                <Stat to="/admin/test" value={d.jobs.done} label="Finished jobs" />
              </div>
              <p className="muted">Mail transport: {d.mail.transport === 'smtp' ? 'SMTP' : 'outbox only (no SMTP_URL set)'}.</p>
            </Card>
          </>
        )}
      </QueryState>
    </Page>
  );
}
