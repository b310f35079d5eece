/**
 * The publishing commands. Each asks the state machine (sync/publishing/state-machine.ts) whether
 * this person may give it in this state — 403 for the wrong person, 409 for the wrong state — and
 * commits the new state, its history entry, its audit entry and its notice job in one transaction.
 * The state only moves from the state it was read in, so two reviewers clicking at once cannot
 * both win. Approving (and unlisting or listing again) writes the store book through saveBook in
 * that same transaction: the listing, the search index and the state never disagree.
 */
import type { PublishingCommandInput } from '../../sync/api/publishing';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { approvalBlocker } from '../../sync/publishing/checks';
import { decide, STATE_LABELS, TRANSITIONS, type PublishingAction, type PublishingState } from '../../sync/publishing/state-machine';
import { recordAudit } from '../audit/record';
import type { SessionUser } from '../auth/sessions';
import { saveBook } from '../books/save-book';
import { bookWithCover, coverToFreeze } from '../covers/manuscript-cover';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { takeTurn } from '../db/take-turn';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { editionChecks, queueEditionChecks } from './checks/run';
import { listingSlug, snapshotEdition, type EditionContent } from './edition';
import { dropImprintDraft } from './imprint-drafts';
import { assignPoolIsbn, checkAuthorIsbn } from './isbn';
import { snapshotImprintBook } from './imprint-edition';
import { queuePublishingNotice } from './notices';
import { parseMetadata, viewPublication, type PublicationView } from './publications';

export interface Acting {
  user: SessionUser;
  ip: string;
}

export async function mustView(ctx: AppContext, id: string, user: SessionUser): Promise<PublicationView> {
  const view = await viewPublication(ctx, id, user);
  if (!view) throw notFound('No such manuscript.');
  return view;
}

/** Save the metadata form. The store sees it only with the next approved edition. */
export async function saveMetadata(ctx: AppContext, { user }: Acting, id: string, metadata: PublishingMetadata): Promise<void> {
  const view = await mustView(ctx, id, user);
  if (!view.actors.includes('owner')) throw forbidden("Only the manuscript's owner edits its details.");
  if (!view.manuscript) throw conflict('The manuscript was deleted.');
  if (view.state === 'rejected') throw conflict('This book was rejected: its details no longer change.');
  await checkAuthorIsbn(ctx.db, view, metadata.isbn);
  const now = ctx.now();
  const json = JSON.stringify(metadata);
  await ctx.db
    .insertInto('publications')
    .values({ id, ownerId: view.ownerId, state: 'draft', metadata: json, stateChangedAt: now, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ metadata: json, updatedAt: now }))
    .execute();
}

interface Move {
  view: PublicationView;
  action: PublishingAction | 'comment';
  to: PublishingState;
  comment: string;
  editionNumber: number | null;
  /** More columns of the publication that change with the state. */
  set?: Partial<{ pendingEditionId: string; liveEditionId: string; submittedAt: number; bookId: string; bookSlug: string }>;
}

