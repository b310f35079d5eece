/**
 * The post form of /admin/blog/new and /admin/blog/{id}/edit: title, address (suggested from the
 * title until the writer types one), excerpt, cover, tags, the body in the manuscripts' editor
 * (single-user, lazy-loaded), a preview through the server's sanitiser, and how to publish —
 * keep as a draft, publish now, or schedule for a time. Field errors from the API show beside
 * their fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BLOG_EXCERPT_MAX,
  BLOG_TITLE_MAX,
  createBlogPost,
  deleteBlogPost,
  previewBlogPost,
  saveBlogPost,
  type AdminBlogPost,
  type BlogPostInputValue,
  type BlogState,
} from '../../../../sync/api/admin-blog';
import { slugify, SLUG_MAX, TAGS_MAX } from '../../../../sync/blog/slug';
import { call, errorMessage, fieldErrorsOf } from '../../../lib/api';
import { Button, Dialog, FormError, LinkButton, TextArea, TextField, useToast } from '../../../ui';
import { ChapterEditor } from '../../editor/chapter-editor';
import { fromLocalInput, toLocalInput } from './local-time';
import { CoverField } from './cover-field';
import { StateBadge } from './state-badge';
import '../blog.css';
import './admin-blog.css';

interface Fields {
  title: string;
  slug: string;
  /** The writer typed an address: stop suggesting one from the title. */
  slugTouched: boolean;
  excerpt: string;
  coverFileId: string | null;
  tags: string;
  state: BlogState;
  scheduledAt: string;
}

const HOUR = 60 * 60 * 1000;

function fieldsOf(post: AdminBlogPost | null): Fields {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    slugTouched: post !== null,
    excerpt: post?.excerpt ?? '',
    coverFileId: post?.coverFileId ?? null,
    tags: post?.tags.join(', ') ?? '',
    state: post?.state ?? 'draft',
    scheduledAt: toLocalInput(post?.scheduledAt ?? Math.ceil((Date.now() + HOUR) / HOUR) * HOUR),
  };
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const SUBMIT_LABELS: Record<BlogState, string> = { draft: 'Save draft', scheduled: 'Schedule', published: 'Publish' };

function submitLabel(post: AdminBlogPost | null, state: BlogState): string {
  if (post?.state === state) return state === 'draft' ? 'Save draft' : 'Save changes';
  return SUBMIT_LABELS[state];
}

const DONE: Record<BlogState, string> = { draft: 'Draft saved.', scheduled: 'Post scheduled.', published: 'Post published.' };

function Preview({ title, excerpt, html, onClose }: { title: string; excerpt: string; html: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Preview">
      <article className="blog-post blog-preview" aria-label={`Preview of ${title || 'the post'}`}>
        <h2 className="blog-preview-title">{title || 'Untitled post'}</h2>
        {excerpt && <p className="blog-post-lede">{excerpt}</p>}
        <div className="blog-post-body" data-testid="preview-body" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </Dialog>
  );
}

function DeleteButton({ post }: { post: AdminBlogPost }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call(deleteBlogPost, { params: { id: post.id } }),
    onSuccess: () => {
      toast('Post deleted.', { tone: 'success' });
      void qc.invalidateQueries({ queryKey: ['admin'] });
      void qc.invalidateQueries({ queryKey: ['blog'] });
      void navigate('/admin/blog');
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Delete post
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete “${post.title}”?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete post
            </Button>
          </>
        }
      >
        <p>It leaves the blog and its feeds at once, and its addresses stop working. This cannot be undone.</p>
      </Dialog>
    </>
  );
}

