/**
 * Writing posts. Each save commits with its tags, its retired slug (when the slug changed), its
 * publishing job (when scheduled) and its audit entry, in one transaction.
 *
 * - Slugs are unique across every post's current and old slugs: an old address must lead to one
 *   post. Taking back one's own old slug removes it from the old ones.
 * - Scheduling queues BLOG_PUBLISH_JOB at the chosen time; any earlier job of the post is
 *   cancelled first. The job publishes only if the post is still scheduled for that time, so a
 *   post rescheduled, unscheduled or published by hand in between is left alone.
 * - The author is the admin who created the post; the cover must be one of the writer's own image
 *   files (the file's owner is checked here, never taken from the request).
 */
import type { z } from 'zod';
import type { BlogPostInput } from '../../sync/api/admin-blog';
import type { AdminActor } from '../admin/actor';
import { recordAudit } from '../audit/record';
import { EpubError } from '../books/epub/epub-error';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { conflict, invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';
import type { JobWorker } from '../jobs/worker';
import { sanitizePostBody } from './sanitize';

const BLOG_PUBLISH_JOB = 'blog.publish';

type PostInput = z.output<typeof BlogPostInput>;

interface PublishPayload {
  postId: string;
  at: number;
}

function cleanBody(html: string): string {
  try {
    return sanitizePostBody(html);
  } catch (error) {
    if (error instanceof EpubError) throw invalid('The post is nested too deeply to publish.', { bodyHtml: 'The post is nested too deeply to publish.' });
    throw error;
  }
}

/** 409 when another post holds the slug, now or as an old address. */
async function claimSlug(trx: DB, slug: string, postId: string | null) {
  const [current, old] = await Promise.all([
    trx.selectFrom('blogPosts').select('id').where('slug', '=', slug).executeTakeFirst(),
    trx.selectFrom('blogOldSlugs').select('postId').where('slug', '=', slug).executeTakeFirst(),
  ]);
  const holder = current?.id ?? old?.postId;
  if (holder && holder !== postId) {
    const message = `Another post uses the address /blog/${slug}. Choose another, like ${slug}-2.`;
    throw conflict(message, { slug: message });
  }
  if (old && postId) await trx.deleteFrom('blogOldSlugs').where('slug', '=', slug).execute();
}

async function checkCover(trx: DB, fileId: string | null, writerId: string) {
  if (!fileId) return;
  const file = await trx.selectFrom('files').select(['ownerId', 'kind']).where('id', '=', fileId).executeTakeFirst();
  if (!file || file.ownerId !== writerId) throw invalid('Choose the cover from your files.', { coverFileId: 'Choose the cover from your files.' });
  if (file.kind !== 'image') throw invalid('The cover must be an image.', { coverFileId: 'The cover must be an image.' });
}

/** The columns a state sets, given when the post was first published (kept through edits). */
function stateColumns(input: PostInput, now: number, publishedBefore: number | null) {
  if (input.state === 'scheduled') {
    if (input.scheduledAt === null) throw invalid('Choose when to publish the post.', { scheduledAt: 'Choose when to publish the post.' });
    if (input.scheduledAt <= now) {
      throw invalid('Choose a time in the future, or publish now.', { scheduledAt: 'Choose a time in the future, or publish now.' });
    }
    return { state: 'scheduled' as const, scheduledAt: input.scheduledAt, publishedAt: null };
  }
  if (input.state === 'published') return { state: 'published' as const, scheduledAt: null, publishedAt: publishedBefore ?? now };
  return { state: 'draft' as const, scheduledAt: null, publishedAt: null };
}

async function writeTags(trx: DB, postId: string, tags: string[]) {
  await trx.deleteFrom('blogPostTags').where('postId', '=', postId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0)
    await trx
      .insertInto('blogPostTags')
      .values(unique.map((tag, position) => ({ tag, postId, position })))
      .execute();
}

async function schedule(ctx: AppContext, trx: DB, postId: string, scheduledAt: number | null) {
  await ctx.queue.cancelWhere(BLOG_PUBLISH_JOB, 'postId', postId, { in: trx });
  if (scheduledAt !== null) await ctx.queue.enqueue(BLOG_PUBLISH_JOB, { postId, at: scheduledAt } satisfies PublishPayload, { runAt: scheduledAt, in: trx });
}

const auditAction = (state: PostInput['state'], before: string | null) =>
  before === state
    ? 'blog_post.updated'
    : state === 'published'
      ? 'blog_post.published'
      : state === 'scheduled'
        ? 'blog_post.scheduled'
        : before
          ? 'blog_post.unpublished'
          : 'blog_post.created';

export async function createPost(ctx: AppContext, by: AdminActor, input: PostInput): Promise<string> {
  const now = ctx.now();
  const id = newId();
  const bodyHtml = cleanBody(input.bodyHtml);
  await ctx.db.transaction().execute(async (trx) => {
    await claimSlug(trx, input.slug, null);
    await checkCover(trx, input.coverFileId, by.actor.id);
    const state = stateColumns(input, now, null);
    await trx
      .insertInto('blogPosts')
      .values({
        id,
        slug: input.slug,
        title: input.title,
        excerpt: input.excerpt,
        bodyHtml,
        coverFileId: input.coverFileId,
        authorId: by.actor.id,
        ...state,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await writeTags(trx, id, input.tags);
    await schedule(ctx, trx, id, state.scheduledAt);
    await recordAudit(trx, now, {
      ...by,
      action: input.state === 'draft' ? 'blog_post.created' : auditAction(input.state, 'draft'),
      targetType: 'blog_post',
      targetId: id,
      detail: { title: input.title, slug: input.slug, ...(state.scheduledAt ? { scheduledAt: state.scheduledAt } : {}) },
    });
  });
  return id;
}

export async function savePost(ctx: AppContext, by: AdminActor, id: string, input: PostInput): Promise<void> {
  const now = ctx.now();
  const bodyHtml = cleanBody(input.bodyHtml);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('blogPosts').select(['slug', 'state', 'publishedAt', 'coverFileId']).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('No such post.');
    if (input.slug !== before.slug) {
      await claimSlug(trx, input.slug, id);
      await trx.insertInto('blogOldSlugs').values({ slug: before.slug, postId: id, retiredAt: now }).execute();
    }
    // A cover kept as it was needs no check (it may be another admin's file).
    if (input.coverFileId !== before.coverFileId) await checkCover(trx, input.coverFileId, by.actor.id);
    const state = stateColumns(input, now, before.state === 'published' ? before.publishedAt : null);
    await trx
      .updateTable('blogPosts')
      .set({ slug: input.slug, title: input.title, excerpt: input.excerpt, bodyHtml, coverFileId: input.coverFileId, ...state, updatedAt: now })
      .where('id', '=', id)
      .execute();
    await writeTags(trx, id, input.tags);
    await schedule(ctx, trx, id, state.scheduledAt);
    await recordAudit(trx, now, {
      ...by,
      action: auditAction(input.state, before.state),
      targetType: 'blog_post',
      targetId: id,
      detail: {
        title: input.title,
        ...(input.slug !== before.slug ? { slug: input.slug, oldSlug: before.slug } : {}),
        ...(state.scheduledAt ? { scheduledAt: state.scheduledAt } : {}),
      },
    });
  });
}

export async function deletePost(ctx: AppContext, by: AdminActor, id: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('blogPosts').select(['title', 'slug']).where('id', '=', id).executeTakeFirst();
    if (!post) throw notFound('No such post.');
    await trx.deleteFrom('blogPosts').where('id', '=', id).execute();
    await schedule(ctx, trx, id, null);
    await recordAudit(trx, now, { ...by, action: 'blog_post.deleted', targetType: 'blog_post', targetId: id, detail: { title: post.title, slug: post.slug } });
  });
}

/** The job: publish the post if it is still scheduled for this time. */
async function publishScheduled(ctx: AppContext, { postId, at }: PublishPayload): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('blogPosts')
      .set({ state: 'published', scheduledAt: null, publishedAt: at, updatedAt: now })
      .where('id', '=', postId)
      .where('state', '=', 'scheduled')
      .where('scheduledAt', '=', at)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return;
    const post = await trx.selectFrom('blogPosts').select(['title']).where('id', '=', postId).executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      actor: null,
      action: 'blog_post.published',
      targetType: 'blog_post',
      targetId: postId,
      detail: { title: post.title, scheduledAt: at },
    });
  });
}

export function registerBlogJobs(worker: JobWorker, ctx: AppContext): void {
  worker.register(BLOG_PUBLISH_JOB, (payload: PublishPayload) => publishScheduled(ctx, payload));
}
