/**
 * Version history of chapter documents. Automatic versions are taken by the collaboration server
 * itself (hooks of SharedDoc): the state just before an editor's first accepted update on a
 * connection (an editing session), and again when an update arrives and the chapter's last
 * version is an hour old. Named versions and restores come from the HTTP routes and run in the
 * document's queue, so they see exactly the state the sockets have built. A restore is a new
 * change on top of the live document (see replaceContentUpdate), applied, stored and broadcast
 * like any editor's update, after keeping the state it replaces as an automatic version.
 */
import * as Y from 'yjs';
import type { VersionReason, VersionSummary } from '../../../sync/api/versions';
import { sanitizeChapter } from '../../books/epub/sanitize';
import { renderChapterState, replaceContentUpdate } from '../../collab/lexical-doc';
import type { SharedDoc, SharedDocHooks, SnapshotReason } from '../../collab/shared-doc';
import type { DB } from '../../db/connection';
import { AUTO_VERSION_EVERY } from './thinning';
import { VersionStore } from './store';

/** True for a document nothing was ever written to: not worth a version. */
function isEmptyState(state: Uint8Array): boolean {
  return Y.decodeStateVector(Y.encodeStateVectorFromUpdate(state)).size === 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/** Lexical's HTML through the reader's sanitiser, so the browser can show it as is. */
function renderVersion(docName: string, state: Uint8Array) {
  const rendered = renderChapterState(state);
  const { xhtml } = sanitizeChapter(rendered.html, {
    chapterId: docName,
    path: 'chapter.html',
    chapterIdOf: () => undefined,
    assetUrlOf: () => undefined,
  });
  return { html: xhtml, text: rendered.text, wordCount: rendered.wordCount };
}

export class Versioning {
  readonly store: VersionStore;
  /** When each loaded document's last version was taken (null: none yet); read once per load. */
  private lastAt = new WeakMap<SharedDoc, number | null>();

  constructor(
    db: DB,
    private readonly now: () => number,
  ) {
    this.store = new VersionStore(db);
  }

  /** The SharedDoc hooks that take automatic versions (bound: the registry passes them on as is). */
  readonly hooks: Required<Pick<SharedDocHooks, 'snapshotDue' | 'snapshot'>> = {
    snapshotDue: async (shared, firstEdit) => {
      if (firstEdit) return 'session';
      const last = await this.lastVersionAt(shared);
      return last !== null && this.now() - last >= AUTO_VERSION_EVERY ? 'hourly' : null;
    },
    snapshot: async (shared, before, userId, reason: SnapshotReason) => {
      await this.keepAutomatic(shared, before, userId, reason);
    },
  };

  /** Save the document's current state under a name. Runs in the document's queue. */
  saveNamed(shared: SharedDoc, userId: string, name: string): Promise<VersionSummary> {
    return shared.exclusive(async () => {
      const version = await this.save(shared.name, Y.encodeStateAsUpdate(shared.doc), 'named', userId, name);
      this.lastAt.set(shared, version.createdAt);
      return version;
    });
  }

  /**
   * Make the live document hold the content of `state` again, as a new change on top of it. The
   * state it replaces is kept first as an automatic version, so a restore can itself be undone.
   */
  restore(shared: SharedDoc, state: Uint8Array, userId: string): Promise<void> {
    return shared.exclusive(async () => {
      const current = Y.encodeStateAsUpdate(shared.doc);
      await this.keepAutomatic(shared, current, userId, 'restore');
      await shared.applyServerUpdate(replaceContentUpdate(current, state));
    });
  }

  private async lastVersionAt(shared: SharedDoc): Promise<number | null> {
    if (!this.lastAt.has(shared)) this.lastAt.set(shared, (await this.store.latest(shared.name))?.createdAt ?? null);
    return this.lastAt.get(shared)!;
  }

  private async keepAutomatic(shared: SharedDoc, state: Uint8Array, userId: string, reason: Exclude<VersionReason, 'named'>): Promise<void> {
    // The hour is counted from here even when nothing is stored: an empty chapter's first
    // session starts its clock, and an unchanged state needs no second copy.
    this.lastAt.set(shared, this.now());
    if (isEmptyState(state)) return;
    const latest = await this.store.latest(shared.name);
    if (latest && sameBytes(new Uint8Array(latest.state), state)) return;
    await this.save(shared.name, state, 'auto', userId, null, reason);
    await this.store.thin(shared.name, this.now());
  }

  private save(docName: string, state: Uint8Array, kind: 'auto' | 'named', authorId: string, name: string | null, reason: VersionReason = 'named') {
    return this.store.insert({ docName, kind, reason, name, authorId, state, ...renderVersion(docName, state), createdAt: this.now() });
  }
}
