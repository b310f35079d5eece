/**
 * /api/manuscripts/:id/book[/chapters/:chapterId]: a manuscript in the reader's book shape, for
 * its owner and co-authors only. Anyone else gets 404, whether or not it exists.
 */
import { Hono } from 'hono';
import { getManuscriptBook, getManuscriptChapter } from '../../sync/api/manuscripts';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { manuscriptAsBook, manuscriptChapter, chaptersOfManuscript, manuscriptForMember } from './manuscript-book';

export function manuscriptBookRoutes(ctx: AppContext) {
  const load = async (manuscriptId: string, userId: string) => {
    const manuscript = await manuscriptForMember(ctx, manuscriptId, userId);
    if (!manuscript) throw notFound('No such manuscript.');
    return { manuscript, chapters: await chaptersOfManuscript(ctx, manuscript.id) };
  };
  const router = new Hono<AppEnv>();
  on(router, '/api/manuscripts', getManuscriptBook, async (c, { params }) => {
    const { manuscript, chapters } = await load(params.id, requireUser(c).id);
    c.header('Cache-Control', 'private, no-cache');
    return manuscriptAsBook(manuscript, chapters);
  });
  on(router, '/api/manuscripts', getManuscriptChapter, async (c, { params }) => {
    const { manuscript, chapters } = await load(params.id, requireUser(c).id);
    const chapter = await manuscriptChapter(ctx, manuscript, chapters, params.chapterId);
    if (!chapter) throw notFound('No such chapter.');
    c.header('Cache-Control', 'private, no-cache');
    return chapter;
  });
  return router;
}
