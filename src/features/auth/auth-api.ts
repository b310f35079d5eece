/** Client calls of the auth API. Redeeming an e-mailed code turns a refusal into CodeRefused. */
import {
  redeemCode,
  requestBeta,
  requestPasswordReset,
  requestSignInLink,
  resetPassword,
  signIn,
  signUp,
  type BetaRequestInput,
  type CodeFailureReason,
  type EmailOnlyInput,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
} from '../../../sync/api/auth';
import { ApiRequestError, call } from '../../lib/api';

/** An e-mailed code the server refused; the page sends the visitor to /auth/auth-code-error. */
export class CodeRefused extends Error {
  constructor(readonly reason: CodeFailureReason) {
    super(`code ${reason}`);
  }
}

const CODE_REASONS: readonly CodeFailureReason[] = ['invalid', 'used', 'expired'];

/** A code-redeeming request whose refusal carries the reason the error page explains. */
async function withCodeRefusal<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const reason = error instanceof ApiRequestError ? (error.reason as CodeFailureReason | undefined) : undefined;
    if (reason && CODE_REASONS.includes(reason)) throw new CodeRefused(reason);
    throw error;
  }
}

export const authApi = {
  signIn: (input: SignInInput) => call(signIn, { body: input }),
  signUp: (input: SignUpInput) => call(signUp, { body: input }),
  signInLink: (input: EmailOnlyInput) => call(requestSignInLink, { body: input }),
  passwordReset: (input: EmailOnlyInput) => call(requestPasswordReset, { body: input }),
  betaRequest: (input: BetaRequestInput) => call(requestBeta, { body: input }),
  callback: (code: string) => withCodeRefusal(call(redeemCode, { body: { code } })),
  resetPassword: (input: ResetPasswordInput) => withCodeRefusal(call(resetPassword, { body: input })),
};
