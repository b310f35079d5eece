/**
 * /api/books/:id/ask and /api/ask/queries/:queryId/feedback. Only a reader who may read the whole
 * book (owner, contributor — sync/books/entitlement.ts) may ask it: the answers are its text. A
 * reader of the sample only is refused (403); a book they cannot see does not exist (404).
 * Questions are rate-limited per account and per IP before their body is read (429, Retry-After).
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/ask';
import { accessToBook } from '../books/access';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { buildLimiter, limitBefore } from '../http/rate-limit';
import { ipBucket } from '../auth/limiters';
import { RATE_LIMITS } from '../limits';
import { answerQuestion } from './answer';

export function askRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  // The account's budget first: a refused account does not spend its neighbours' IP budget.
  const perAccount = buildLimiter(ctx, 'ask-account', RATE_LIMITS.askPerAccount);
  const perIp = buildLimiter(ctx, 'ask-ip', RATE_LIMITS.askPerIp);
  router.post(
    '/:id/ask',
    limitBefore(perAccount, (c) => requireUser(c).id),
    limitBefore(perIp, (c) => ipBucket(c.get('ip'))),
  );
  on(router, '/api/books', api.askBook, async (c, { params, body }) => {
    const user = requirePermission(c, 'account:use');
    const found = await accessToBook(ctx, params.id, user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    if (found.access !== 'full') throw forbidden('Ask a book you own: this one is not in your library.');
    return answerQuestion(ctx, { bookId: found.book.id, userId: user.id, question: body.question });
  });
  return router;
}

export function askFeedbackRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/ask', api.sendAskFeedback, async (c, { params, body }) => {
    const user = requirePermission(c, 'account:use');
    // Only the one who asked rates the answers, and only passages of the book asked.
    const query = await ctx.db
      .selectFrom('askQueries')
      .select(['id', 'bookId'])
      .where('id', '=', params.queryId)
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (!query) throw notFound('No such question.');
    const passage = /^\d+$/.test(body.passageId)
      ? await ctx.db.selectFrom('askPassages').select('text').where('id', '=', Number(body.passageId)).where('bookId', '=', query.bookId).executeTakeFirst()
      : undefined;
    const existing = await ctx.db
      .selectFrom('askFeedback')
      .select('passageText')
      .where('queryId', '=', query.id)
      .where('passageId', '=', body.passageId)
      .executeTakeFirst();
    const passageText = passage?.text ?? existing?.passageText;
    if (passageText === undefined) throw notFound('No such answer.');
    const row = { helpful: body.helpful ? 1 : 0, passageText, createdAt: ctx.now() };
    await ctx.db
      .insertInto('askFeedback')
      .values({ queryId: query.id, passageId: body.passageId, ...row })
      .onConflict((oc) => oc.columns(['queryId', 'passageId']).doUpdateSet(row))
      .execute();
    return { passageId: body.passageId, helpful: body.helpful };
  });
  return router;
}
