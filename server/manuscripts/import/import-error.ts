/**
 * A refused import with a reason a person can act on. Every refusal is 413 or 422 with the
 * message in `fields.file`, so the UI shows it next to the file control; `reason` lets it switch.
 */
import type { ApiErrorBody } from '../../../sync/errors';
import { ApiError } from '../../http/errors';

export type ImportRefusal = 'too_large' | 'empty' | 'unsupported' | 'broken' | 'zip_bomb' | 'no_text' | 'too_long' | 'too_deep';

export class ImportError extends ApiError {
  constructor(
    readonly reason: ImportRefusal,
    message: string,
  ) {
    super(reason === 'too_large' ? 413 : 422, reason === 'too_large' ? 'payload_too_large' : 'validation_failed', message, { file: message });
  }

  toBody(): ApiErrorBody {
    const body = super.toBody();
    return { error: { ...body.error, reason: this.reason } };
  }
}
