/**
 * /api/chapters/:chapterId/versions — a chapter's version history, for its manuscript's
 * co-authors only, with the role the collaboration socket would get (one access rule for both):
 * every co-author may list and read versions (they can read the text anyway); only the owner and
 * editors may save a named version, rename or delete one, or restore. Signed out: 401; unknown
 * chapter: 404; signed in but not a co-author: 403.
 */
import { diffWords } from 'diff';
import { Hono, type Context } from 'hono';
import { deleteVersion, getVersion, listVersions, renameVersion, restoreVersion, saveVersion, type VersionDetailResponse } from '../../../sync/api/versions';
import { chapterDocName, parseDocName, type CollabRole } from '../../../sync/collab/close-codes';
import { mayOnManuscript } from '../../../sync/manuscripts/policy';
import { countWords } from '../../../sync/text/words';
import { renderChapterState } from '../../collab/lexical-doc';
import type { AppContext, AppEnv } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { requireUser } from '../../http/guard';
import { buildLimiter, take } from '../../http/rate-limit';
import { on } from '../../http/endpoint';
import * as Y from 'yjs';

/** Naming and restoring store a full copy of the chapter each time; this bounds a runaway client. */
const WRITES_PER_USER = { points: 30, windowSeconds: 60 };
/** A word diff of two very different long chapters is quadratic; past this it is skipped. */
const DIFF_TIMEOUT_MS = 250;

/** Words that restoring `version` would add to and remove from `current`. */
function wordChange(current: string, version: string): VersionDetailResponse['change'] {
  const parts = diffWords(current, version, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return null;
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.added) added += countWords(part.value);
    else if (part.removed) removed += countWords(part.value);
  }
  return { added, removed };
}

export function versionRoutes(ctx: AppContext) {
  const writes = buildLimiter(ctx, 'version-writes', WRITES_PER_USER);

  async function chapter(c: Context<AppEnv>): Promise<{ userId: string; docName: string; role: CollabRole }> {
    const user = requireUser(c);
    const docName = chapterDocName(c.req.param('chapterId') ?? '');
    const { access } = ctx.collab;
    if (!parseDocName(docName) || !(await access.exists(docName))) throw notFound('This chapter does not exist.');
    const role = await access.roleFor(user.id, docName);
    if (!role) throw forbidden('Only co-authors of this manuscript can see its history.');
    return { userId: user.id, docName, role };
  }

  async function editor(c: Context<AppEnv>) {
    const found = await chapter(c);
    if (!mayOnManuscript(found.role, 'save-version')) throw forbidden('Only the owner and editors can save or restore versions.');
    await take(writes, found.userId);
    return found;
  }

  const router = new Hono<AppEnv>();
  const at = '/api/chapters';
  on(router, at, listVersions, async (c) => {
    const { docName, role } = await chapter(c);
    return { role, ...(await ctx.collab.versions.store.list(docName)) };
  });
  on(router, at, saveVersion, async (c, { body }) => {
    const { userId, docName } = await editor(c);
    const { registry, versions } = ctx.collab;
    return { version: await registry.with(docName, (shared) => versions.saveNamed(shared, userId, body.name)) };
  });
  on(router, at, getVersion, async (c, { params }) => {
    const { docName } = await chapter(c);
    const { registry, versions } = ctx.collab;
    const [summary, content] = await Promise.all([versions.store.summary(docName, params.id), versions.store.get(docName, params.id)]);
    if (!summary || !content) throw notFound('This version does not exist any more.');
    const current = await registry.with(docName, async (shared) => Y.encodeStateAsUpdate(shared.doc));
    return { version: summary, html: content.html, change: wordChange(renderChapterState(current).text, content.text) };
  });
  on(router, at, renameVersion, async (c, { params, body }) => {
    const { docName } = await editor(c);
    const { store } = ctx.collab.versions;
    if (!(await store.rename(docName, params.id, body.name))) throw notFound('Only named versions can be renamed.');
    return { version: (await store.summary(docName, params.id))! };
  });
  on(router, at, deleteVersion, async (c, { params }) => {
    const { docName } = await editor(c);
    if (!(await ctx.collab.versions.store.deleteNamed(docName, params.id))) throw notFound('Only named versions can be deleted.');
    return undefined;
  });
  on(router, at, restoreVersion, async (c, { params }) => {
    const { userId, docName } = await editor(c);
    const { registry, versions } = ctx.collab;
    const [summary, content] = await Promise.all([versions.store.summary(docName, params.id), versions.store.get(docName, params.id)]);
    if (!summary || !content) throw notFound('This version does not exist any more.');
    await registry.with(docName, (shared) => versions.restore(shared, new Uint8Array(content.state), userId));
    return { version: summary };
  });
  return router;
}
