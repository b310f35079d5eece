/**
 * The e-mails that carry a one-time link to /auth/callback. Other features (admin: reset,
 * beta invite) send through these so every link works the same way.
 */
import type { AppContext } from '../context';
import { renderMail } from '../mail/transactional';
import { issueCode } from './codes';

interface Recipient {
  email: string;
  userId?: string | null;
  name?: string;
}

function greeting(r: Recipient) {
  return r.name ? `Hello ${r.name},` : 'Hello,';
}

export async function sendVerifyEmail(ctx: AppContext, r: Recipient) {
  const { link } = await issueCode(ctx, 'verify', r.email, { userId: r.userId });
  await ctx.mail.send({
    to: r.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Confirm your e-mail for Quire',
      heading: 'Confirm your e-mail',
      paragraphs: [greeting(r), 'Confirm your e-mail address to finish setting up your Quire account:'],
      action: { label: 'Confirm your e-mail', url: link },
      after: ["The link works once and expires in 48 hours. If you didn't sign up, ignore this message."],
    }),
  });
}

export async function sendSignInLink(ctx: AppContext, r: Recipient) {
  const { link } = await issueCode(ctx, 'signin', r.email, { userId: r.userId });
  await ctx.mail.send({
    to: r.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Your Quire sign-in link',
      heading: 'Sign in to Quire',
      paragraphs: [greeting(r), 'Use this link to sign in to Quire:'],
      action: { label: 'Sign in', url: link },
      after: ["It works once and expires in 15 minutes. If you didn't ask for it, ignore this message."],
    }),
  });
}

export async function sendPasswordReset(ctx: AppContext, r: Recipient) {
  const { link } = await issueCode(ctx, 'reset', r.email, { userId: r.userId });
  await ctx.mail.send({
    to: r.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Reset your Quire password',
      heading: 'Reset your password',
      paragraphs: [greeting(r), 'Someone (hopefully you) asked to reset the password of your Quire account. Choose a new one here:'],
      action: { label: 'Choose a new password', url: link },
      after: [
        "The link works once and expires in one hour. Setting a new password signs you out everywhere else. If you didn't ask for this, ignore this message.",
      ],
    }),
  });
}

export async function sendBetaInvite(ctx: AppContext, r: Recipient & { note?: string }) {
  const { link } = await issueCode(ctx, 'invite', r.email, { data: { name: r.name ?? '' } });
  await ctx.mail.send({
    to: r.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: "You're invited to Quire",
      paragraphs: [greeting(r), 'Your request to join the Quire beta was approved.', r.note ?? '', 'Create your account here:'],
      action: { label: 'Create your account', url: link },
      after: ['The invitation expires in 14 days.'],
    }),
  });
}

/** Sent instead of a verification mail when someone signs up with an address that already has
 * an account, so the sign-up answer is the same either way. */
export async function sendAlreadyRegistered(ctx: AppContext, r: Recipient) {
  const site = ctx.config.publicUrl;
  await ctx.mail.send({
    to: r.email,
    ...renderMail(site, {
      subject: 'Someone tried to sign up to Quire with your e-mail',
      heading: 'You already have a Quire account',
      paragraphs: [
        greeting(r),
        `Someone tried to create a Quire account with this address, which already has one. If it was you, sign in instead, or reset your password at ${site}/auth/reset-password.`,
        "If it wasn't you, you can ignore this message.",
      ],
    }),
  });
}
