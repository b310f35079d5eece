/**
 * Client calls of the auth API. Most go through the shared `api`; the two that redeem an
 * e-mailed code need the error's `reason` (used, expired, invalid), which the shared client
 * does not keep, so they read the answer themselves.
 */
import type {
  BetaRequestInput,
  CallbackResponse,
  CheckEmailResponse,
  CodeErrorBody,
  CodeFailureReason,
  EmailOnlyInput,
  OkResponse,
  ResetPasswordInput,
  SignInInput,
  SignInResponse,
  SignUpInput,
} from '../../../sync/api/auth';
import type { ApiErrorBody } from '../../../sync/errors';
import { api, ApiRequestError } from '../../app/api';

/** An e-mailed code the server refused; the page sends the visitor to /auth/auth-code-error. */
export class CodeRefused extends Error {
  constructor(readonly reason: CodeFailureReason) {
    super(`code ${reason}`);
  }
}

const OFFLINE = "You're offline or Quire can't be reached. Try again when you're connected.";

async function postCode<T>(path: string, json: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(json),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, 'network', OFFLINE);
  }
  const body = (await res.json().catch(() => undefined)) as (T & Partial<CodeErrorBody> & Partial<ApiErrorBody>) | undefined;
  if (res.ok) return body as T;
  const err = body?.error;
  if (err && 'reason' in err && err.reason) throw new CodeRefused(err.reason);
  if (err) throw new ApiRequestError(res.status, err.code, err.message, err.fields, err.retryAfter, err.digest);
  if (res.status === 503 || res.status === 504) throw new ApiRequestError(0, 'network', OFFLINE);
  throw new ApiRequestError(res.status, 'internal', `Request failed (${res.status}).`);
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
