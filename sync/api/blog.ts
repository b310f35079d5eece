/**
 * The public blog (/blog, /blog/{slug}, the home page's latest posts): published posts only; a
 * draft or a post still scheduled is 404 to everyone. A post asked for by an old slug answers
 * with its current one, and the page moves to it (the server's page route answers 301).
 *
 * Written with zod/mini only: these schemas ship in the /blog chunks and the home page's.
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';

export const BLOG_PAGE_SIZE = 10;
export const LATEST_POSTS = 3;

const BlogPostCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.nullable(z.string()),
  tags: z.array(z.string()),
  authorName: z.string(),
  publishedAt: z.number(),
});
export type BlogPostCard = z.infer<typeof BlogPostCardSchema>;

export const listBlogPosts = endpoint({
  method: 'GET',
  path: '/api/blog/posts',
  query: z.object({
    tag: z.optional(z.string().check(z.maxLength(60))),
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
  }),
  response: z.object({
    posts: z.array(BlogPostCardSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Every tag of a published post, most used first: the filter's choices. */
    tags: z.array(z.object({ tag: z.string(), count: z.number() })),
  }),
});
export type BlogListResponse = z.infer<typeof listBlogPosts.response>;

export const latestBlogPosts = endpoint({ method: 'GET', path: '/api/blog/latest', response: z.object({ posts: z.array(BlogPostCardSchema) }) });

const BlogPostSchema = z.extend(BlogPostCardSchema, {
  /** Sanitised on the server when saved (server/blog/sanitize.ts): safe to render as HTML. */
  bodyHtml: z.string(),
  updatedAt: z.number(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** By current or old slug; `slug` in the answer is always the current one. */
export const getBlogPost = endpoint({ method: 'GET', path: '/api/blog/posts/:slug', response: BlogPostSchema });