/** The state change, its history and audit entries and its notice, in the caller's transaction. */
async function commitMove(ctx: AppContext, trx: DB, { user, ip }: Acting, move: Move): Promise<void> {
  const now = ctx.now();
  const { view } = move;
  const moved = await trx
    .updateTable('publications')
    .set({ ...move.set, state: move.to, updatedAt: now, ...(move.to !== view.state ? { stateChangedAt: now } : {}) })
    .where('id', '=', view.id)
    .where('state', '=', view.state)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict('Someone else changed this book just now. Reload to see its state.');
  const event = await trx
    .insertInto('publicationEvents')
    .values({
      publicationId: view.id,
      at: now,
      actorId: user.id,
      actorName: user.displayName,
      action: move.action,
      fromState: view.state,
      toState: move.to,
      editionNumber: move.editionNumber,
      comment: move.comment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, now, {
    actor: { id: user.id, username: user.username },
    action: `publishing.${move.action}`,
    targetType: 'publication',
    targetId: view.id,
    detail: { from: view.state, to: move.to, edition: move.editionNumber, ...(move.comment ? { comment: move.comment } : {}) },
    ip,
  });
  await queuePublishingNotice(ctx, trx, event.id);
  // An imprint book's new files (decision 065) are in the store once approved, and never will be once rejected.
  if (view.imprintId && (move.action === 'approve' || move.action === 'reject')) await dropImprintDraft(trx, view.id);
}

const VERB: Record<PublishingAction, string> = {
  submit: 'submitted',
  start_review: 'taken into review',
  request_changes: 'sent back for changes',
  reject: 'rejected',
  approve: 'approved',
  unlist: 'unlisted',
  republish: 'listed again',
};

export async function runCommand(ctx: AppContext, acting: Acting, id: string, input: Required<PublishingCommandInput>): Promise<void> {
  await runCommandOn(ctx, acting, await mustView(ctx, id, acting.user), input);
}

/** A command on a publication the caller has already found and authorised (an author's, or an imprint book's). */
export async function runCommandOn(ctx: AppContext, acting: Acting, view: PublicationView, input: Required<PublishingCommandInput>): Promise<void> {
  const decision = decide(view.state, input.action, view.actors);
  if (!decision.ok) {
    if (decision.reason === 'forbidden')
      throw forbidden(
        `You may not do that: a book is ${VERB[input.action]} by ${TRANSITIONS[input.action].by.includes('owner') ? 'its author' : 'a reviewer'}.`,
      );
    throw conflict(`This book is ${STATE_LABELS[view.state].toLowerCase()}: it cannot be ${VERB[input.action]} now.`);
  }
  if (TRANSITIONS[input.action].needsComment && !input.comment) throw invalid('Tell the author why.', { comment: 'Tell the author why.' });
  const move: Move = { view, action: input.action, to: decision.to, comment: input.comment, editionNumber: null };
  if (input.action === 'submit') return submit(ctx, acting, move);
  if (input.action === 'approve' || input.action === 'unlist' || input.action === 'republish') return putInStore(ctx, acting, move);
  move.editionNumber = await editionNumberOf(ctx.db, view.row?.pendingEditionId ?? null);
  await ctx.db.transaction().execute((trx) => commitMove(ctx, trx, acting, move));
}

/** A message in the thread: changes nothing else. */
export async function comment(ctx: AppContext, acting: Acting, id: string, text: string): Promise<void> {
  const view = await mustView(ctx, id, acting.user);
  if (!view.row) throw conflict('Submit the book first: the thread is with its reviewers.');
  if (view.state === 'rejected') throw conflict('This book was rejected: its thread is closed.');
  const editionNumber = await editionNumberOf(ctx.db, view.row.pendingEditionId);
  await ctx.db.transaction().execute((trx) => commitMove(ctx, trx, acting, { view, action: 'comment', to: view.state, comment: text, editionNumber }));
}

async function editionNumberOf(db: DB, editionId: string | null): Promise<number | null> {
  if (!editionId) return null;
  const row = await db.selectFrom('publicationEditions').select('number').where('id', '=', editionId).executeTakeFirst();
  return row?.number ?? null;
}

/** Freeze the manuscript as a new edition and put it in the queue. */
async function submit(ctx: AppContext, acting: Acting, move: Move): Promise<void> {
  const { view } = move;
  if (!view.row?.metadata) throw invalid("Fill in the book's details and save them first.", { metadata: "Fill in the book's details and save them first." });
  const metadata = parseMetadata(view.row.metadata);
  let listing: { bookId: string; slug: string };
  let content: EditionContent;
  // The manuscript's cover as it is now is frozen with the edition, like the text; an imprint's
  // book carries its own cover among its assets.
  let cover: Awaited<ReturnType<typeof coverToFreeze>> = null;
  if (view.imprintId) {
    // An imprint's book is its own listing: the edition is the book as it stands, with the details saved for it.
    ({ listing, content } = await snapshotImprintBook(ctx, view.id, metadata));
    // Its cover (perhaps a new one waiting for review, decision 065) is frozen with it too: the reviewer sees it.
    const { coverPath, assets } = content.book;
    const hash = coverPath ? content.assetHashes?.[coverPath] : undefined;
    const asset = assets.find((a) => a.path === coverPath);
    cover = hash && asset ? { hash, mediaType: asset.mediaType } : null;
  } else {
    if (!view.manuscript) throw conflict('The manuscript was deleted.');
    const bookId = view.row.bookId ?? newId();
    listing = { bookId, slug: view.row.bookSlug ?? (await freeSlug(ctx.db, metadata.title, bookId)) };
    const snapshot = await snapshotEdition(ctx, view.manuscript, metadata, listing);
    cover = await coverToFreeze(ctx.db, view.id);
    content = { ...snapshot, book: bookWithCover(snapshot.book, cover) };
  }
  const editionId = newId();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await takeTurn(trx, `publication_editions.number:${view.id}`);
    const last = await trx
      .selectFrom('publicationEditions')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('publicationId', '=', view.id)
      .executeTakeFirst();
    const number = Number(last?.n ?? 0) + 1;
    await trx
      .insertInto('publicationEditions')
      .values({
        id: editionId,
        publicationId: view.id,
        number,
        book: JSON.stringify(content),
        metadata: view.row!.metadata!,
        createdBy: acting.user.id,
        createdAt: now,
        coverBlob: cover?.hash ?? null,
        coverMediaType: cover?.mediaType ?? null,
      })
      .execute();
    await commitMove(ctx, trx, acting, {
      ...move,
      editionNumber: number,
      set: { pendingEditionId: editionId, submittedAt: now, bookId: listing.bookId, bookSlug: listing.slug },
    });
    await queueEditionChecks(ctx, trx, editionId);
  });
}

