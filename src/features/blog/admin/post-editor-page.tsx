/** /admin/blog/new and /admin/blog/{id}/edit: the post form, empty or with the stored post. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getAdminBlogPost } from '../../../../sync/api/admin-blog';
import { call } from '../../../lib/api';
import { Page, QueryState } from '../../../ui';
import { adminKey } from '../../admin/admin-api';
import { PostForm } from './post-form';

const back = <Link to="/admin/blog">← All posts</Link>;

export function NewBlogPostPage() {
  return (
    <Page title="New post" description={back} wide>
      <PostForm post={null} />
    </Page>
  );
}

export function EditBlogPostPage() {
  const { postId = '' } = useParams();
  // Not refetched behind the writer's back: the form holds their unsaved edits.
  const query = useQuery({
    queryKey: adminKey('blog-post', postId),
    queryFn: () => call(getAdminBlogPost, { params: { id: postId } }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <Page title={query.data ? `Edit: ${query.data.post.title}` : 'Edit post'} description={back} wide>
      <QueryState query={query} what="This post" lines={8}>
        {(data) => <PostForm key={data.post.id} post={data.post} />}
      </QueryState>
    </Page>
  );
}
