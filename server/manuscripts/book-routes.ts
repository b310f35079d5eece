/**
 * /api/manuscripts/:id/book[/chapters/:chapterId]: a manuscript in the reader's book shape, for
 * its owner and co-authors only. Anyone else gets 404, whether or not it exists.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { manuscriptAsBook, manuscriptChapter, chaptersOfManuscript, manuscriptForMember } from './manuscript-book';

export function manuscriptBookRoutes(ctx: AppContext) {
  const load = async (manuscriptId: string, userId: string) => {
    const manuscript = await manuscriptForMember(ctx, manuscriptId, userId);
    if (!manuscript) throw notFound('No such manuscript.');
    return { manuscript, chapters: await chaptersOfManuscript(ctx, manuscript.id) };
  };
  return new Hono<AppEnv>()
    .get('/:id/book', async (c) => {
      const { manuscript, chapters } = await load(c.req.param('id'), requireUser(c).id);
      return c.json(manuscriptAsBook(manuscript, chapters), 200, { 'Cache-Control': 'private, no-cache' });
    })
    .get('/:id/book/chapters/:chapterId', async (c) => {
      const { manuscript, chapters } = await load(c.req.param('id'), requireUser(c).id);
      const chapter = await manuscriptChapter(ctx, manuscript, chapters, c.req.param('chapterId'));
      if (!chapter) throw notFound('No such chapter.');
      return c.json(chapter, 200, { 'Cache-Control': 'private, no-cache' });
    });
}
