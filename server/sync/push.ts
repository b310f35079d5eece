/**
 * The rules of a push, one row at a time and one transaction per row, so a refused row never
 * blocks the rest of the batch. Order matters: the document must be valid and the sender allowed
 * to push to the collection (the permission table, push-permissions.ts); a change made on an
 * out-of-date copy is then a conflict, answered with the master state only to that state's
 * audience; a change to the current version is judged by the collection's rule and its server
 * check, against that version.
 */
import type { z } from 'zod';
import { mayPush, writeKindOf } from '../../sync/collections/push-permissions';
import type { CollectionName } from '../../sync/collections';
import { sameDocument, type AccountView, type CollectionDefinition, type Writer } from '../../sync/replication/collection';
import type { Checkpoint, WireDoc } from '../../sync/replication/doc';
import type { PushResponse, PushRow, RejectedRow } from '../../sync/replication/push';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { fieldErrors } from '../http/validate';
import { nextChangeTime, readDoc, toWire, writeDoc } from './store';

type Outcome =
  | {
      kind: 'written';
      audience: string[];
      checkpoint: Checkpoint;
      doc: Record<string, unknown> & { id: string };
      deleted: boolean;
      previous: Record<string, unknown> | null;
    }
  | { kind: 'unchanged' }
  | { kind: 'conflict'; master: WireDoc }
  | { kind: 'rejected'; row: RejectedRow };

function splitDeleted(doc: WireDoc): { fields: Record<string, unknown>; deleted: boolean } {
  const { _deleted, ...fields } = doc;
  return { fields, deleted: _deleted };
}

function validate(
  collection: CollectionDefinition,
  doc: WireDoc,
): { ok: true; value: Record<string, unknown> & { id: string } } | { ok: false; row: RejectedRow } {
  const { fields } = splitDeleted(doc);
  const result = collection.strictSchema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> & { id: string } };
  const errors = fieldErrors(result.error);
  return { ok: false, row: { id: doc.id, code: 'validation_failed', message: Object.values(errors)[0] ?? 'Invalid document.', fields: errors } };
}

/** The document named by the collection's `authorisedBy`, as stored now; null when absent or deleted. */
async function readAuthority(db: DB, collection: CollectionDefinition, doc: Record<string, unknown>): Promise<unknown> {
  const rule = collection.visibility.authorisedBy;
  if (!rule) return undefined;
  const stored = await readDoc(db, rule.collection, rule.id(doc as never));
  return stored && !stored.deleted ? stored.doc : null;
}

async function readAccount(db: DB, id: string): Promise<AccountView | null> {
  return (await db.selectFrom('users').select(['id', 'displayName', 'status']).where('id', '=', id).executeTakeFirst()) ?? null;
}

const forbidden = (id: string, message = "You can't change this document."): Outcome => ({ kind: 'rejected', row: { id, code: 'forbidden', message } });

async function applyRow(db: DB, collection: CollectionDefinition, writer: Writer, row: PushRow, nowMs: number): Promise<Outcome> {
  const { newDocumentState, assumedMasterState } = row;
  const userId = writer.id;
  const checked = validate(collection, newDocumentState);
  if (!checked.ok) return { kind: 'rejected', row: checked.row };
  const stored = await readDoc(db, collection.name, newDocumentState.id);
  const previous = stored ? (stored.doc as z.output<typeof collection.schema>) : null;
  // Same answer as mayWrite's refusal, so whether an id exists (create vs update) never shows.
  if (!mayPush(writer, collection.name as CollectionName, writeKindOf(previous, newDocumentState._deleted))) return forbidden(newDocumentState.id);
  const { deletable = true } = collection.visibility;
  const mayDelete = !newDocumentState._deleted || (typeof deletable === 'function' ? deletable(previous, userId) : deletable);
  const master = stored ? toWire(stored) : null;
  // A change made on an out-of-date copy is a conflict whatever it changes, and only the stored
  // version's audience may see that version. Judging it against the newer version instead would
  // refuse a legitimate change (the owner resolving a thread before the author's edit reached
  // their device differs from the stored thread in its text): the device drops what it thinks
  // was written and the next pull undoes it. The merged change comes back and is judged below.
  if (master && !sameDocument(master, newDocumentState) && (!assumedMasterState || !sameDocument(master, assumedMasterState))) {
    if (!collection.visibility.audience(stored!.doc as never).includes(userId)) return forbidden(newDocumentState.id);
    return { kind: 'conflict', master };
  }
  const authority = await readAuthority(db, collection, checked.value);
  if (!mayDelete || !collection.visibility.mayWrite(checked.value, previous, userId, authority)) return forbidden(newDocumentState.id);
  const refusal = await collection.visibility.serverCheck?.(checked.value, previous, { writer, authority, account: (id) => readAccount(db, id) });
  if (refusal) return forbidden(newDocumentState.id, refusal);
  if (master && sameDocument(master, newDocumentState)) return { kind: 'unchanged' }; // a duplicate push
  const serverUpdatedAt = await nextChangeTime(db, collection.name, nowMs);
  // The document is stored exactly as written: rewriting a field here (say, stamping updatedAt)
  // would leave the writing device with a copy the server no longer has, because RxDB treats
  // an acknowledged push as the master state (convergence.test.ts caught exactly that).
  const doc = checked.value;
  const audience = collection.visibility.audience(doc as never);
  await writeDoc(db, collection.name, doc, newDocumentState._deleted, serverUpdatedAt, audience);
  // Former readers hear about the change too (their next pull simply finds nothing new).
  const former = previous ? collection.visibility.audience(previous) : [];
  return {
    kind: 'written',
    audience: [...audience, ...former],
    checkpoint: { updatedAt: serverUpdatedAt, id: doc.id },
    doc,
    deleted: newDocumentState._deleted,
    previous: previous as Record<string, unknown> | null,
  };
}

export async function applyPush(ctx: AppContext, collection: CollectionDefinition, writer: Writer, rows: PushRow[]): Promise<PushResponse> {
  const response: PushResponse = { conflicts: [], rejected: [] };
  // One hint per reader per push, carrying the latest checkpoint: a 200-row batch wakes each
  // device once, not 200 times.
  const hints = new Map<string, Checkpoint>();
  for (const row of rows) {
    const outcome = await ctx.db.transaction().execute((trx) => applyRow(trx, collection, writer, row, ctx.now()));
    if (outcome.kind === 'conflict') response.conflicts.push(outcome.master);
    else if (outcome.kind === 'rejected') response.rejected.push(outcome.row);
    else if (outcome.kind === 'written') {
      for (const reader of outcome.audience) hints.set(reader, outcome.checkpoint);
      ctx.docEvents.emit({
        collection: collection.name,
        id: outcome.doc.id,
        doc: outcome.doc,
        deleted: outcome.deleted,
        previous: outcome.previous,
        writerId: writer.id,
      });
    }
  }
  for (const [reader, checkpoint] of hints) ctx.pubsub.publish([reader], { collection: collection.name, checkpoint });
  return response;
}
