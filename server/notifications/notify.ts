/**
 * The one way to tell a person something: a replicated in-app notification and/or an e-mail, as their preferences
 * for the event say. Suspended and erased accounts hear nothing. Call it after the transaction
 * that caused the notice has committed, so a failed notice never undoes the action.
 */
import type { NotificationEvent } from '../../sync/api/notifications';
import { notifications } from '../../sync/collections/notifications';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { renderMail } from '../mail/transactional';
import { writeServerDoc } from '../sync/server-write';
import { loadPrefs } from './prefs';

export interface NoticeInput {
  /** One of NOTIFICATION_EVENTS in sync/api/notifications.ts; decides which preferences apply. */
  event: NotificationEvent;
  title: string;
  body?: string;
  /** In-app link, e.g. '/settings'. */
  link?: string;
}

const NOTICE_TITLE_MAX = 200;
const NOTICE_BODY_MAX = 4000;

export async function notifyUser(ctx: AppContext, userId: string, notice: NoticeInput): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'displayName', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.status === 'suspended' || user.status === 'deleted') return;
  const prefs = (await loadPrefs(ctx.db, userId))[notice.event];
  const title = notice.title.slice(0, NOTICE_TITLE_MAX);
  const body = (notice.body ?? '').slice(0, NOTICE_BODY_MAX);
  if (prefs.in_app) {
    // Replicated, not a table the bell polls: the person's devices are woken and keep it offline.
    const now = ctx.now();
    await writeServerDoc(ctx, notifications, {
      id: newId(),
      userId,
      kind: notice.event,
      title,
      body,
      link: notice.link ?? null,
      createdAt: now,
      readAt: null,
      updatedAt: now,
    });
  }
  if (prefs.email) {
    const site = ctx.config.publicUrl;
    await ctx.mail.send({
      to: user.email,
      ...renderMail(site, {
        subject: title,
        paragraphs: [`Hello ${user.displayName},`, body || title],
        action: notice.link ? { label: 'Open on Quire', url: `${site}${notice.link}` } : undefined,
        footer: `You get this e-mail because of your notification settings: ${site}/settings/notifications`,
      }),
    });
  }
}
