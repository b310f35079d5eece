/**
 * Authentication extension: decides, before a socket may send a single message, who is on the
 * other end and with which role on the document. Origin is checked separately (and first) in
 * attach.ts, because a cross-site page must not even get a socket.
 */
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'hono/utils/cookie';
import { CLOSE_CODES, parseDocName, type CollabRole } from '../../sync/collab/close-codes';
import { validateSessionToken } from '../auth/sessions';
import type { AppContext } from '../context';
import { clientIp, nodeRequestFacts } from '../http/proxy';
import { SESSION_COOKIE } from '../limits';
import type { CollabAccess } from '../manuscripts/access/access';

export type Admission =
  | { ok: true; userId: string; sessionId: string; role: CollabRole; docName: string; renewed?: { token: string; expiresAt: number } }
  | { ok: false; code: number; reason: string };

export async function admit(ctx: AppContext, access: CollabAccess, req: IncomingMessage, rawDocName: string): Promise<Admission> {
  const parsed = parseDocName(rawDocName);
  if (!parsed) return { ok: false, code: CLOSE_CODES.badDocumentName, reason: 'bad document name' };

  let token: string | undefined;
  try {
    token = parseCookies(req.headers.cookie ?? '', SESSION_COOKIE)[SESSION_COOKIE];
  } catch {
    token = undefined; // a malformed Cookie header is the same as none
  }
  if (!token) return { ok: false, code: CLOSE_CODES.unauthenticated, reason: 'sign in' };
  const session = await validateSessionToken(ctx, token, {
    userAgent: req.headers['user-agent'] ?? '',
    ip: clientIp(nodeRequestFacts(req), ctx.config.trustProxy),
  });
  if (!session || session.user.status !== 'active') return { ok: false, code: CLOSE_CODES.unauthenticated, reason: 'sign in' };

  if (!(await access.exists(parsed.name))) return { ok: false, code: CLOSE_CODES.unknownDocument, reason: 'unknown document' };
  const role = await access.roleFor(session.user.id, parsed.name);
  if (!role) return { ok: false, code: CLOSE_CODES.forbidden, reason: 'not a co-author' };
  return { ok: true, userId: session.user.id, sessionId: session.sessionId, role, docName: parsed.name, renewed: session.renewed };
}
