/**
 * Self-test of the two long-lived channels, over loopback as a browser would reach them: the
 * sync stream must answer (a visitor is refused with 401, which proves the route and session
 * layer run), and the collaboration socket must accept the upgrade and close an unsigned client
 * with its "unauthenticated" code.
 */
import WebSocket from 'ws';
import { CLOSE_CODES } from '../../sync/collab/close-codes';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import type { AppContext } from '../context';

const SOCKET_CHECK_TIMEOUT = 3_000;

interface Outcome {
  ok: boolean;
  detail: string;
  skipped?: boolean;
}

const notListening: Outcome = { ok: true, skipped: true, detail: 'The server is not listening on a port here (test context).' };

export async function checkSyncStream(ctx: AppContext): Promise<Outcome> {
  if (!ctx.selfUrl) return notListening;
  const res = await fetch(`${ctx.selfUrl}/api/sync/stream`, {
    headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
    signal: AbortSignal.timeout(SOCKET_CHECK_TIMEOUT),
  });
  await res.body?.cancel();
  if (res.status === 401) return { ok: true, detail: 'The sync stream answered and asked an unsigned client to sign in, as it should.' };
  return { ok: false, detail: `The sync stream answered ${res.status} to an unsigned client (expected 401).` };
}

export function checkCollabSocket(ctx: AppContext): Promise<Outcome> {
  if (!ctx.selfUrl) return Promise.resolve(notListening);
  return new Promise((resolve) => {
    const socket = new WebSocket(`${ctx.selfUrl!.replace(/^http/, 'ws')}/collab/chapter:self-test`, { headers: { origin: ctx.config.publicUrl } });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve({ ok: false, detail: `The collaboration socket did not answer within ${SOCKET_CHECK_TIMEOUT / 1000} s.` });
    }, SOCKET_CHECK_TIMEOUT);
    socket.on('close', (code) => {
      clearTimeout(timer);
      resolve(
        code === CLOSE_CODES.unauthenticated
          ? { ok: true, detail: 'The collaboration socket accepted the upgrade and refused an unsigned client, as it should.' }
          : { ok: false, detail: `The collaboration socket closed with code ${code} (expected ${CLOSE_CODES.unauthenticated}).` },
      );
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, detail: `The collaboration socket could not be reached: ${error.message}` });
    });
  });
}