export function PostForm({ post }: { post: AdminBlogPost | null }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(post));
  const body = useRef(post?.bodyHtml ?? '');
  const onHtml = useCallback((html: string) => {
    body.current = html;
  }, []);
  const [preview, setPreview] = useState<string | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();

  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const input = (): BlogPostInputValue => ({
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    bodyHtml: body.current,
    coverFileId: fields.coverFileId,
    tags: tagsOf(fields.tags),
    state: fields.state,
    scheduledAt: fields.state === 'scheduled' ? fromLocalInput(fields.scheduledAt) : null,
  });

  const save = useMutation({
    mutationFn: (value: BlogPostInputValue) => (post ? call(saveBlogPost, { params: { id: post.id }, body: value }) : call(createBlogPost, { body: value })),
    onSuccess: ({ post: saved }) => {
      toast(DONE[saved.state], { tone: 'success' });
      void qc.invalidateQueries({ queryKey: ['admin'] });
      void qc.invalidateQueries({ queryKey: ['blog'] });
      if (!post) void navigate(`/admin/blog/${saved.id}/edit`, { replace: true });
      else setFields(fieldsOf(saved));
    },
  });
  const showPreview = useMutation({
    mutationFn: () => call(previewBlogPost, { body: { bodyHtml: body.current } }),
    onSuccess: ({ html }) => setPreview(html),
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });

  const errors = fieldErrorsOf(save.error);
  const shown = ['title', 'slug', 'excerpt', 'coverFileId', 'tags', 'scheduledAt', 'bodyHtml'];
  const general = save.error && !Object.keys(errors).some((k) => shown.includes(k.split('.')[0]!)) ? errorMessage(save.error) : null;
  const tagError = Object.entries(errors).find(([k]) => k.startsWith('tags'))?.[1];

  return (
    <form
      className="blog-form"
      noValidate
      onSubmit={(e) => {
        // The editor's image dialog has a form of its own, and its submit bubbles up to here.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        save.mutate(input());
      }}
    >
      <div className="blog-form-main">
        <TextField
          label="Title"
          value={fields.title}
          maxLength={BLOG_TITLE_MAX}
          required
          error={errors.title}
          onChange={(e) => {
            const title = e.target.value;
            set(fields.slugTouched ? { title } : { title, slug: slugify(title) });
          }}
        />
        <TextField
          label="Address"
          hint={
            <>
              The post lives at <code>/blog/{fields.slug || '…'}</code>.
              {post && post.oldSlugs.length > 0 && ` Old addresses still lead here: ${post.oldSlugs.map((s) => `/blog/${s}`).join(', ')}.`}
            </>
          }
          value={fields.slug}
          maxLength={SLUG_MAX}
          required
          spellCheck={false}
          autoCapitalize="none"
          error={errors.slug}
          onChange={(e) => set({ slug: e.target.value, slugTouched: true })}
        />
        <TextArea
          label="Excerpt"
          hint="A sentence or two for the blog's list, link previews and feeds."
          rows={2}
          value={fields.excerpt}
          maxLength={BLOG_EXCERPT_MAX}
          error={errors.excerpt}
          onChange={(e) => set({ excerpt: e.target.value })}
        />
        <div className={`field blog-body-field${errors.bodyHtml ? ' field-invalid' : ''}`}>
          <span className="field-label" id="post-body-label">
            Body
          </span>
          <ChapterEditor key={post?.id ?? 'new'} label="Post body" editable initialHtml={post?.bodyHtml ?? ''} onHtml={onHtml} />
          {errors.bodyHtml && <p className="field-error">{errors.bodyHtml}</p>}
        </div>
      </div>

      <section className="blog-form-side" aria-label="Publishing">
        {post && (
          <p className="blog-form-state">
            Now: <StateBadge state={post.state} />
          </p>
        )}
        <fieldset className="blog-publish">
          <legend>Publishing</legend>
          {(['draft', 'published', 'scheduled'] as const).map((state) => (
            <label key={state} className="blog-publish-choice">
              <input type="radio" name="publish" value={state} checked={fields.state === state} onChange={() => set({ state })} />
              {state === 'draft'
                ? 'Keep as a draft'
                : state === 'published'
                  ? post?.state === 'published'
                    ? 'Published'
                    : 'Publish now'
                  : 'Schedule for later'}
            </label>
          ))}
          {fields.state === 'scheduled' && (
            <TextField
              label="Publish at"
              type="datetime-local"
              step={1}
              hint="Your local time. The post goes out on its own then."
              value={fields.scheduledAt}
              error={errors.scheduledAt}
              onChange={(e) => set({ scheduledAt: e.target.value })}
            />
          )}
        </fieldset>
        <CoverField
          value={fields.coverFileId}
          currentUrl={post?.coverUrl ?? null}
          error={errors.coverFileId}
          onChange={(coverFileId) => set({ coverFileId })}
        />
        <TextField
          label="Tags"
          hint={`Separated by commas, at most ${TAGS_MAX}.`}
          value={fields.tags}
          error={tagError}
          onChange={(e) => set({ tags: e.target.value })}
        />
        <FormError>{general}</FormError>
        <div className="blog-form-actions">
          <Button type="submit" loading={save.isPending}>
            {submitLabel(post, fields.state)}
          </Button>
          <Button variant="secondary" loading={showPreview.isPending} onClick={() => showPreview.mutate()}>
            Preview
          </Button>
          {post?.state === 'published' && (
            <LinkButton variant="ghost" to={`/blog/${encodeURIComponent(post.slug)}`}>
              View on the blog
            </LinkButton>
          )}
          {post && <DeleteButton post={post} />}
        </div>
      </section>
      {preview !== null && <Preview title={fields.title} excerpt={fields.excerpt} html={preview} onClose={() => setPreview(null)} />}
    </form>
  );
}
