/**
 * The e-mails that carry a one-time link to /auth/callback. Other features (admin: reset,
 * beta invite) send through these so every link works the same way.
 */
import type { AppContext } from '../context';
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
    subject: 'Confirm your e-mail for Quire',
    text: `${greeting(r)}\n\nConfirm your e-mail address to finish setting up your Quire account:\n\n${link}\n\nThe link works once and expires in 48 hours. If you didn't sign up, ignore this message.`,
  });
}

export async function sendSignInLink(ctx: AppContext, r: Recipient) {
  const { link } = await issueCode(ctx, 'signin', r.email, { userId: r.userId });
  await ctx.mail.send({
    to: r.email,
    subject: 'Your Quire sign-in link',
    text: `${greeting(r)}\n\nUse this link to sign in to Quire:\n\n${link}\n\nIt works once and expires in 15 minutes. If you didn't ask for it, ignore this message.`,
  });
}

export async function sendPasswordReset(ctx: AppContext, r: Recipient) {
  const { link } = await issueCode(ctx, 'reset', r.email, { userId: r.userId });
  await ctx.mail.send({
    to: r.email,
    subject: 'Reset your Quire password',
    text: `${greeting(r)}\n\nSomeone (hopefully you) asked to reset the password of your Quire account. Choose a new one here:\n\n${link}\n\nThe link works once and expires in one hour. Setting a new password signs you out everywhere else. If you didn't ask for this, ignore this message.`,
  });
}

export async function sendBetaInvite(ctx: AppContext, r: Recipient & { note?: string }) {
  const { link } = await issueCode(ctx, 'invite', r.email, { data: { name: r.name ?? '' } });
  await ctx.mail.send({
    to: r.email,
    subject: "You're invited to Quire",
    text: `${greeting(r)}\n\nYour request to join the Quire beta was approved.${r.note ? `\n\n${r.note}` : ''}\n\nCreate your account here:\n\n${link}\n\nThe invitation expires in 14 days.`,
  });
}

/** Sent instead of a verification mail when someone signs up with an address that already has
 * an account, so the sign-up answer is the same either way. */
export async function sendAlreadyRegistered(ctx: AppContext, r: Recipient) {
  await ctx.mail.send({
    to: r.email,
    subject: 'Someone tried to sign up to Quire with your e-mail',
    text: `${greeting(r)}\n\nSomeone tried to create a Quire account with this address, which already has one. If it was you, sign in instead, or reset your password at ${ctx.config.publicUrl}/auth/reset-password.\n\nIf it wasn't you, you can ignore this message.`,
  });
}
