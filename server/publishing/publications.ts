/**
 * Reading publications: who may see one (its manuscript's owner, and reviewers — anyone else gets
 * 404 whether or not it exists), the detail a page shows, and the lists: an author's manuscripts
 * with their states, the review queue and the reviewers' overview. A manuscript without a row
 * here is a draft nobody has started to publish.
 */
import type { MyPublication, PublicationDetail, PublicationSummary } from '../../sync/api/publishing';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { approvalBlocker, blocksApproval } from '../../sync/publishing/checks';
import { PublishingMetadataSchema, type PublishingMetadata } from '../../sync/publishing/metadata';
import { allowedActions, PUBLISHING_STATES, type PublishingActor, type PublishingState } from '../../sync/publishing/state-machine';
import { can } from '../../sync/roles';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { readDoc } from '../sync/store';
import { coverOf } from '../covers/manuscript-cover';
import { editionChecks } from './checks/run';
import { bookFigures } from './figures';
import { poolChoices } from './isbn';

/** How many rows a list answers with at most (the queue, the overview, an author's manuscripts). */
const LIST_MAX = 500;

export function findPublication(db: DB, id: string) {
  return db.selectFrom('publications').selectAll().where('id', '=', id).executeTakeFirst();
}
type PublicationRow = NonNullable<Awaited<ReturnType<typeof findPublication>>>;

export function parseMetadata(json: string): PublishingMetadata {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const parsed = PublishingMetadataSchema.safeParse(stored);
  if (parsed.success || typeof stored.isbn !== 'string') return parsed.success ? parsed.data : PublishingMetadataSchema.parse(stored);
  // An ISBN stored before the field checked it stays as it was written: the ISBN check judges it.
  return { ...PublishingMetadataSchema.parse({ ...stored, isbn: '' }), isbn: stored.isbn };
}

async function liveManuscript(ctx: AppContext, id: string): Promise<Manuscript | null> {
  const stored = await readDoc(ctx.db, 'manuscripts', id);
  return stored && !stored.deleted ? (stored.doc as Manuscript) : null;
}

/** The capacities `user` acts in on a manuscript owned by `ownerId`. */
function actorsOf(user: SessionUser, ownerId: string): PublishingActor[] {
  const actors: PublishingActor[] = [];
  if (user.id === ownerId && can(user, 'publishing:submit')) actors.push('owner');
  if (can(user, 'publishing:review')) actors.push('reviewer');
  return actors;
}

export interface PublicationView {
  id: string;
  ownerId: string;
  manuscript: Manuscript | null;
  row: PublicationRow | undefined;
  state: PublishingState;
  actors: PublishingActor[];
  /** An imprint's book (server/publisher-books): its members act as the owner there, not here. */
  imprintId: string | null;
}

/** The publication as `user` may see it; null when it is not theirs, not theirs to review, or does not exist. */
export async function viewPublication(ctx: AppContext, id: string, user: SessionUser): Promise<PublicationView | null> {
  if (id.length > 64) return null;
  const [row, manuscript] = await Promise.all([findPublication(ctx.db, id), liveManuscript(ctx, id)]);
  const ownerId = row?.ownerId ?? manuscript?.ownerId;
  if (!ownerId || (!row && !manuscript)) return null;
  const imprintId = row?.imprintId ?? null;
  const actors = imprintId ? actorsOf(user, '') : actorsOf(user, ownerId);
  if ((imprintId || user.id !== ownerId) && !actors.includes('reviewer')) return null;
  return { id, ownerId, manuscript, row, state: row?.state ?? 'draft', actors, imprintId };
}

