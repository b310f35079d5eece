import type { AppContext } from '../context';

export interface NoticeInput {
  /** One of NOTIFICATION_EVENTS in sync/api/notifications.ts; decides which preferences apply. */
  event: string;
  title: string;
  body?: string;
  /** In-app link, e.g. '/settings'. */
  link?: string;
}

// TODO(helper): honour the person's notification preferences: in-app row and/or e-mail.
export async function notifyUser(_ctx: AppContext, _userId: string, _notice: NoticeInput): Promise<void> {}
