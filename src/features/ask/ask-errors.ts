/** What the Ask drawer says when a question failed: a refusal for asking too often reads as such. */
import { ApiRequestError, errorMessage } from '../../lib/api';

function wait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function askErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return `You’ve asked a lot of questions in a short time. Ask again in ${wait(Math.max(1, error.retryAfter ?? 60))}.`;
  }
  return errorMessage(error);
}
