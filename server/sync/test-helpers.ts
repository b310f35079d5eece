/** Accounts, list documents and sync requests for the sync tests. */
import type { ReadingList } from '../../sync/collections/reading-lists';
import type { Writer } from '../../sync/replication/collection';
import { withReader, type GrantableRole, type Role } from '../../sync/roles';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import type { AppContext } from '../context';
import { createSession } from '../auth/sessions';
import type { TestContext } from '../test/test-context';

/** Insert an active user (a reader, plus `roles`) and open a session; returns the Cookie header value. */
export async function buildUser(ctx: AppContext, id: string, roles: GrantableRole[] = []): Promise<string> {
  const now = Date.now();
  await ctx.db
    .insertInto('users')
    .values({
      id,
      email: `${id}@x.test`,
      username: id,
      displayName: id,
      passwordHash: null,
      emailVerifiedAt: now,
      status: 'active',
      rolesVersion: 1,
      bio: '',
      avatarUrl: null,
      profileVisibility: 'public',
      theme: 'system',
      deletionDueAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  for (const role of roles) await ctx.db.insertInto('userRoles').values({ userId: id, role, grantedAt: now, grantedBy: null }).execute();
  const { token } = await createSession(ctx, id, { userAgent: '', ip: '' });
  return `quire_session=${token}`;
}

/** A test account as the push rules see a session's user (for calling applyPush directly). */
export function asWriter(user: { id: string; displayName: string; roles: readonly Role[] }): Writer {
  return { id: user.id, displayName: user.displayName, roles: withReader(user.roles), status: 'active' };
}

export function buildList(overrides: Partial<ReadingList> & { ownerId: string }): ReadingList & { _deleted: boolean } {
  return {
    id: `list-${Math.random().toString(36).slice(2, 10)}`,
    name: 'To read',
    description: '',
    visibility: 'private',
    items: [],
    createdAt: 1,
    updatedAt: 0,
    _deleted: false,
    ...overrides,
  };
}

export function syncRequest(t: TestContext, cookie: string | undefined, path: string, json?: unknown, protocol: number | null = PROTOCOL_VERSION) {
  const headers: Record<string, string> = protocol === null ? {} : { [PROTOCOL_HEADER]: String(protocol) };
  return t.request(`/api/sync/${path}`, { method: json === undefined ? 'GET' : 'POST', json, cookie, headers });
}

export async function push(t: TestContext, cookie: string, rows: unknown[], collection = 'reading-lists') {
  const res = await syncRequest(t, cookie, `${collection}/push`, { rows });
  if (res.status !== 200) throw new Error(`push ${res.status}: ${await res.text()}`);
  return (await res.json()) as { conflicts: any[]; rejected: { id: string; code: string; message: string }[] };
}

export async function pull(t: TestContext, cookie: string, checkpoint: unknown = null, limit = 100, collection = 'reading-lists') {
  const res = await syncRequest(t, cookie, `${collection}/pull`, { checkpoint, limit });
  if (res.status !== 200) throw new Error(`pull ${res.status}: ${await res.text()}`);
  return (await res.json()) as { documents: any[]; checkpoint: { updatedAt: number; id: string } | null };
}

/** Read SSE events from a streaming response until `count` arrived or `ms` passed. */
export async function readEvents(res: Response, count: number, ms = 1000): Promise<{ event: string; data: unknown }[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      events.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
    }
  }
  await reader.cancel().catch(() => undefined);
  return events;
}
