/**
 * Collaboration test fixtures: a real Quire server on a free port over a temp DATA_DIR (restartable
 * on the same directory), manuscripts with chapters and co-authors, and the STOCK y-websocket
 * client in Node, given the Cookie and Origin headers a browser would send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { chapterDocName, type CollabRole } from '../../sync/collab/close-codes';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { startServer, type RunningServer } from '../server';
import type { CollabOptions } from './attach';
import { appendParagraphUpdate, chapterUpdateFromParagraphs, renderChapterState } from './lexical-doc';
import { CollabStore } from './store';

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quire-collab-'));
}

export function startCollabServer(dataDir: string, collab: CollabOptions = {}, overrides: Partial<Config> = {}): Promise<RunningServer> {
  // An empty client folder: tests need no built app, and static serving must not see dataDir.
  const clientDir = path.join(dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, clientDir, demo: false, rateLimitScale: 1000, ...overrides };
  return startServer(config, { collab: { log: () => {}, ...collab } });
}

export async function buildManuscript(ctx: AppContext, ownerId: string, chapters = 1) {
  const id = newId();
  const now = ctx.now();
  await ctx.db.insertInto('manuscripts').values({ id, ownerId, title: 'A manuscript', createdAt: now, updatedAt: now }).execute();
  const chapterIds: string[] = [];
  for (let ord = 0; ord < chapters; ord++) {
    const chapterId = newId();
    await ctx.db
      .insertInto('manuscriptChapters')
      .values({ id: chapterId, manuscriptId: id, title: `Chapter ${ord + 1}`, ord })
      .execute();
    chapterIds.push(chapterId);
  }
  return { id, chapterIds, docNames: chapterIds.map(chapterDocName) };
}

export async function addMember(ctx: AppContext, manuscriptId: string, userId: string, role: Exclude<CollabRole, 'owner'>) {
  await ctx.db.insertInto('manuscriptMembers').values({ manuscriptId, userId, role }).execute();
}

/** Give a chapter document content as if an editor had typed it (stored as its snapshot). */
export async function seedChapter(ctx: AppContext, docName: string, paragraphs: readonly string[]) {
  await new CollabStore(ctx.db, ctx.now).compact(docName, chapterUpdateFromParagraphs(paragraphs), 0);
}

/** `ws` with fixed request headers, in the shape y-websocket expects of `WebSocketPolyfill`. */
function webSocketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Resolves once the first sync with the server completed. */
  synced: Promise<void>;
  /** Resolves with the close code of the first close. */
  closed: Promise<number>;
  destroy(): void;
}

export function connectClient(serverUrl: string, docName: string, options: { cookie?: string; origin?: string | null; doc?: Y.Doc } = {}): TestClient {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? serverUrl;
  const doc = options.doc ?? new Y.Doc();
  const provider = new WebsocketProvider(`${serverUrl.replace(/^http/, 'ws')}/collab`, docName, doc, {
    WebSocketPolyfill: webSocketWith(headers) as never,
    // Node has BroadcastChannel: without this, two clients in one process would sync directly.
    disableBc: true,
    maxBackoffTime: 200,
  });
  const synced = new Promise<void>((resolve) => provider.once('sync', (isSynced: boolean) => isSynced && resolve()));
  const closed = new Promise<number>((resolve) => provider.once('connection-close', (event) => resolve(event?.code ?? 0)));
  return {
    doc,
    provider,
    synced,
    closed,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Plain text of a chapter document, read through Lexical as the editor would show it. */
export function docText(doc: Y.Doc): string {
  return renderChapterState(Y.encodeStateAsUpdate(doc)).text;
}

/** Type a paragraph at the end of the client's copy; the provider sends it to the server. */
export function typeParagraph(client: TestClient, text: string): void {
  Y.applyUpdate(client.doc, appendParagraphUpdate(Y.encodeStateAsUpdate(client.doc), text));
}

/** The document as persisted in SQLite right now (snapshot + update log). */
export async function persistedText(ctx: AppContext, docName: string): Promise<string> {
  const stored = await new CollabStore(ctx.db, ctx.now).load(docName);
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  const text = docText(doc);
  doc.destroy();
  return text;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((r) => setTimeout(r, 10));
  }
}
