import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { askErrorMessage } from './ask-errors';

describe('askErrorMessage', () => {
  it('says a 429 is about asking too often, with the wait from Retry-After', () => {
    const limited = (seconds?: number) => new ApiRequestError(429, 'rate_limited', 'Too many attempts. Try again in 2 minutes.', {}, seconds);
    expect(askErrorMessage(limited(90))).toBe('You’ve asked a lot of questions in a short time. Ask again in 2 minutes.');
    expect(askErrorMessage(limited(1))).toBe('You’ve asked a lot of questions in a short time. Ask again in 1 second.');
    expect(askErrorMessage(limited())).toMatch(/Ask again in 1 minute\.$/);
  });

  it('passes other refusals through as the server worded them', () => {
    expect(askErrorMessage(new ApiRequestError(403, 'forbidden', 'Ask a book you own.'))).toBe('Ask a book you own.');
    expect(askErrorMessage(new Error('boom'))).toBe('Something went wrong. Try again.');
  });
});
