/**
 * The admin's blog tools (/admin/blog, /admin/blog/new, /admin/blog/{id}/edit): posts in three
 * states — draft, scheduled (a job publishes it at its time), published — with a title, a unique
 * slug (a changed slug keeps the old one as a redirect), an excerpt, a cover from the writer's
 * /files, tags and a body written in the manuscripts' editor. The body arrives as the editor's
 * HTML and is stored sanitised; the author is whoever writes it, never a field of the request.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { normalizeTag, SLUG_MAX, SLUG_PATTERN, TAG_MAX, TAGS_MAX } from '../blog/slug';
import { endpoint } from './contract';

export const ADMIN_BLOG_PAGE_SIZE = 25;
const BLOG_STATES = ['draft', 'scheduled', 'published'] as const;
export type BlogState = (typeof BLOG_STATES)[number];
export const BLOG_FILTERS = ['all', ...BLOG_STATES] as const;
export type BlogFilter = (typeof BLOG_FILTERS)[number];
export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 400;
/** The editor's HTML of one post; a long essay is well under it. */
const BLOG_BODY_MAX = 400_000;

const AdminBlogRowSchema = zm.object({
  id: zm.string(),
  slug: zm.string(),
  title: zm.string(),
  state: zm.enum(BLOG_STATES),
  scheduledAt: zm.nullable(zm.number()),
  publishedAt: zm.nullable(zm.number()),
  updatedAt: zm.number(),
  tags: zm.array(zm.string()),
  authorName: zm.string(),
});
export type AdminBlogRow = zm.infer<typeof AdminBlogRowSchema>;

const AdminBlogPostSchema = zm.extend(AdminBlogRowSchema, {
  excerpt: zm.string(),
  bodyHtml: zm.string(),
  coverFileId: zm.nullable(zm.string()),
  coverUrl: zm.nullable(zm.string()),
  /** Addresses the post had before: each still leads to it. */
  oldSlugs: zm.array(zm.string()),
  createdAt: zm.number(),
});
export type AdminBlogPost = zm.infer<typeof AdminBlogPostSchema>;

export const listAdminBlogPosts = endpoint({
  method: 'GET',
  path: '/api/admin/blog/posts',
  query: zm.object({
    state: zm.optional(zm.enum(BLOG_FILTERS)),
    q: zm.optional(zm.string().check(zm.maxLength(200))),
    page: zm.optional(zm.coerce.number().check(zm.int(), zm.minimum(1), zm.maximum(1000))),
  }),
  response: zm.object({
    posts: zm.array(AdminBlogRowSchema),
    total: zm.number(),
    page: zm.number(),
    pageSize: zm.number(),
    counts: zm.object({ all: zm.number(), draft: zm.number(), scheduled: zm.number(), published: zm.number() }),
  }),
});

export const getAdminBlogPost = endpoint({ method: 'GET', path: '/api/admin/blog/posts/:id', response: zm.object({ post: AdminBlogPostSchema }) });

const tag = z
  .string()
  .transform(normalizeTag)
  .pipe(z.string().min(1, 'A tag cannot be empty.').max(TAG_MAX, `Keep each tag under ${TAG_MAX} characters.`));

export const BlogPostInput = z.strictObject({
  title: z
    .string({ error: 'Give the post a title.' })
    .trim()
    .min(1, 'Give the post a title.')
    .max(BLOG_TITLE_MAX, `Keep the title under ${BLOG_TITLE_MAX} characters.`),
  slug: z
    .string({ error: 'Give the post an address.' })
    .trim()
    .min(1, 'Give the post an address.')
    .max(SLUG_MAX, `Keep the address under ${SLUG_MAX} characters.`)
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (like my-first-post).'),
  excerpt: z.string().trim().max(BLOG_EXCERPT_MAX, `Keep the excerpt under ${BLOG_EXCERPT_MAX} characters.`),
  bodyHtml: z.string().max(BLOG_BODY_MAX, 'The post is too long to save.'),
  coverFileId: z.string().max(64).nullable(),
  tags: z.array(tag).max(TAGS_MAX, `A post may have at most ${TAGS_MAX} tags.`),
  state: z.enum(BLOG_STATES),
  /** When a scheduled post goes out (epoch ms); required for 'scheduled', ignored otherwise. */
  scheduledAt: z.number().int().min(0).max(8_640_000_000_000).nullable(),
});
export type BlogPostInputValue = z.input<typeof BlogPostInput>;

export const createBlogPost = endpoint({
  method: 'POST',
  path: '/api/admin/blog/posts',
  body: BlogPostInput,
  status: 201,
  response: zm.object({ post: AdminBlogPostSchema }),
});
export const saveBlogPost = endpoint({
  method: 'PUT',
  path: '/api/admin/blog/posts/:id',
  body: BlogPostInput,
  response: zm.object({ post: AdminBlogPostSchema }),
});
export const deleteBlogPost = endpoint({ method: 'DELETE', path: '/api/admin/blog/posts/:id', status: 204, response: zm.undefined() });

/** The body as it will be published: the editor's HTML through the same sanitiser a save uses. */
export const previewBlogPost = endpoint({
  method: 'POST',
  path: '/api/admin/blog/preview',
  body: z.strictObject({ bodyHtml: z.string().max(BLOG_BODY_MAX, 'The post is too long to preview.') }),
  response: zm.object({ html: zm.string() }),
});
