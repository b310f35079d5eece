/** A new password must pass the shared policy (already checked by the zod schema) and must not
 * be a common one. The error names the form field so the UI shows it in place. */
import { PASSWORD_MESSAGES } from '../../sync/password-policy';
import { invalid } from '../http/errors';
import { isCommonPassword } from './common-passwords';

export async function assertNotCommon(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalid(PASSWORD_MESSAGES.common, { [field]: PASSWORD_MESSAGES.common });
}