/** saveBook updates the book that holds a slug: a new listing's slug must be nobody else's. */
async function freeSlug(db: DB, title: string, bookId: string): Promise<string> {
  const slug = listingSlug(title, bookId);
  const taken = await db.selectFrom('books').select('id').where('slug', '=', slug).executeTakeFirst();
  return taken ? `${slug.slice(0, -8)}${bookId}` : slug;
}

export async function loadEdition(
  db: DB,
  editionId: string,
): Promise<{ publicationId: string; number: number; content: EditionContent; coverBlob: string | null } | null> {
  const row = await db
    .selectFrom('publicationEditions')
    .select(['publicationId', 'number', 'book', 'coverBlob'])
    .where('id', '=', editionId)
    .executeTakeFirst();
  return row ? { publicationId: row.publicationId, number: row.number, content: JSON.parse(row.book) as EditionContent, coverBlob: row.coverBlob } : null;
}

/**
 * Approve: the pending edition becomes the store book (listed). Unlist / list again: the live
 * edition stays the store book, out of or back in the store. saveBook keeps the book's place on
 * the Featured shelf, its imprint and its first publication date.
 */
async function putInStore(ctx: AppContext, acting: Acting, move: Move): Promise<void> {
  const { row } = move.view;
  const editionId = move.action === 'approve' ? row?.pendingEditionId : row?.liveEditionId;
  if (move.action === 'approve' && editionId) {
    const blocker = approvalBlocker(await editionChecks(ctx.db, editionId));
    if (blocker) throw conflict(blocker);
  }
  const edition = editionId ? await loadEdition(ctx.db, editionId) : null;
  if (!row || !editionId || !edition) throw conflict('This book has no edition to put in the store.');
  const existing = await ctx.db.selectFrom('books').select(['featured', 'imprintId', 'publishedAt']).where('id', '=', row.bookId!).executeTakeFirst();
  const { book, contributorUserIds, assetHashes } = edition.content;
  await saveBook(ctx, {
    book: { ...book, metadata: { ...book.metadata, publishedAt: existing?.publishedAt ?? ctx.now() } },
    // An edition's assets: an imprint book's own (its files), and a manuscript's frozen cover (decision 042); saveBook asks the image pipeline for the cover's variants.
    assetHashes: { ...(assetHashes ?? {}), ...(book.coverPath && edition.coverBlob ? { [book.coverPath]: edition.coverBlob } : {}) },
    status: move.to === 'unlisted' ? 'unlisted' : 'published',
    featured: existing?.featured ?? 0,
    imprintId: existing?.imprintId ?? null,
    contributorUserIds,
    alsoWrite: async (trx, bookId) => {
      // An author's ISBN from an imprint's pool is theirs from the approval on (server/publishing/isbn.ts).
      if (move.action === 'approve') await assignPoolIsbn(trx, bookId, book.metadata.isbn, ctx.now());
      await commitMove(ctx, trx, acting, { ...move, editionNumber: edition.number, set: { liveEditionId: editionId } });
    },
  });
}
