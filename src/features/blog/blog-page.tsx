/**
 * `/blog`: published posts, newest first, ten to a page; `?tag=` filters by one tag and `?page=`
 * pages, both in the URL so a filtered page can be shared. The head tags crawlers read are the
 * server's (server/blog/meta.ts); the feeds are linked here for people.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { listBlogPosts, type BlogListResponse } from '../../../sync/api/blog';
import { call } from '../../lib/api';
import { EmptyState, LinkPager, QueryState, usePageTitle } from '../../ui';
import { PostCard, tagHref } from './post-card';
import './blog.css';

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function TagFilter({ tags, current }: { tags: BlogListResponse['tags']; current: string | null }) {
  if (tags.length === 0) return null;
  return (
    <nav className="blog-tag-filter" aria-label="Topics">
      <Link to="/blog" aria-current={current === null ? 'page' : undefined}>
        All posts
      </Link>
      {tags.map(({ tag, count }) => (
        <Link key={tag} to={tagHref(tag)} aria-current={current === tag ? 'page' : undefined}>
          #{tag} <span className="blog-tag-count">{count}</span>
        </Link>
      ))}
    </nav>
  );
}

function Posts({ data, tag, params }: { data: BlogListResponse; tag: string | null; params: URLSearchParams }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <TagFilter tags={data.tags} current={tag} />
      {data.posts.length === 0 ? (
        tag ? (
          <EmptyState title={`No posts tagged #${tag}`}>
            <p>
              <Link to="/blog">See every post</Link>
            </p>
          </EmptyState>
        ) : (
          <EmptyState title="No posts yet">
            <p>News, writing advice and reading notes will appear here.</p>
          </EmptyState>
        )
      ) : (
        <div className="blog-list">
          {data.posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      <LinkPager page={data.page} pages={pages} params={params} className="blog-pager" />
    </>
  );
}

export function BlogPage() {
  const [params] = useSearchParams();
  const tag = params.get('tag')?.trim().toLowerCase() || null;
  const page = pageOf(params.get('page'));
  usePageTitle(tag ? `Blog: #${tag}` : 'Blog');
  const query = useQuery({
    queryKey: ['blog', 'list', tag, page],
    queryFn: () => call(listBlogPosts, { query: { ...(tag ? { tag } : {}), page } }),
    staleTime: 60_000,
  });
  return (
    <div className="page blog-page">
      <header className="page-header">
        <div>
          <h1>{tag ? `Blog: #${tag}` : 'Blog'}</h1>
          <p className="page-description">News, writing advice and reading notes from Quire.</p>
        </div>
        <div className="page-actions blog-feeds">
          <a href="/blog/rss.xml" type="application/rss+xml">
            RSS feed
          </a>
          <a href="/blog/atom.xml" type="application/atom+xml">
            Atom feed
          </a>
        </div>
      </header>
      <QueryState query={query} what="The blog" lines={6}>
        {(data) => <Posts data={data} tag={tag} params={params} />}
      </QueryState>
    </div>
  );
}
