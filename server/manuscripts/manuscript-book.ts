/**
 * A manuscript presented in the canonical book shape, so the reader reads it like a book. The
 * manuscript and its chapters are the replicated documents (sync_docs) the editor writes; the
 * text is each chapter's server rendering (collab_renders), re-rendered here when the stored Yjs
 * log is newer than the rendering (a chapter typed a second ago, or never rendered). The
 * rendering is Lexical's HTML, which is not trusted: it goes through the EPUB sanitiser, the one
 * allowlist every chapter the reader shows has passed.
 */
import { sql } from 'kysely';
import * as Y from 'yjs';
import type { BookDetailResponse, ChapterResponse } from '../../sync/api/books';
import { chapterDocName } from '../../sync/collab/close-codes';
import { type Manuscript } from '../../sync/collections/manuscripts';
import { manuscriptRole } from '../../sync/manuscripts/policy';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { isFileContentUrl } from '../../sync/api/files';
import { sanitizeChapter } from '../books/epub/sanitize';
import { imageSources, withPictures } from '../images/chapter-pictures';
import { renderChapterState } from '../collab/lexical-doc';
import type { AppContext } from '../context';
import { readDoc } from '../sync/store';

/** Images the editor inserts come from the person's files; nothing else may be loaded. */
const FILE_URL = /^api\/files\/[A-Za-z0-9_\-/.]+$/;

/** The manuscript when `userId` is its owner or a co-author; null otherwise (even if it exists). */
export async function manuscriptForMember(ctx: AppContext, manuscriptId: string, userId: string): Promise<Manuscript | null> {
  if (manuscriptId.length > 64) return null;
  const stored = await readDoc(ctx.db, 'manuscripts', manuscriptId);
  if (!stored || stored.deleted) return null;
  const manuscript = stored.doc as Manuscript;
  return manuscriptRole(manuscript, userId) ? manuscript : null;
}

/** The live chapters of a manuscript, in reading order. */
export async function chaptersOfManuscript(ctx: AppContext, manuscriptId: string): Promise<ManuscriptChapter[]> {
  const rows = await ctx.db
    .selectFrom('syncDocs')
    .select('doc')
    .where('collection', '=', 'manuscript-chapters')
    .where('deleted', '=', 0)
    .where(sql<string>`json_extract(doc, '$.manuscriptId')`, '=', manuscriptId)
    .execute();
  return rows
    .map((r) => JSON.parse(r.doc) as ManuscriptChapter)
    .sort((a, b) => a.position - b.position || a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

const chapterTitle = (c: ManuscriptChapter, i: number) => c.title.trim() || `Chapter ${i + 1}`;

export function manuscriptAsBook(m: Manuscript, chapters: ManuscriptChapter[]): BookDetailResponse {
  return {
    id: m.id,
    slug: 'manuscript',
    title: m.title,
    subtitle: '',
    description: '',
    language: 'en',
    contributors: [
      { name: m.ownerName, role: 'author' },
      ...m.members.filter((x) => x.role === 'editor').map((x) => ({ name: x.username, role: 'co-author' })),
    ],
    publisher: '',
    status: 'manuscript',
    priceCents: 0,
    currency: 'USD',
    coverUrl: null,
    direction: 'ltr',
    writingMode: 'horizontal-tb',
    accessibility: { accessModes: ['textual'], accessModesSufficient: [], features: [], hazards: [], summary: '', conformsTo: [] },
    toc: chapters.map((c, i) => ({ title: chapterTitle(c, i), chapterId: c.id, children: [] })),
    stylesheets: [],
    access: 'full',
    sampleChapterId: null,
    chapters: chapters.map((c, i) => ({ id: c.id, title: chapterTitle(c, i), linear: true, wordCount: c.wordCount, readable: true })),
  };
}

/** The chapter's HTML as of its latest stored edit. */
async function currentHtml(ctx: AppContext, chapterId: string): Promise<string> {
  const docName = chapterDocName(chapterId);
  const { store } = ctx.collab;
  const [render, snapshot, latestUpdate] = await Promise.all([
    store.getRender(docName),
    ctx.db.selectFrom('collabSnapshots').select('updatedAt').where('docName', '=', docName).executeTakeFirst(),
    ctx.db
      .selectFrom('collabUpdates')
      .select((eb) => eb.fn.max('createdAt').as('at'))
      .where('docName', '=', docName)
      .executeTakeFirst(),
  ]);
  const changedAt = Math.max(snapshot?.updatedAt ?? 0, Number(latestUpdate?.at ?? 0));
  if (render && render.updatedAt >= changedAt) return render.html;
  if (changedAt === 0) return '';
  const stored = await store.load(docName);
  const parts = [...(stored.snapshot ? [stored.snapshot] : []), ...stored.updates];
  const rendered = renderChapterState(Y.mergeUpdates(parts));
  await store.saveRender(docName, rendered);
  return rendered.html;
}

export async function manuscriptChapter(ctx: AppContext, m: Manuscript, chapters: ManuscriptChapter[], chapterId: string): Promise<ChapterResponse | null> {
  const index = chapters.findIndex((c) => c.id === chapterId);
  const chapter = chapters[index];
  if (!chapter) return null;
  const html = await currentHtml(ctx, chapter.id);
  // The editor's images point at `/api/files/…`; the sanitiser resolves sources relative to the
  // chapter (an absolute path resolves to nothing), so they are handed over as relative paths.
  const relative = html.replace(/(<img\b[^>]*\bsrc=")\/(api\/files\/)/g, '$1$2');
  const { xhtml } = sanitizeChapter(`<body>${relative}</body>`, {
    chapterId: chapter.id,
    path: 'chapter.xhtml',
    // A link to a place (`#notes`) is kept as a link into this chapter, even when nothing here has
    // that id yet: the submission's link check reports it, rather than the link vanishing unseen.
    chapterIdOf: (path) => (path === 'chapter.xhtml' ? chapter.id : undefined),
    assetUrlOf: (path) => (FILE_URL.test(path) ? `/${path}` : undefined),
  });
  return { id: chapter.id, bookId: m.id, ord: index, title: chapterTitle(chapter, index), linear: true, xhtml: await withFileVariants(ctx, xhtml) };
}

/**
 * The uploads' variants (made when each file was uploaded) for the files a chapter shows. A file's
 * content URL is already a capability (decision 013), and these go only to the manuscript's members.
 */
async function withFileVariants(ctx: AppContext, xhtml: string): Promise<string> {
  const idOfSrc = new Map(imageSources(xhtml).flatMap((src) => (isFileContentUrl(src) ? [[src, src.split('/')[3]!] as const] : [])));
  if (idOfSrc.size === 0) return xhtml;
  const files = await ctx.db
    .selectFrom('files')
    .select(['id', 'blobHash'])
    .where('id', 'in', [...idOfSrc.values()])
    .execute();
  const hashOfId = new Map(files.map((f) => [f.id, f.blobHash]));
  return withPictures(ctx.db, xhtml, new Map([...idOfSrc].flatMap(([src, id]) => (hashOfId.has(id) ? [[src, hashOfId.get(id)!] as const] : []))));
}