function summariesQuery(db: DB) {
  return db
    .selectFrom('publications as p')
    .innerJoin('users as u', 'u.id', 'p.ownerId')
    .leftJoin('books as b', 'b.id', 'p.bookId')
    .select([
      'p.id',
      'p.metadata',
      'p.state',
      'p.submittedAt',
      'p.stateChangedAt',
      'p.bookId',
      'p.liveEditionId',
      'u.displayName as ownerName',
      'b.status as bookStatus',
    ])
    .limit(LIST_MAX);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summariesQuery>['execute']>>[number];

function toSummary(r: SummaryRow, fallbackTitle = ''): PublicationSummary {
  return {
    id: r.id,
    title: r.metadata ? parseMetadata(r.metadata).title : fallbackTitle,
    ownerName: r.ownerName,
    state: r.state,
    submittedAt: r.submittedAt,
    stateChangedAt: r.stateChangedAt,
    bookId: r.liveEditionId ? r.bookId : null,
    listed: r.liveEditionId !== null && r.bookStatus === 'published',
  };
}

/** The publication as `user` (who may view it: see viewPublication) sees it. */
export async function publicationDetail(ctx: AppContext, view: PublicationView, user: SessionUser): Promise<PublicationDetail> {
  const { row } = view;
  const [owner, summary, editions, events] = await Promise.all([
    ctx.db.selectFrom('users').select('displayName').where('id', '=', view.ownerId).executeTakeFirst(),
    row ? summariesQuery(ctx.db).where('p.id', '=', view.id).executeTakeFirst() : undefined,
    ctx.db
      .selectFrom('publicationEditions')
      .select(['id', 'number', 'createdAt', 'metadata', 'coverBlob'])
      .where('id', 'in', [row?.pendingEditionId ?? '', row?.liveEditionId ?? ''])
      .execute(),
    ctx.db
      .selectFrom('publicationEvents')
      .select(['id', 'at', 'actorName', 'action', 'fromState', 'toState', 'editionNumber', 'comment'])
      .where('publicationId', '=', view.id)
      .orderBy('id')
      .limit(LIST_MAX)
      .execute(),
  ]);
  const manuscriptTitle = view.manuscript?.title ?? '';
  const base: PublicationSummary = summary
    ? toSummary(summary, manuscriptTitle)
    : {
        id: view.id,
        title: manuscriptTitle,
        ownerName: owner?.displayName ?? '',
        state: 'draft',
        submittedAt: null,
        stateChangedAt: null,
        bookId: null,
        listed: false,
      };
  const find = (id: string | null | undefined) => editions.find((e) => e.id === id);
  const edition = (id: string | null | undefined) => {
    const found = find(id);
    return found
      ? {
          id: found.id,
          number: found.number,
          createdAt: found.createdAt,
          coverUrl: found.coverBlob ? `/api/publishing/editions/${found.id}/cover?v=${found.coverBlob.slice(0, 12)}` : null,
        }
      : null;
  };
  const submitted = find(row?.pendingEditionId);
  const checkedEdition = row?.pendingEditionId ?? row?.liveEditionId;
  const [found, cover] = await Promise.all([checkedEdition ? editionChecks(ctx.db, checkedEdition) : [], coverOf(ctx.db, view.id)]);
  const checks = found.map((c) => ({ ...c, blocksApproval: blocksApproval(c) }));
  const isOwner = view.actors.includes('owner');
  const [figures, isbnChoices] = await Promise.all([
    isOwner && base.bookId ? bookFigures(ctx.db, user, [base.bookId]).then((f) => f.get(base.bookId!)) : undefined,
    isOwner && !view.imprintId ? poolChoices(ctx.db, view.ownerId) : [],
  ]);
  return {
    ...base,
    manuscriptTitle,
    metadata: row?.metadata ? parseMetadata(row.metadata) : null,
    submittedMetadata: submitted ? parseMetadata(submitted.metadata) : null,
    actions: allowedActions(view.state, view.actors),
    isOwner,
    pendingEdition: edition(row?.pendingEditionId),
    liveEdition: edition(row?.liveEditionId),
    events,
    checks,
    cover,
    approvalBlocker: row?.pendingEditionId ? approvalBlocker(checks) : null,
    figures: figures ?? null,
    isbnChoices,
  };
}

/** The manuscripts `user` owns, newest first, each with its publishing state and, once published, its figures. */
export async function myPublications(ctx: AppContext, user: SessionUser): Promise<MyPublication[]> {
  const userId = user.id;
  // The owner is in each of their manuscripts' audience: that index finds them without JSON SQL.
  const docs = await ctx.db
    .selectFrom('syncAudience as a')
    .innerJoin('syncDocs as d', (join) => join.onRef('d.collection', '=', 'a.collection').onRef('d.id', '=', 'a.docId'))
    .select('d.doc')
    .where('a.userId', '=', userId)
    .where('a.collection', '=', 'manuscripts')
    .where('d.deleted', '=', 0)
    .limit(LIST_MAX)
    .execute();
  const owned = docs
    .map((d) => JSON.parse(d.doc) as Manuscript)
    .filter((m) => m.ownerId === userId)
    .sort((a, b) => b.updatedAt - a.updatedAt);
  if (owned.length === 0) return [];
  const rows = await summariesQuery(ctx.db)
    .where(
      'p.id',
      'in',
      owned.map((m) => m.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const owner = await ctx.db.selectFrom('users').select('displayName').where('id', '=', userId).executeTakeFirst();
  const summaries = owned.map((m): PublicationSummary => {
    const r = byId.get(m.id);
    return r
      ? toSummary(r, m.title)
      : {
          id: m.id,
          title: m.title,
          ownerName: owner?.displayName ?? m.ownerName,
          state: 'draft',
          submittedAt: null,
          stateChangedAt: null,
          bookId: null,
          listed: false,
        };
  });
  const figures = await bookFigures(ctx.db, user, [...new Set(summaries.flatMap((s) => (s.bookId ? [s.bookId] : [])))]);
  return summaries.map((s) => ({ ...s, figures: (s.bookId && figures.get(s.bookId)) || null }));
}

/** Waiting for a reviewer: submitted or in review, the longest waiting first. */
export async function reviewQueue(ctx: AppContext): Promise<PublicationSummary[]> {
  const rows = await summariesQuery(ctx.db).where('p.state', 'in', ['submitted', 'in_review']).orderBy('p.submittedAt').orderBy('p.id').execute();
  return rows.map((r) => toSummary(r));
}

/** Every publication (or those in `state`), the latest change first, and how many are in each state. */
export async function allPublications(ctx: AppContext, state: PublishingState | undefined) {
  let query = summariesQuery(ctx.db).orderBy('p.stateChangedAt', 'desc').orderBy('p.id');
  if (state) query = query.where('p.state', '=', state);
  const [rows, grouped] = await Promise.all([
    query.execute(),
    ctx.db
      .selectFrom('publications')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute(),
  ]);
  const counts = Object.fromEntries(PUBLISHING_STATES.map((s) => [s, 0])) as Record<PublishingState, number>;
  for (const g of grouped) counts[g.state] = Number(g.n);
  return { items: rows.map((r) => toSummary(r)), counts };
}
