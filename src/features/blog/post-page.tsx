/**
 * `/blog/{slug}`: one published post. Reached by an old slug, the page moves to the current
 * address (the server answers such a page load with a 301; this covers the app's own navigation).
 * The body was sanitised by the server when it was saved, so it is rendered as HTML.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getBlogPost, type BlogPost } from '../../../sync/api/blog';
import { ApiRequestError, call } from '../../lib/api';
import { EmptyState, LinkButton, QueryState, usePageTitle } from '../../ui';
import { PostByline, PostTags } from './post-card';
import './blog.css';

function Post({ post }: { post: BlogPost }) {
  usePageTitle(post.title);
  return (
    <article className="blog-post" aria-labelledby="post-title">
      <p className="store-breadcrumb blog-breadcrumb">
        <Link to="/blog">Blog</Link> ›
      </p>
      <header className="blog-post-head">
        <h1 id="post-title">{post.title}</h1>
        <PostByline post={post} />
        <PostTags tags={post.tags} />
      </header>
      {post.coverUrl && <img className="blog-post-cover" src={post.coverUrl} alt="" />}
      {post.excerpt && <p className="blog-post-lede">{post.excerpt}</p>}
      <div className="blog-post-body" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <footer className="blog-post-foot">
        <Link to="/blog">← All posts</Link>
        <a href="/blog/rss.xml" type="application/rss+xml">
          Follow by RSS
        </a>
      </footer>
    </article>
  );
}

function Missing() {
  usePageTitle('Post not found');
  return (
    <EmptyState level={1} title="Post not found" action={<LinkButton to="/blog">See every post</LinkButton>}>
      <p>There's no published post at this address. It may have moved or not be out yet.</p>
    </EmptyState>
  );
}

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['blog', 'post', slug],
    queryFn: () => call(getBlogPost, { params: { slug } }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  const current = query.data?.slug;
  useEffect(() => {
    if (current && current !== slug) void navigate(`/blog/${encodeURIComponent(current)}`, { replace: true });
  }, [current, slug, navigate]);
  const missing = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <div className="page blog-post-page">
      {missing ? (
        <Missing />
      ) : (
        <QueryState query={query} what="This post" lines={10}>
          {(post) => <Post post={post} />}
        </QueryState>
      )}
    </div>
  );
}
