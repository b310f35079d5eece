/**
 * /admin/blog: every post with its state (draft, scheduled with its time, published with its
 * date), filtered by state and by words of the title or address, newest change first. The filter,
 * the words and the page live in the URL.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { BLOG_FILTERS, listAdminBlogPosts, type AdminBlogRow, type BlogFilter } from '../../../../sync/api/admin-blog';
import { call } from '../../../lib/api';
import { Badge, LinkButton, Page, QueryState, SelectField, Table, TextField, formatDateTime, type Column } from '../../../ui';
import { adminKey } from '../../admin/admin-api';
import { Pager, pageParam } from '../../admin/pager';
import { useSearchText } from '../../admin/use-search-text';
import { StateBadge } from './state-badge';
import '../../admin/admin.css';

const FILTER_LABELS: Record<BlogFilter, string> = { all: 'All posts', draft: 'Drafts', scheduled: 'Scheduled', published: 'Published' };

function when(post: AdminBlogRow): string {
  if (post.state === 'scheduled') return `Goes out ${formatDateTime(post.scheduledAt)}`;
  if (post.state === 'published') return `Published ${formatDateTime(post.publishedAt)}`;
  return `Edited ${formatDateTime(post.updatedAt)}`;
}

const columns: Column<AdminBlogRow>[] = [
  {
    key: 'post',
    header: 'Post',
    render: (p) => (
      <>
        <Link to={`/admin/blog/${p.id}/edit`}>{p.title}</Link>
        <span className="muted admin-block">/blog/{p.slug}</span>
      </>
    ),
  },
  {
    key: 'state',
    header: 'State',
    render: (p) => (
      <>
        <StateBadge state={p.state} />
        <span className="muted admin-block">{when(p)}</span>
      </>
    ),
  },
  { key: 'tags', header: 'Tags', render: (p) => (p.tags.length ? p.tags.map((t) => `#${t}`).join(' ') : '—') },
  { key: 'author', header: 'Author', render: (p) => p.authorName },
  {
    key: 'actions',
    header: 'Actions',
    render: (p) => (
      <div className="admin-actions">
        <LinkButton to={`/admin/blog/${p.id}/edit`} size="sm" variant="secondary" aria-label={`Edit ${p.title}`}>
          Edit
        </LinkButton>
        {p.state === 'published' && (
          <Link to={`/blog/${encodeURIComponent(p.slug)}`} aria-label={`View ${p.title} on the blog`}>
            View
          </Link>
        )}
      </div>
    ),
  },
];

export function AdminBlogPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state: BlogFilter = BLOG_FILTERS.find((f) => f === raw) ?? 'all';
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const update = (next: { state?: BlogFilter; q?: string; page?: number }) => {
    const s = next.state ?? state;
    const words = next.q ?? q;
    const p = next.page ?? 1;
    setParams({ ...(s === 'all' ? {} : { state: s }), ...(words ? { q: words } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };
  const [text, setText] = useSearchText(q, (words) => update({ q: words }));
  const query = useQuery({
    queryKey: adminKey('blog', state, q, page),
    queryFn: ({ signal }) => call(listAdminBlogPosts, { query: { state, ...(q ? { q } : {}), page }, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <Page
      title="Blog"
      description="Posts for /blog and its feeds: write, schedule, publish."
      wide
      actions={<LinkButton to="/admin/blog/new">New post</LinkButton>}
    >
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <TextField label="Search titles and addresses" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="State" value={state} onChange={(e) => update({ state: e.target.value as BlogFilter })}>
          {BLOG_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
              {query.data ? ` (${query.data.counts[f]})` : ''}
            </option>
          ))}
        </SelectField>
      </form>
      <QueryState query={query} what="The blog's posts" lines={6}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {data.total === 1 ? '1 post' : `${data.total} posts`}
              {data.counts.scheduled > 0 && state !== 'scheduled' && (
                <>
                  {' '}
                  · <Badge tone="accent">{data.counts.scheduled} scheduled</Badge>
                </>
              )}
            </p>
            <Table
              caption={`Blog posts: ${FILTER_LABELS[state].toLowerCase()}`}
              columns={columns}
              rows={data.posts}
              rowKey={(p) => p.id}
              empty={
                q
                  ? `No post's title or address matches “${q}”.`
                  : state === 'all'
                    ? 'No posts yet. Write the first one.'
                    : `No ${FILTER_LABELS[state].toLowerCase()}.`
              }
            />
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => update({ page: p })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
