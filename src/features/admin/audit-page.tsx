/** /admin/audit: the append-only log, filtered through the URL, with a CSV export of the same filter. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_CSV_PATH, listAudit, type AuditRow } from '../../../sync/api/admin';
import { toSearch } from '../../../sync/api/contract';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Page, QueryState, Table, TextField, formatDateTime, type Column } from '../../ui';
import { adminKey } from './admin-api';
import { Pager, pageParam } from './pager';
import './admin.css';

const FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
}

const columns: Column<AuditRow>[] = [
  { key: 'at', header: 'When', render: (r) => formatDateTime(r.at) },
  { key: 'actor', header: 'Actor', render: (r) => r.actorLabel },
  { key: 'action', header: 'Action', render: (r) => <code>{r.action}</code> },
  { key: 'target', header: 'Target', render: (r) => <AuditTarget row={r} /> },
  { key: 'detail', header: 'Detail', render: (r) => (Object.keys(r.detail).length ? <span className="admin-detail">{JSON.stringify(r.detail)}</span> : '—') },
  { key: 'ip', header: 'IP', render: (r) => r.ip || '—' },
];

/** The target by name (server/admin/audit-targets.ts), linking to its page when it has one; its type and id on hover. */
function AuditTarget({ row }: { row: AuditRow }) {
  const { target } = row;
  if (!target) return '—';
  const id = `${row.targetType} ${row.targetId}`.trim();
  if (target.link)
    return (
      <Link to={target.link} title={id}>
        {target.label}
      </Link>
    );
  return (
    <span title={id} className={target.gone ? 'admin-target-gone' : undefined}>
      {target.label}
    </span>
  );
}

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = pageParam(params.get('page'));
  const [draft, setDraft] = useState<Filters>(applied);
  const query = useQuery({
    queryKey: adminKey('audit', applied, page),
    queryFn: () => call(listAudit, { query: { ...applied, page: page > 1 ? page : undefined } }),
    placeholderData: keepPreviousData,
  });
  const fields = fieldErrorsOf(query.error);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    setParams(toSearch(Object.fromEntries(FILTERS.map((k) => [k, draft[k].trim()]))), { replace: true });
  }
  function handleClear() {
    setDraft(readFilters(new URLSearchParams()));
    setParams({}, { replace: true });
  }
  const field = (key: keyof Filters, label: string, type = 'text') => (
    <TextField label={label} type={type} value={draft[key]} error={fields[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
  );

  return (
    <Page
      title="Audit log"
      description="Every privileged action, oldest entries kept forever. Dates are UTC."
      wide
      actions={
        <a className="btn btn-secondary btn-md" href={AUDIT_CSV_PATH + toSearch(applied)} download>
          Export CSV
        </a>
      }
    >
      <form className="admin-filters" onSubmit={handleSubmit} aria-label="Filter the audit log">
        {field('actor', 'Actor')}
        {field('action', 'Action')}
        {field('target', 'Target')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <Button type="submit">Filter</Button>
        <Button variant="ghost" onClick={handleClear}>
          Clear
        </Button>
      </form>
      {Object.keys(fields).length > 0 ? null : (
        <QueryState query={query} what="The audit log" lines={8}>
          {(data) => (
            <>
              <p className="muted" aria-live="polite">
                {data.total === 1 ? '1 entry' : `${data.total} entries`}
              </p>
              <Table caption="Audit log" columns={columns} rows={data.items} rowKey={(r) => String(r.id)} empty="No entries match these filters." />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => setParams(toSearch({ ...applied, page: p }), { replace: true })}
              />
            </>
          )}
        </QueryState>
      )}
    </Page>
  );
}
