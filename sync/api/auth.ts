/**
 * The auth API's contract (/api/auth/*): the zod schemas both sides parse with, and the shapes of
 * the answers. E-mails and usernames are normalised here (trimmed, lowercased) so the server
 * never compares two spellings of the same address.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../password-policy';
import { isReservedName, RESERVED_NAME_MESSAGE } from '../text/reserved-names';
import { endpoint } from './contract';
import { MeSchema } from './session';

const EMAIL_MAX = 254;
const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const DISPLAY_NAME_MAX = 60;
const BETA_NAME_MAX = 100;
export const BETA_REASON_MAX = 2000;
/** Codes are `id.secret` in base32; anything longer is not one of ours. */
const CODE_MAX = 200;

const str = (message: string) => z.string({ error: message });

export const EmailSchema = str('Enter your e-mail address.')
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(EMAIL_MAX, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));

export const UsernameSchema = str('Choose a username.')
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Use at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `Use at most ${USERNAME_MAX} characters.`)
  .regex(/^[a-z0-9_-]+$/, 'Use only letters a–z, digits, "_" and "-".')
  .refine((name) => !isReservedName(name), RESERVED_NAME_MESSAGE);

const displayName = (min: number) =>
  str('Enter a display name.')
    .trim()
    .min(min, 'Enter a display name.')
    .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`)
    .refine((name) => !isReservedName(name), RESERVED_NAME_MESSAGE);
/** A display name in the profile. At sign-up it may be empty: the username stands in. */
export const DisplayNameSchema = displayName(1);

/** A new password: the shared policy. The server adds the common-password check. */
const NewPasswordSchema = str('Enter a password.').superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An existing password: no policy (older accounts may predate it), only a sanity bound. */
const CurrentPasswordSchema = str('Enter your password.')
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH * 4, 'Email or password is incorrect.');

const CodeSchema = str('The link is incomplete.').trim().min(1, 'The link is incomplete.').max(CODE_MAX, 'The link is not valid.');

export const SignUpInput = z.object({
  email: EmailSchema,
  username: UsernameSchema,
  displayName: displayName(0).optional(),
  password: NewPasswordSchema,
  invite: z.string().trim().max(CODE_MAX).optional(),
});
export type SignUpInput = z.input<typeof SignUpInput>;

export const SignInInput = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type SignInInput = z.input<typeof SignInInput>;

/** Sign-in link and password-reset requests. */
export const EmailOnlyInput = z.object({ email: EmailSchema });
export type EmailOnlyInput = z.input<typeof EmailOnlyInput>;

export const CallbackInput = z.object({ code: CodeSchema });
export const ResetPasswordInput = z.object({ token: CodeSchema, password: NewPasswordSchema });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ChangePasswordInput = z.object({ currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const BETA_INTERESTS = ['reading', 'writing', 'publishing'] as const;
export const BetaRequestInput = z.object({
  name: str('Enter your name.').trim().min(1, 'Enter your name.').max(BETA_NAME_MAX, `Use at most ${BETA_NAME_MAX} characters.`),
  email: EmailSchema,
  interest: z.enum(BETA_INTERESTS, { error: 'Choose what brings you to Quire.' }),
  reason: str('Tell us a little about why.').trim().min(1, 'Tell us a little about why.').max(BETA_REASON_MAX, `Use at most ${BETA_REASON_MAX} characters.`),
});
export type BetaRequestInput = z.input<typeof BetaRequestInput>;

// ---------- answers ----------

/** The same answer whether or not the address has an account (no enumeration). */
const CheckEmailSchema = zm.object({ status: zm.literal('check-email') });
export type CheckEmailResponse = zm.infer<typeof CheckEmailSchema>;
const OkSchema = zm.object({ ok: zm.literal(true) });
export type OkResponse = zm.infer<typeof OkSchema>;

export const CODE_PURPOSES = ['verify', 'signin', 'reset', 'invite'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
/** Why an e-mailed code was refused; the client shows /auth/auth-code-error?reason=… */
export type CodeFailureReason = 'invalid' | 'used' | 'expired';
export interface CodeErrorBody {
  error: { code: 'bad_request'; message: string; reason: CodeFailureReason };
}

const DeviceSessionSchema = zm.object({
  id: zm.string(),
  userAgent: zm.string(),
  ip: zm.string(),
  createdAt: zm.number(),
  lastSeenAt: zm.number(),
  current: zm.boolean(),
});
export type DeviceSession = zm.infer<typeof DeviceSessionSchema>;

// ---------- endpoints ----------

/** 202: the mail goes out; the answer never says whether the address has an account. */
export const signUp = endpoint({ method: 'POST', path: '/api/auth/sign-up', body: SignUpInput, response: CheckEmailSchema, status: 202 });
/** Sets the session cookie. */
export const signIn = endpoint({ method: 'POST', path: '/api/auth/sign-in', body: SignInInput, response: zm.object({ user: MeSchema }) });
export type SignInResponse = zm.infer<typeof signIn.response>;

export const listSessions = endpoint({ method: 'GET', path: '/api/auth/sessions', response: zm.object({ sessions: zm.array(DeviceSessionSchema) }) });
export type SessionsResponse = zm.infer<typeof listSessions.response>;
export const signOutOtherSessions = endpoint({ method: 'POST', path: '/api/auth/sessions/sign-out-others', response: OkSchema });
/** Ending this browser's own session also clears its cookie. */
export const endSession = endpoint({ method: 'DELETE', path: '/api/auth/sessions/:id', response: OkSchema });
export const changePassword = endpoint({ method: 'POST', path: '/api/auth/password', body: ChangePasswordInput, response: OkSchema });

export const requestSignInLink = endpoint({ method: 'POST', path: '/api/auth/sign-in-link', body: EmailOnlyInput, response: CheckEmailSchema, status: 202 });
export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/password-reset',
  body: EmailOnlyInput,
  response: CheckEmailSchema,
  status: 202,
});
/** Redeems an e-mailed code (may set the session cookie); a refusal is a CodeErrorBody. */
export const redeemCode = endpoint({
  method: 'POST',
  path: '/api/auth/callback',
  body: CallbackInput,
  response: zm.object({
    purpose: zm.enum(CODE_PURPOSES),
    /** Where the client goes next (a same-site path). */
    next: zm.string(),
  }),
});
export type CallbackResponse = zm.infer<typeof redeemCode.response>;
/** Ends every session of the account, this browser's cookie included. */
export const resetPassword = endpoint({ method: 'POST', path: '/api/auth/reset-password', body: ResetPasswordInput, response: OkSchema });
export const requestBeta = endpoint({
  method: 'POST',
  path: '/api/auth/beta-request',
  body: BetaRequestInput,
  response: zm.object({ status: zm.literal('received') }),
  status: 202,
});
