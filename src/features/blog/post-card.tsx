/** A post in a list: cover (or a lettered panel), title, date and author, excerpt, tags. */
import { Link } from 'react-router';
import type { BlogPostCard } from '../../../sync/api/blog';
import { formatDate } from '../../ui';

export const tagHref = (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`;

export function PostTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="blog-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagHref(tag)}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}

export function PostByline({ post }: { post: Pick<BlogPostCard, 'publishedAt' | 'authorName'> }) {
  return (
    <p className="blog-byline">
      <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDate(post.publishedAt)}</time> · {post.authorName}
    </p>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: BlogPostCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return (
    <article className="blog-card">
      {post.coverUrl ? (
        <img className="blog-card-cover" src={post.coverUrl} alt="" loading="lazy" />
      ) : (
        <div className="blog-card-cover blog-card-cover-blank" aria-hidden="true">
          {post.title.slice(0, 1)}
        </div>
      )}
      <div className="blog-card-text">
        <Heading className="blog-card-title">
          <Link to={href}>{post.title}</Link>
        </Heading>
        <PostByline post={post} />
        {post.excerpt && <p className="blog-card-excerpt">{post.excerpt}</p>}
        <PostTags tags={post.tags} />
      </div>
    </article>
  );
}
