/**
 * A refused e-mailed code: 400 `bad_request` with a `reason` (invalid, used, expired) that the
 * client turns into /auth/auth-code-error?reason=….
 */
import type { CodeFailureReason } from '../../sync/api/auth';
import type { ApiErrorBody } from '../../sync/errors';
import { ApiError } from '../http/errors';

const MESSAGES: Record<CodeFailureReason, string> = {
  invalid: 'This link is not valid. It may have been copied incompletely.',
  used: 'This link has already been used.',
  expired: 'This link has expired.',
};

export class CodeError extends ApiError {
  constructor(readonly reason: CodeFailureReason) {
    super(400, 'bad_request', MESSAGES[reason]);
  }

  override toBody(): ApiErrorBody {
    const body = super.toBody();
    return { error: { ...body.error, reason: this.reason } as ApiErrorBody['error'] };
  }
}
