/**
 * The home page's "From the blog": the three newest posts, shown only when there are any. Its own
 * chunk (home-page.tsx loads it lazily), so the first load of `/` stays within its budget.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { latestBlogPosts } from '../../../sync/api/blog';
import { call } from '../../lib/api';
import { PostCard } from './post-card';
import './blog.css';

export default function LatestPosts() {
  const query = useQuery({ queryKey: ['blog', 'latest'], queryFn: () => call(latestBlogPosts), staleTime: 60_000 });
  // Decoration of the shop front: nothing while loading, offline or failed, or with no posts.
  const posts = query.data?.posts ?? [];
  if (posts.length === 0) return null;
  return (
    <section className="home-shelf blog-latest" aria-labelledby="blog-latest-heading">
      <div className="blog-latest-head">
        <h2 id="blog-latest-heading">From the blog</h2>
        <Link to="/blog">All posts</Link>
      </div>
      <div className="blog-latest-list">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}
