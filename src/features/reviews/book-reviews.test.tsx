// @vitest-environment happy-dom
/** <BookReviews> against a stubbed /api: what an owner, a non-owner and a refused form see. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookReviewsResponse } from '../../../sync/api/reviews';
import { ToastProvider } from '../../ui';
import { BookReviews } from './book-reviews';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const review = {
  id: 'r1',
  rating: 4,
  text: 'A quiet, generous book.',
  createdAt: Date.UTC(2026, 0, 5),
  updatedAt: Date.UTC(2026, 0, 5),
  reviewer: { username: 'ada', displayName: 'Ada Reader' },
  verifiedReader: true,
};
function listing(overrides: Partial<BookReviewsResponse> = {}): BookReviewsResponse {
  return {
    summary: { count: 1, average: 4, histogram: [0, 0, 0, 1, 0] },
    items: [review],
    page: 1,
    pageSize: 20,
    total: 1,
    mine: null,
    canReview: 'yes',
    ...overrides,
  };
}

let root: Root;
let host: HTMLElement;
let answers: Record<string, (init?: RequestInit) => Response | Promise<Response>>;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    if (!answer) throw new Error(`unexpected ${init?.method} ${url}`);
    return answer(init);
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Renders the reviews with `client` (kept across renders when a test re-renders with new props). */
const render = (client: QueryClient, owned: boolean) =>
  act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <BookReviews bookId="b1" owned={owned} />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  );

async function show(owned: boolean) {
  await render(newClient(), owned);
  await vi.waitFor(() => expect(host.querySelector('[role="status"]')).toBeNull());
}

describe('<BookReviews>', () => {
  it('shows the summary, the verified badge and the form to an owner', async () => {
    answers['GET /api/books/b1/reviews'] = json(200, listing());
    await show(true);
    expect(host.querySelector('.rating-summary-number')?.textContent).toBe('4.0');
    expect(host.querySelector('[aria-label="Review by Ada Reader"]')?.textContent).toContain('Verified reader');
    expect(host.textContent).toContain('Rate and review this book');
  });

  it('explains why a non-owner cannot review, and shows the empty state', async () => {
    answers['GET /api/books/b1/reviews'] = json(
      200,
      listing({ items: [], total: 0, summary: { count: 0, average: null, histogram: [0, 0, 0, 0, 0] }, canReview: 'not_owner' }),
    );
    await show(false);
    expect(host.querySelector('form')).toBeNull();
    expect(host.textContent).toContain('Only readers who have this book in their library can review it.');
    expect(host.textContent).toContain('No reviews yet');
  });

  it('keeps the form someone is filling in when the library arrives after the page (owned false → true)', async () => {
    answers['GET /api/books/b1/reviews'] = json(200, listing());
    const client = newClient();
    await render(client, false);
    await vi.waitFor(() => expect(host.querySelector('form.review-form')).not.toBeNull());
    const form = host.querySelector('form.review-form');
    let answer!: () => void;
    answers['GET /api/books/b1/reviews'] = () => new Promise<Response>((resolve) => (answer = () => resolve(json(200, listing())())));
    await render(client, true);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(form?.isConnected).toBe(true); // still shown while the new answer loads
    await act(async () => answer());
    expect(host.querySelector('form.review-form')).toBe(form); // the same form: nothing typed is lost
  });

  it("shows the server's field message next to the stars", async () => {
    answers['GET /api/books/b1/reviews'] = json(200, listing());
    answers['PUT /api/books/b1/reviews/mine'] = json(422, {
      error: { code: 'validation_failed', message: 'Choose a rating from 1 to 5 stars.', fields: { rating: 'Choose a rating from 1 to 5 stars.' } },
    });
    await show(true);
    await act(async () => host.querySelector('form')!.requestSubmit());
    await vi.waitFor(() => expect(host.querySelector('.star-input .field-error')?.textContent).toBe('Choose a rating from 1 to 5 stars.'));
    expect(host.querySelector('[role="radiogroup"]')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets a blocked reader delete but not edit their review', async () => {
    answers['GET /api/books/b1/reviews'] = json(
      200,
      listing({ mine: { ...review, reviewer: { username: 'me', displayName: 'Me' }, id: 'r2', hidden: false }, canReview: 'blocked' }),
    );
    await show(true);
    const buttons = [...host.querySelectorAll('.my-review button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Delete review']);
    expect(host.querySelector('.my-review')?.textContent).toContain('Your account can no longer write reviews.');
  });
});
