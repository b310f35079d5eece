/**
 * Open sockets follow co-author changes: when a manuscript document is written (the owner removed
 * or re-roled someone, or deleted it) every open socket on one of its chapters is checked again —
 * a person who lost access is closed with `forbidden` (the editor says so), a changed role takes
 * effect at once (a downgraded editor's further updates are dropped). A deleted chapter closes its
 * sockets with `unknownDocument`. Without this a removed co-author kept writing until they
 * reconnected. With a relay (relay.ts) each such write is announced to the other instances, which
 * check their own sockets against the shared database the same way.
 */
import { CLOSE_CODES, parseDocName } from '../../sync/collab/close-codes';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import type { AppContext } from '../context';
import { readDoc } from '../sync/store';
import type { CollabAccess } from '../manuscripts/access/access';
import type { CollabRelay } from './relay';
import type { CollabConnection } from './shared-doc';

export interface LiveConnection {
  conn: CollabConnection;
  docName: string;
  /** The session the socket was admitted on (server/collab/session-watch.ts). */
  sessionId: string;
}

export function watchMembership(
  ctx: AppContext,
  access: CollabAccess,
  live: () => Iterable<LiveConnection>,
  log: (event: string, fields: Record<string, unknown>) => void,
  relay: CollabRelay | null = null,
): () => void {
  async function manuscriptOf(docName: string): Promise<string | null> {
    const parsed = parseDocName(docName);
    const chapter = parsed ? await readDoc(ctx.db, 'manuscript-chapters', parsed.id) : undefined;
    return chapter ? (chapter.doc as ManuscriptChapter).manuscriptId : null;
  }

  async function recheck(manuscriptId: string): Promise<void> {
    const owners = new Map<string, string | null>();
    for (const { conn, docName } of [...live()]) {
      if (!owners.has(docName)) owners.set(docName, await manuscriptOf(docName));
      if (owners.get(docName) !== manuscriptId) continue;
      if (!(await access.exists(docName))) {
        conn.close(CLOSE_CODES.unknownDocument, 'manuscript deleted');
        continue;
      }
      const role = await access.roleFor(conn.userId, docName);
      if (role === null) {
        log('access-revoked', { doc: docName, user: conn.userId });
        conn.close(CLOSE_CODES.forbidden, 'removed from manuscript');
      } else if (role !== conn.role) {
        log('role-changed', { doc: docName, user: conn.userId, from: conn.role, to: role });
        conn.role = role;
      }
    }
  }

  function closeChapter(chapterId: string): void {
    for (const { conn, docName } of [...live()]) if (parseDocName(docName)?.id === chapterId) conn.close(CLOSE_CODES.unknownDocument, 'chapter deleted');
  }

  const offManuscripts = ctx.docEvents.on('manuscripts', (write) => {
    relay?.publishAccessChange({ kind: 'manuscript', id: write.id });
    return recheck(write.id);
  });
  const offChapters = ctx.docEvents.on('manuscript-chapters', (write) => {
    if (!write.deleted) return;
    relay?.publishAccessChange({ kind: 'chapter-deleted', id: write.id });
    closeChapter(write.id);
  });
  const offRelay = relay?.onAccessChange((change) => {
    if (change.kind === 'chapter-deleted') return closeChapter(change.id);
    recheck(change.id).catch((error: unknown) => log('access-recheck-failed', { manuscript: change.id, error: String(error) }));
  });
  return () => {
    offManuscripts();
    offChapters();
    offRelay?.();
  };
}
