/**
 * "E-mail me a sign-in link" and "Forgot password": the answer never says whether the address
 * has an account, neither in its words nor in its timing. The request does the same work for any
 * address — it queues one job — and the job, after the answer, looks the account up and mails
 * existing, non-suspended accounts only.
 */
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { sendPasswordReset, sendSignInLink } from './auth-mail';
import { findUserByEmail } from './users';

const MAIL_LINK_JOB = 'auth.mail-link';

const SENDERS = { signin: sendSignInLink, reset: sendPasswordReset } as const;
type MailLinkPurpose = keyof typeof SENDERS;

export async function requestMailLink(ctx: AppContext, purpose: MailLinkPurpose, email: string): Promise<void> {
  await ctx.queue.enqueue(MAIL_LINK_JOB, { purpose, email });
}

async function sendMailLink(ctx: AppContext, payload: { purpose?: unknown; email?: unknown }): Promise<void> {
  const { purpose, email } = payload;
  if (typeof email !== 'string' || (purpose !== 'signin' && purpose !== 'reset')) return; // malformed: nothing to send
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status === 'suspended') return;
  await SENDERS[purpose](ctx, { email: user.email, userId: user.id, name: user.displayName });
}

export function registerAuthJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(MAIL_LINK_JOB, (payload: { purpose?: unknown; email?: unknown }) => sendMailLink(ctx, payload));
}
