/** Client calls of the auth API. Redeeming an e-mailed code turns a refusal into CodeRefused. */
import type {
  BetaRequestInput,
  CallbackResponse,
  CheckEmailResponse,
  CodeFailureReason,
  EmailOnlyInput,
  OkResponse,
  ResetPasswordInput,
  SignInInput,
  SignInResponse,
  SignUpInput,
} from '../../../sync/api/auth';
import { api, ApiRequestError } from '../../lib/api';

/** An e-mailed code the server refused; the page sends the visitor to /auth/auth-code-error. */
export class CodeRefused extends Error {
  constructor(readonly reason: CodeFailureReason) {
    super(`code ${reason}`);
  }
}

const CODE_REASONS: readonly CodeFailureReason[] = ['invalid', 'used', 'expired'];

/** Redeem an e-mailed code; a refusal carries the reason the error page explains. */
async function postCode<T>(path: string, json: unknown): Promise<T> {
  try {
    return await api.post<T>(path, json);
  } catch (error) {
    const reason = error instanceof ApiRequestError ? (error.reason as CodeFailureReason | undefined) : undefined;
    if (reason && CODE_REASONS.includes(reason)) throw new CodeRefused(reason);
    throw error;
  }
}

export const authApi = {
  signIn: (input: SignInInput) => api.post<SignInResponse>('/api/auth/sign-in', input),
  signUp: (input: SignUpInput) => api.post<CheckEmailResponse>('/api/auth/sign-up', input),
  signInLink: (input: EmailOnlyInput) => api.post<CheckEmailResponse>('/api/auth/sign-in-link', input),
  passwordReset: (input: EmailOnlyInput) => api.post<CheckEmailResponse>('/api/auth/password-reset', input),
  betaRequest: (input: BetaRequestInput) => api.post<{ status: 'received' }>('/api/auth/beta-request', input),
  callback: (code: string) => postCode<CallbackResponse>('/api/auth/callback', { code }),
  resetPassword: (input: ResetPasswordInput) => postCode<OkResponse>('/api/auth/reset-password', input),
};
