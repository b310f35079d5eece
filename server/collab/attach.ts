/**
 * `/collab/{docName}` on Quire's own HTTP server: an `upgrade` listener that checks origin,
 * session and role before the socket exists (refusals still become sockets closed with a
 * `sync/collab` close code, which a browser can read, whereas an HTTP status it cannot), then
 * hands accepted sockets to the document registry. One place creates every collaboration socket.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { serialize } from 'hono/utils/cookie';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES, COLLAB_PATH_PREFIX } from '../../sync/collab/close-codes';
import type { AppContext } from '../context';
import { isSameOrigin } from '../http/origin';
import { nodeRequestFacts, requestIsHttps } from '../http/proxy';
import { SESSION_COOKIE } from '../limits';
import { admit, type Admission } from './authenticate';
import { ConnectionLimit } from './connection-limit';
import type { DocRegistry } from './doc-registry';
import { COLLAB_MAX_CONNECTIONS_PER_USER, COLLAB_MAX_MESSAGE_BYTES, COLLAB_PING_INTERVAL, COLLAB_SESSION_RECHECK_INTERVAL } from './limits';
import { watchMembership, type LiveConnection } from './membership-watch';
import type { RenderScheduler } from './render-scheduler';
import { watchSessions } from './session-watch';
import type { CollabServiceOptions } from './services';
import type { CollabConnection } from './shared-doc';
import type { CollabStore } from './store';

export interface CollabSocketOptions {
  maxConnectionsPerUser?: number;
  /** How often open sockets re-check their session (tests shorten it). */
  sessionRecheckMs?: number;
}

/** Everything a server's collaboration can be tuned with: services (buildContext) and sockets. */
export type CollabOptions = CollabServiceOptions & CollabSocketOptions;

export interface CollabServer {
  registry: DocRegistry;
  store: CollabStore;
  renders: RenderScheduler;
  limit: ConnectionLimit;
  /** Close every socket, then compact, render and unload every document. */
  close(): Promise<void>;
}

function refuseHttp(socket: Duplex, status: 403 | 404): void {
  socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function requestUrl(req: IncomingMessage, https: boolean): string {
  return `${https ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
}

export function attachCollab(server: Server, ctx: AppContext, options: CollabSocketOptions = {}): CollabServer {
  const { log, access, store, renders, registry } = ctx.collab;
  const limit = new ConnectionLimit(options.maxConnectionsPerUser ?? COLLAB_MAX_CONNECTIONS_PER_USER);
  const wss = new WebSocketServer({ noServer: true, maxPayload: COLLAB_MAX_MESSAGE_BYTES });
  const sockets = new Set<WebSocket>();
  const live = new Set<LiveConnection>();
  const unwatchMembership = watchMembership(ctx, access, () => live, log, ctx.collab.relay);
  const unwatchSessions = watchSessions(ctx, () => live, log, options.sessionRecheckMs ?? COLLAB_SESSION_RECHECK_INTERVAL);
  // A rotated session token rides on the 101 response, as it would on any HTTP response.
  const cookies = new WeakMap<IncomingMessage, string>();
  wss.on('headers', (headers, req) => {
    const cookie = cookies.get(req);
    if (cookie) headers.push(`Set-Cookie: ${cookie}`);
  });

  function open(ws: WebSocket, admission: Extract<Admission, { ok: true }>): void {
    const { userId, sessionId, role, docName } = admission;
    if (!limit.tryTake(userId)) {
      ws.close(CLOSE_CODES.tooManyConnections, 'too many connections');
      return;
    }
    log('opened', { doc: docName, user: userId, role });
    const conn: CollabConnection = {
      userId,
      role,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(message, (error) => error && ws.terminate());
      },
      close: (code, reason) => ws.close(code, reason),
    };
    const entry: LiveConnection = { conn, docName, sessionId };
    live.add(entry);
    let shared: Awaited<ReturnType<DocRegistry['acquire']>> | null = null;
    let closed = false;
    const early: Uint8Array[] = []; // messages that arrive while the document loads
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, COLLAB_PING_INTERVAL);
    ws.on('pong', () => (alive = true));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return ws.close(CLOSE_CODES.malformedMessage, 'binary messages only');
      const message = new Uint8Array(data as ArrayBuffer);
      if (shared) shared.receive(conn, message);
      else early.push(message);
    });
    ws.on('close', () => {
      closed = true;
      live.delete(entry);
      clearInterval(ping);
      limit.release(userId);
      log('closed', { doc: docName, user: userId });
      if (shared) {
        shared.remove(conn);
        registry.release(docName);
      }
    });
    registry.acquire(docName).then(
      (doc) => {
        if (closed) return registry.release(docName);
        shared = doc;
        doc.add(conn);
        for (const message of early.splice(0)) doc.receive(conn, message);
      },
      (error: unknown) => {
        log('task-failed', { doc: docName, error: String(error) });
        ws.close(CLOSE_CODES.serverError, 'could not load');
      },
    );
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const https = requestIsHttps(nodeRequestFacts(req), ctx.config.trustProxy);
    const url = requestUrl(req, https);
    const headers = { get: (name: string) => req.headers[name] as string | undefined };
    if (!isSameOrigin(headers, url, ctx.config.publicUrl)) return refuseHttp(socket, 403);
    let docName: string;
    try {
      docName = decodeURIComponent(new URL(url).pathname.slice(COLLAB_PATH_PREFIX.length));
    } catch {
      docName = '';
    }
    let admission: Admission;
    try {
      admission = await admit(ctx, access, req, docName);
    } catch (error) {
      log('admit-failed', { error: String(error) });
      admission = { ok: false, code: CLOSE_CODES.serverError, reason: 'try again' };
    }
    if (socket.destroyed) return;
    if (admission.ok && admission.renewed) {
      const { token, expiresAt } = admission.renewed;
      cookies.set(req, serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: https, path: '/', expires: new Date(expiresAt) }));
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.binaryType = 'arraybuffer';
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => ws.terminate());
      if (admission.ok) open(ws, admission);
      else ws.close(admission.code, admission.reason); // no message listener: nothing it sends is read
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (!pathname.startsWith(COLLAB_PATH_PREFIX)) {
      if (server.listenerCount('upgrade') === 1) refuseHttp(socket, 404);
      return;
    }
    socket.on('error', () => socket.destroy());
    void handleUpgrade(req, socket, head);
  };
  server.on('upgrade', onUpgrade);

  return {
    registry,
    store,
    renders,
    limit,
    async close() {
      server.off('upgrade', onUpgrade);
      unwatchMembership();
      unwatchSessions();
      await Promise.all(
        [...sockets].map(
          (ws) =>
            new Promise<void>((resolve) => {
              ws.once('close', () => resolve());
              ws.close(CLOSE_CODES.goingAway, 'server shutting down');
              setTimeout(() => ws.terminate(), 500).unref();
            }),
        ),
      );
      await registry.settled();
      await renders.flushAll();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
