/**
 * /publisher/isbn: the imprint's ISBN pool — how many are free and assigned, the import form with
 * its report, the ISBNs (hyphenated) filtered by state and paged in the URL, assign and release,
 * and the CSV export. Staff see the pool; the owner and managers change it (sync/roles.ts).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ISBN_STATES,
  isbnCsvPath,
  listIsbns,
  listMyImprints,
  releaseIsbn,
  type IsbnStateFilter,
  type MyImprint,
  type PoolIsbn,
} from '../../../sync/api/publisher-isbns';
import { canInImprint } from '../../../sync/roles';
import { call, errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, Button, EmptyState, LinkPager, Notice, Page, QueryState, SelectField, Table, formatDate, useToast, type Column } from '../../ui';
import { AssignDialog } from './assign-dialog';
import { IsbnImport } from './isbn-import';
import { publisherKey } from './publisher-api';
import './publisher.css';

const STATE_LABELS: Record<IsbnStateFilter, string> = { all: 'Every ISBN', free: 'Free', assigned: 'Assigned' };

function useFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const page = Number(params.get('page'));
  const filters = { state: ISBN_STATES.find((s) => s === raw) ?? 'all', page: Number.isInteger(page) && page > 0 ? page : 1 };
  const setState = (state: string) => {
    const next = new URLSearchParams(params);
    if (state === 'all') next.delete('state');
    else next.set('state', state);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, filters, setState, imprintParam: params.get('imprint') };
}

function ReleaseButton({ imprintId, isbn }: { imprintId: string; isbn: PoolIsbn }) {
  const qc = useQueryClient();
  const toast = useToast();
  const release = useMutation({
    mutationFn: () => call(releaseIsbn, { params: { imprintId, isbn: isbn.isbn } }),
    onSuccess: () => {
      toast(`${isbn.hyphenated} is free again.`, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: publisherKey(imprintId) });
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  return (
    <Button size="sm" variant="ghost" loading={release.isPending} onClick={() => release.mutate()} aria-label={`Release ${isbn.hyphenated}`}>
      Release
    </Button>
  );
}

function Onboarding({ canManage }: { canManage: boolean }) {
  return (
    <EmptyState title="No ISBNs yet">
      <p>
        ISBNs come from your country&apos;s ISBN agency, usually in blocks of 10, 100 or 1,000.{' '}
        {canManage
          ? 'Import yours above: the first ISBN of a block and how many it has, or a pasted list.'
          : 'Your imprint’s owner or a manager imports them here.'}{' '}
        Quire checks every check digit, keeps each ISBN to your imprint, and lets you give one to each book — one ISBN per edition.
      </p>
    </EmptyState>
  );
}

function Pool({ imprint }: { imprint: MyImprint }) {
  const { user } = useSession();
  const canManage = canInImprint(user, imprint.role, 'isbns:manage');
  const { params, filters, setState } = useFilters();
  const [assigning, setAssigning] = useState<PoolIsbn | null>(null);
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'isbns', filters),
    queryFn: ({ signal }) => call(listIsbns, { params: { imprintId: imprint.id }, query: filters, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<PoolIsbn>[] = [
    {
      key: 'isbn',
      header: 'ISBN',
      render: (i) => (
        <span className="isbn-number">
          <strong>{i.hyphenated}</strong>
          <span className="muted isbn-ten">{i.isbn10 ? `ISBN-10 ${i.isbn10}` : 'No ISBN-10 (979)'}</span>
        </span>
      ),
    },
    { key: 'state', header: 'State', render: (i) => (i.book ? <Badge tone="accent">Assigned</Badge> : <Badge tone="success">Free</Badge>) },
    {
      key: 'book',
      header: 'Book',
      render: (i) =>
        i.book ? (
          <span>
            {i.book.published ? <Link to={`/book/${encodeURIComponent(i.book.id)}`}>{i.book.title}</Link> : i.book.title}
            {i.assignedAt && <span className="muted isbn-ten">since {formatDate(i.assignedAt)}</span>}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (i) =>
        !i.book ? (
          <Button size="sm" variant="secondary" onClick={() => setAssigning(i)} aria-label={`Assign ${i.hyphenated}`}>
            Assign
          </Button>
        ) : i.book.published ? (
          <span className="muted">Published with it</span>
        ) : (
          <ReleaseButton imprintId={imprint.id} isbn={i} />
        ),
    });
  }

  return (
    <>
      {canManage ? <IsbnImport imprintId={imprint.id} /> : <Notice>Only the imprint&apos;s owner and managers can import and assign ISBNs.</Notice>}
      <QueryState query={query} what="Your ISBNs" lines={8}>
        {(data) => {
          const total = data.counts.free + data.counts.assigned;
          if (total === 0) return <Onboarding canManage={canManage} />;
          return (
            <section className="isbn-pool" aria-labelledby="isbn-pool-title" aria-busy={query.isFetching || undefined}>
              <div className="isbn-pool-head">
                <h2 id="isbn-pool-title">Your ISBNs</h2>
                <dl className="isbn-counts">
                  <div>
                    <dt>Free</dt>
                    <dd data-testid="isbn-free-count">{data.counts.free.toLocaleString('en')}</dd>
                  </div>
                  <div>
                    <dt>Assigned</dt>
                    <dd data-testid="isbn-assigned-count">{data.counts.assigned.toLocaleString('en')}</dd>
                  </div>
                </dl>
              </div>
              <div className="isbn-filters">
                <SelectField label="Show" value={filters.state} onChange={(e) => setState(e.target.value)}>
                  {ISBN_STATES.map((s) => (
                    <option key={s} value={s}>
                      {STATE_LABELS[s]}
                    </option>
                  ))}
                </SelectField>
                <a className="btn btn-secondary btn-md" href={isbnCsvPath(imprint.id)} download>
                  Export CSV
                </a>
              </div>
              <Table
                caption={`${imprint.name}'s ISBNs`}
                columns={columns}
                rows={data.items}
                rowKey={(i) => i.isbn}
                empty={filters.state === 'free' ? 'No free ISBNs: import more.' : 'No ISBNs in this state.'}
              />
              <LinkPager className="isbn-pager" page={data.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} params={params} />
            </section>
          );
        }}
      </QueryState>
      {assigning && <AssignDialog imprintId={imprint.id} isbn={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}

export function PublisherIsbnPage() {
  const { imprintParam } = useFilters();
  const [, setParams] = useSearchParams();
  const imprints = useQuery({ queryKey: ['publisher', 'imprints'], queryFn: ({ signal }) => call(listMyImprints, { signal }) });
  const chosen = imprints.data?.imprints.find((i) => i.id === imprintParam) ?? imprints.data?.imprints[0];
  return (
    <Page
      title="ISBNs"
      description={chosen ? `The ISBNs ${chosen.name} owns: import them, give each to a book, export the list.` : 'Your imprint’s ISBNs.'}
      wide
    >
      <QueryState query={imprints} what="Your imprints" lines={4}>
        {({ imprints: list }) =>
          !chosen ? (
            <EmptyState title="You're not part of an imprint yet">
              <p>ISBNs belong to an imprint. When an imprint&apos;s owner adds you, or your publisher application is approved, its ISBNs show here.</p>
            </EmptyState>
          ) : (
            <>
              {list.length > 1 && (
                <div className="isbn-filters">
                  <SelectField label="Imprint" value={chosen.id} onChange={(e) => setParams({ imprint: e.target.value }, { replace: true })}>
                    {list.map((i) => (
                      <option key={i.id} value={i.id}>
                        {i.name}
                      </option>
                    ))}
                  </SelectField>
                </div>
              )}
              <Pool key={chosen.id} imprint={chosen} />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
