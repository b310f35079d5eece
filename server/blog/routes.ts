/**
 * The blog's API: /api/blog (public: published posts only) and /api/admin/blog (the writers'
 * tools, 'blog:write'). Every write is audited (commands.ts).
 */
import { Hono, type Context } from 'hono';
import * as admin from '../../sync/api/admin-blog';
import * as api from '../../sync/api/blog';
import type { AdminActor } from '../admin/actor';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { createPost, deletePost, savePost } from './commands';
import { adminPost, adminPosts, latestPosts, publishedPost, publishedPosts } from './queries';
import { normalizeTag } from '../../sync/blog/slug';
import { sanitizePostBody } from './sanitize';

export function blogRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const AT = '/api/blog';
  on(router, AT, api.listBlogPosts, (_c, { query }) => publishedPosts(ctx, query.tag ? normalizeTag(query.tag) : undefined, query.page ?? 1));
  on(router, AT, api.latestBlogPosts, async () => ({ posts: await latestPosts(ctx) }));
  on(router, AT, api.getBlogPost, async (_c, { params }) => {
    const post = await publishedPost(ctx, params.slug ?? '');
    if (!post) throw notFound('There is no post at this address.');
    return post;
  });
  return router;
}

function writer(c: Context<AppEnv>): AdminActor {
  const user = requirePermission(c, 'blog:write');
  return { actor: { id: user.id, username: user.username }, ip: c.get('ip') };
}

export function adminBlogRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const AT = '/api/admin/blog';
  const found = async (id: string) => {
    const post = await adminPost(ctx.db, id);
    if (!post) throw notFound('No such post.');
    return post;
  };
  on(router, AT, admin.listAdminBlogPosts, (c, { query }) => {
    writer(c);
    return adminPosts(ctx, query.state ?? 'all', query.q ?? '', query.page ?? 1);
  });
  on(router, AT, admin.getAdminBlogPost, async (c, { params }) => {
    writer(c);
    return { post: await found(params.id ?? '') };
  });
  on(router, AT, admin.createBlogPost, async (c, { body }) => {
    const id = await createPost(ctx, writer(c), body);
    return { post: await found(id) };
  });
  on(router, AT, admin.saveBlogPost, async (c, { params, body }) => {
    const id = params.id ?? '';
    await savePost(ctx, writer(c), id, body);
    return { post: await found(id) };
  });
  on(router, AT, admin.deleteBlogPost, async (c, { params }) => {
    await deletePost(ctx, writer(c), params.id ?? '');
    return undefined;
  });
  on(router, AT, admin.previewBlogPost, (c, { body }) => {
    writer(c);
    return { html: sanitizePostBody(body.bodyHtml) };
  });
  return router;
}
