/**
 * Every route of the router (src/app/router.tsx), as the person who opens it, with real ids: the
 * accessibility and phone-layout sweep (accessibility.spec.ts) and `npm run shots` walk this list.
 * The ids come from the API, or from data made through it for the visit (a public list, a
 * message, a manuscript, orders), so nothing depends on what other journeys did before.
 * Only Playwright's library API here (no `expect`, no `test.info()`): the shots script uses it too.
 */
import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { DEMO, DEMO_PASSWORD } from './fixtures';

export type Account = keyof typeof DEMO;
export type Who = 'visitor' | Account;

export const DESKTOP = { width: 1366, height: 850 };
export const PHONE = { width: 390, height: 844 };

export interface Visit {
  /** The router's pattern this visit covers ('' is the home page, the index route). */
  route: string;
  who: Who;
  /** The URL, or how to make the data behind it. */
  to: string | ((data: RouteData) => Promise<string>);
  /** What else shows once the page is ready (besides: no loading bar, skeleton or busy region, an h1). */
  ready?: (page: Page) => Promise<void>;
  /** The page shows loading states on purpose (the component gallery: a skeleton, a busy button). */
  showsLoading?: boolean;
}

const READY_TIMEOUT = 20_000;
const visible = async (page: Page, selector: string) => page.locator(selector).first().waitFor({ timeout: READY_TIMEOUT });
const text = (value: string) => async (page: Page) => page.getByText(value).first().waitFor({ timeout: READY_TIMEOUT });
const readerReady = (page: Page) => visible(page, 'section.reader-chapter');
const postEditorReady = (page: Page) => visible(page, '[data-testid="chapter-text"][contenteditable="true"]');
const editorReady = async (page: Page) => {
  await page.getByTestId('chapter-sync').filter({ hasText: 'Synced' }).waitFor({ timeout: READY_TIMEOUT });
  await visible(page, '[data-testid="chapter-text"][contenteditable="true"]');
};

/** Free and paid demo books no other journey buys or claims (each list is only this module's). */
const READER_FREE_BOOK = 'demo-rain-on-the-tin-roof';
const PENDING_BOOKS = ['demo-the-summer-of-second-chances', 'demo-letters-to-a-young-gardener'];
// Two visits may buy as the demo reader at once, in two workers. A checkout closes the buyer's
// unpaid one holding the same book (its payment is then refused), so each buys from its own list.
const PAID_BOOKS = ['demo-the-clockmakers-apprentice', 'demo-the-accidental-detective'];
const MORE_PAID_BOOKS = ['demo-the-cartographers-daughter', 'demo-the-last-train-to-lisbon'];
const MESSAGE = 'Is the Salt Orchard sequel out this spring?';
const SUPPORT_QUESTION = 'How do I change the e-mail address on my account?';
const MANUSCRIPT_TEXT = 'The lamp at Gull Point had not gone out in forty years, and Maren meant to keep it lit.';

const v = (route: string, who: Who, to: Visit['to'], more: Partial<Visit> = {}): Visit => ({ route, who, to, ...more });

export const VISITS: Visit[] = [
  // Signed out.
  v('', 'visitor', '/'),
  v('auth', 'visitor', '/auth'),
  v('auth', 'visitor', '/auth?mode=signup'),
  v('auth', 'visitor', '/auth?mode=forgot'),
  v('auth/beta-request', 'visitor', '/auth/beta-request'),
  // A code nobody was sent: the callback sends the visitor on to the error page.
  v('auth/callback', 'visitor', '/auth/callback?code=not-a-code-anybody-was-sent', { ready: (page) => page.waitForURL(/\/auth\/auth-code-error/) }),
  v('auth/auth-code-error', 'visitor', '/auth/auth-code-error?reason=expired'),
  v('auth/reset-password', 'visitor', '/auth/reset-password'),
  v('privacy-policy', 'visitor', '/privacy-policy'),
  v('terms-of-service', 'visitor', '/terms-of-service'),
  v('theming', 'visitor', '/theming'),
  v('store', 'visitor', '/store'),
  v('store/advanced-search', 'visitor', '/store/advanced-search?genre=FF'),
  v('book/:bookId', 'visitor', '/book/demo-the-salt-orchard'),
  v('book/:bookId/sample', 'visitor', '/book/demo-the-salt-orchard/sample'),
  v('authors', 'visitor', '/authors'),
  v('author/:authorId', 'visitor', '/author/demo-author'),
  v('lists/:listId', 'visitor', async (d) => `/lists/${await d.publicList()}`),
  v('user/:username', 'visitor', '/user/author'),
  v('blog', 'visitor', '/blog'),
  v('blog', 'visitor', '/blog?tag=reading'),
  v('blog/:slug', 'visitor', '/blog/welcome-to-quire'),
  v('newsletter', 'visitor', '/newsletter'),
  v('newsletter/archive/:issueId', 'visitor', async (d) => `/newsletter/archive/${await d.newsletterIssue()}`),
  v('newsletter/confirm', 'visitor', '/newsletter/confirm?token=not-a-token-anybody-was-sent'),
  v('newsletter/unsubscribe', 'visitor', '/newsletter/unsubscribe?token=not-a-token-anybody-was-sent'),
  v('*', 'visitor', '/no-such-page'),

  // The reader.
  v('', 'reader', '/'),
  v('settings', 'reader', '/settings'),
  v('settings/account', 'reader', '/settings/account'),
  v('settings/billing', 'reader', '/settings/billing'),
  v('settings/notifications', 'reader', '/settings/notifications'),
  v('newsletter', 'reader', '/newsletter'),
  v('account-deletion', 'reader', '/account-deletion'),
  v('theming', 'reader', '/theming'),
  v('books', 'reader', '/books'),
  v('books/:bookId', 'reader', async (d) => `/books/${await d.readerBook()}`, { ready: readerReady }),
  v('books/:bookId/flow', 'reader', async (d) => `/books/${await d.readerBook()}/flow`, { ready: readerReady }),
  v('printable/:bookId', 'reader', async (d) => `/printable/${await d.readerBook()}`),
  v('lists', 'reader', '/lists'),
  v('lists/create', 'reader', '/lists/create'),
  v('lists/:listId', 'reader', async (d) => `/lists/${await d.publicList()}`),
  v('user/:username', 'reader', '/user/reader'),
  v('messages', 'reader', '/messages'),
  v('messages/:conversationId', 'reader', async (d) => `/messages/${await d.conversation()}`, { ready: text(MESSAGE) }),
  v('my-wishlist', 'reader', '/my-wishlist'),
  v('checkout', 'reader', '/checkout'),
  v('checkout/test-pay/:sessionId', 'reader', (d) => d.pendingCheckout()),
  v('checkout/success', 'reader', async (d) => `/checkout/success?order=${await d.paidOrder('reader')}`),
  v('my-purchases', 'reader', '/my-purchases'),
  v('my-purchases/:orderId', 'reader', async (d) => `/my-purchases/${await d.paidOrder('reader', MORE_PAID_BOOKS)}`),
  v('purchase-success', 'reader', async (d) => `/purchase-success?book=${await d.readerBook()}`),
  v('editor', 'reader', '/editor'),
  v('export', 'reader', '/export', { ready: text('All my account data') }),
  v('publishing', 'reader', '/publishing', { ready: text("You don't have access") }),
  // A reader at an admin page: "You don't have access".
  v('admin/users', 'reader', '/admin/users', { ready: text("You don't have access") }),

  // The author and the publisher: what their roles add.
  // Pairs of visits share a test (accessibility.spec.ts): the manuscript's six come in three pairs, each making one manuscript.
  v('', 'author', '/'),
  v('settings', 'author', '/settings'),
  v('editor', 'author', '/editor'),
  v('files', 'author', '/files'),
  v('export', 'author', '/export', { ready: text('All my account data') }),
  v('kdp-cover', 'author', '/kdp-cover'),
  v('editor/:manuscriptId/:chapterId?', 'author', async (d) => `/editor/${(await d.manuscript()).id}`, { ready: editorReady }),
  v('editor/:manuscriptId/:chapterId?', 'author', async (d) => `/editor/${(await d.manuscript()).id}/${(await d.manuscript()).chapterId}`, {
    ready: editorReady,
  }),
  v('books/manuscript/:bookId', 'author', async (d) => `/books/manuscript/${(await d.manuscript()).id}`, { ready: readerReady }),
  v('books/manuscript/:bookId/flow', 'author', async (d) => `/books/manuscript/${(await d.manuscript()).id}/flow`, { ready: readerReady }),
  v('printable/manuscript/:bookId', 'author', async (d) => `/printable/manuscript/${(await d.manuscript()).id}`, {
    ready: (page) => visible(page, '[data-testid="printable-recorded"]'),
  }),
  v('kdp-cover', 'author', async (d) => `/kdp-cover?manuscript=${(await d.manuscript()).id}`, { ready: text('Full wrap, to scale') }),
  v('publishing', 'author', '/publishing'),
  v('newsletter/setup', 'author', '/newsletter/setup'),
  v('publishing/:manuscriptId', 'author', async (d) => `/publishing/${(await d.submission()).id}`),
  v('books/edition/:bookId', 'author', async (d) => `/books/edition/${(await d.submission()).editionId}`, { ready: readerReady }),
  v('books/edition/:bookId/flow', 'author', async (d) => `/books/edition/${(await d.submission()).editionId}/flow`, { ready: readerReady }),
  v('cover', 'author', '/cover', { ready: text("Set as a book's cover") }),
  v('', 'publisher', '/'),
  v('settings', 'publisher', '/settings'),
  v('settings/billing', 'publisher', '/settings/billing'),
  v('editor', 'publisher', '/editor'),
  v('files', 'publisher', '/files'),
  v('publisher/books', 'publisher', '/publisher/books'),
  // The demo imprint's forthcoming draft (server/seed/forthcoming-book.ts), opened and not saved.
  v('publisher/books/:bookId/edit', 'publisher', '/publisher/books/demo-the-lamplighters-almanac/edit', { ready: text('Review and store') }),
  v('publisher/isbn', 'publisher', '/publisher/isbn', { ready: text('Import ISBNs') }),
  v('publisher/upload-single', 'publisher', '/publisher/upload-single', { ready: text('EPUB file') }),
  v('publisher/upload-bulk', 'publisher', '/publisher/upload-bulk', { ready: text('Metadata file (CSV or ONIX)') }),
  v('publisher/uploads', 'publisher', '/publisher/uploads'),
  v('publisher', 'publisher', '/publisher', { ready: text('Books by state') }),
  v('publisher/settings', 'publisher', '/publisher/settings', { ready: text('Members') }),
  v('publisher/authors', 'publisher', '/publisher/authors', { ready: text('Invite an author') }),
  v('publisher/publisher-store', 'publisher', '/publisher/publisher-store', { ready: text('Preview') }),
  v('store/publisher/:slug', 'visitor', async (d) => `/store/publisher/${await d.storefront()}`),
  v('imprint-invitations', 'author', '/imprint-invitations'),
  v('kdp-cover', 'publisher', '/kdp-cover?trim=5x8&pages=60&paper=cream'),
  v('cover', 'publisher', '/cover'),

  // The admin.
  v('', 'admin', '/'),
  v('admin', 'admin', '/admin'),
  v('admin/users', 'admin', '/admin/users'),
  // Ready once uPlot (its own chunk) has drawn the charts.
  v('admin/analytics', 'admin', '/admin/analytics', { ready: (page) => visible(page, '.analytics-canvas canvas') }),
  v('admin/author-requests', 'admin', '/admin/author-requests'),
  v('admin/publisher-requests', 'admin', '/admin/publisher-requests'),
  v('admin/beta-requests', 'admin', '/admin/beta-requests'),
  v('admin/reviews', 'admin', '/admin/reviews'),
  // Each post editor shares its test with a light page (axe on a whole editor is slow on a busy core).
  v('admin/blog/new', 'admin', '/admin/blog/new', { ready: postEditorReady }),
  v('admin/blog', 'admin', '/admin/blog'),
  // A seeded post, opened and not saved.
  v('admin/blog/:postId/edit', 'admin', '/admin/blog/demo-post-welcome/edit', { ready: postEditorReady }),
  v('admin/store', 'admin', '/admin/store'),
  v('admin/store/books', 'admin', '/admin/store/books'),
  v('admin/store/review', 'admin', '/admin/store/review'),
  v('admin/store/review/:manuscriptId', 'admin', async (d) => `/admin/store/review/${(await d.submission()).id}`),
  v('admin/publishing', 'admin', '/admin/publishing'),
  v('admin/orders', 'admin', '/admin/orders'),
  v('admin/orders/:orderId', 'admin', async (d) => `/admin/orders/${await d.paidOrder('admin')}`),
  v('admin/audit', 'admin', '/admin/audit'),
  v('admin/settings', 'admin', '/admin/settings'),
  v('admin/newsletter/setup', 'admin', '/admin/newsletter/setup'),
  v('admin/messages', 'admin', '/admin/messages?status=all'),
  v('admin/messages/:userId', 'admin', async (d) => `/admin/messages/${await d.supportConversation()}?status=all`, { ready: text(SUPPORT_QUESTION) }),
  v('admin/notifications', 'admin', '/admin/notifications', { ready: text('Left out by their settings') }),
  v('admin/profile', 'admin', '/admin/profile'),
  v('admin/debug-reports', 'admin', '/admin/debug-reports'),
  v('admin/queue-status', 'admin', '/admin/queue-status', { ready: text('Jobs by kind') }),
  v('admin/image-system-status', 'admin', '/admin/image-system-status', { ready: text('Variants done') }),
  v('admin/rag-monitoring', 'admin', '/admin/rag-monitoring', { ready: text('Books indexed') }),
  v('admin/test', 'admin', '/admin/test'),
  v('dev', 'admin', '/dev'),
  v('dev/delight-showcase', 'admin', '/dev/delight-showcase', { showsLoading: true }),
  v('dev/professional-interactions', 'admin', '/dev/professional-interactions'),
  v('settings-demo', 'admin', '/settings-demo'),
  v('preview-lab', 'admin', '/preview-lab', { ready: text('characters per line') }),
  v('dflip-minimal', 'admin', '/dflip-minimal', { ready: readerReady }),
  v('dflip-test', 'admin', '/dflip-test', { ready: readerReady }),
  v('dflip-working', 'admin', '/dflip-working', { ready: readerReady }),
  v('dev/mail', 'admin', '/dev/mail'),
  v('dev/failure', 'admin', '/dev/failure'),
  v('admin-test', 'admin', '/admin-test'),
  v('debug/editor', 'admin', '/debug/editor'),
  v('kdp-demo', 'admin', '/kdp-demo'),
  v('kdp-test', 'admin', '/kdp-test'),
];

/** The route patterns of router.tsx's source, in full ('' for the index route): what VISITS must cover. */
export function routerPatterns(source: string): string[] {
  const body = source.slice(source.indexOf('const routes'));
  const found: string[] = [];
  const stack: { path: string | null; index: boolean; leaves: number }[] = [];
  const token = /\{|\}|path: '([^']*)'|index: true/g;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    if (m[0] === '{') stack.push({ path: null, index: false, leaves: 0 });
    else if (m[0] === '}') {
      const frame = stack.pop();
      if (!frame) break; // the end of the routes array
      const isRoute = frame.path !== null || frame.index;
      if (isRoute && frame.leaves === 0) {
        found.push([...stack.map((f) => f.path).filter((p) => p), frame.path].filter((p) => p).join('/'));
      }
      if (stack.length > 0) stack[stack.length - 1]!.leaves += frame.leaves + (isRoute && frame.leaves === 0 ? 1 : 0);
    } else if (m[1] !== undefined) stack[stack.length - 1]!.path = m[1];
    else stack[stack.length - 1]!.index = true;
  }
  return found;
}

async function ok(res: APIResponse, what: string, status = 200): Promise<APIResponse> {
  if (res.status() !== status) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return res;
}

/** A browser context signed in through the API as a demo account (its page has loaded nothing yet). */
async function signedInContext(browser: Browser, origin: string, account: Account, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: origin, ...options });
  await ok(
    await context.request.post('/api/auth/sign-in', { headers: { origin }, data: { email: DEMO[account], password: DEMO_PASSWORD } }),
    `sign in as ${account}`,
  );
  return context;
}

/** Writes replicated documents as a device does; throws when the server refused or conflicted any. */
export async function pushDocs(api: APIRequestContext, origin: string, collection: string, docs: object[]): Promise<void> {
  const res = await ok(
    await api.post(`/api/sync/${collection}/push`, {
      headers: { origin, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
      data: { rows: docs.map((doc) => ({ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } })) },
    }),
    `push ${collection}`,
  );
  const result = (await res.json()) as { conflicts: unknown[]; rejected: unknown[] };
  if (result.conflicts.length || result.rejected.length) throw new Error(`push ${collection}: ${JSON.stringify(result)}`);
}

/** One browser context and page per person, made when first asked for: the demo accounts signed in through the API. */
export function people(browser: Browser, origin: string, options: Parameters<Browser['newContext']>[0]) {
  const pages = new Map<Who, Promise<Page>>();
  return {
    page(who: Who): Promise<Page> {
      if (!pages.has(who)) {
        const context = who === 'visitor' ? browser.newContext({ baseURL: origin, ...options }) : signedInContext(browser, origin, who, options);
        pages.set(
          who,
          context.then((c) => c.newPage()),
        );
      }
      return pages.get(who)!;
    },
    async close() {
      for (const page of pages.values()) await (await page).context().close();
    },
  };
}

interface Me {
  id: string;
  username: string;
  displayName: string;
}

/**
 * The data behind the parameterised routes, made through the API once per RouteData (one per
 * test, or per shots run) for the account that needs it. Replicated data (lists, messages,
 * manuscripts, highlights) is pushed the way a device pushes it.
 */
export class RouteData {
  private made = new Map<string, Promise<unknown>>();
  constructor(
    /** The person's page: data that only a device can make (chapter text) is made in it, before the visit opens its URL. */
    private readonly page: (account: Account) => Promise<Page>,
    private readonly origin: string,
  ) {}

  private async api(account: Account): Promise<APIRequestContext> {
    return (await this.page(account)).context().request;
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as Promise<T>;
  }

  private async post(account: Account, path: string, data: unknown, status = 200): Promise<unknown> {
    const api = await this.api(account);
    return (await ok(await api.post(path, { headers: { origin: this.origin }, data }), `POST ${path} as ${account}`, status)).json();
  }

  private async get<T>(account: Account, path: string): Promise<T> {
    return (await ok(await (await this.api(account)).get(path), `GET ${path} as ${account}`)).json() as Promise<T>;
  }

  private async push(account: Account, collection: string, docs: object[]): Promise<void> {
    await pushDocs(await this.api(account), this.origin, collection, docs);
  }

  me(account: Account): Promise<Me> {
    return this.once(`me:${account}`, async () => (await this.get<{ user: Me }>(account, '/api/auth/me')).user);
  }

  /** A public reading list of the reader's, with one book. */
  publicList(): Promise<string> {
    return this.once('list', async () => {
      const me = await this.me('reader');
      const book = await this.get<{ title: string; authors: string[]; coverUrl: string | null }>('reader', '/api/store/books/demo-the-salt-orchard');
      const id = `list-${uniqueSuffix()}`;
      const now = Date.now();
      const item = { bookId: 'demo-the-salt-orchard', note: 'Slow, salty and kind.', position: 0, title: book.title, authors: book.authors.join(', ') };
      await this.push('reader', 'reading-lists', [
        {
          id,
          ownerId: me.id,
          name: 'Books for a rainy week',
          description: 'Short, quiet books for grey afternoons.',
          visibility: 'public',
          items: [book.coverUrl ? { ...item, coverUrl: book.coverUrl } : item],
          createdAt: now,
          updatedAt: now,
        },
      ]);
      return id;
    });
  }

  /** The demo imprint's storefront slug: saved as it is when it has none yet, which makes it public. */
  storefront(): Promise<string> {
    return this.once('storefront', async () => {
      const { imprints } = await this.get<{ imprints: { id: string; name: string }[] }>('publisher', '/api/publisher/imprints');
      const imprint = imprints.find((i) => i.name === 'Lantern House') ?? imprints[0]!;
      const path = `/api/publisher/imprints/${imprint.id}/storefront`;
      type Front = { slug: string | null; description: string; logo: { fileId: string } | null; banner: { fileId: string } | null; featured: { id: string }[] };
      const { storefront } = await this.get<{ storefront: Front }>('publisher', path);
      if (storefront.slug) return storefront.slug;
      const data = {
        description: storefront.description,
        logoFileId: storefront.logo?.fileId ?? null,
        bannerFileId: storefront.banner?.fileId ?? null,
        featured: storefront.featured.map((b) => b.id),
      };
      const res = await (await this.api('publisher')).put(path, { headers: { origin: this.origin }, data });
      return ((await ok(res, `PUT ${path} as publisher`)).json() as Promise<{ storefront: { slug: string } }>).then((r) => r.storefront.slug);
    });
  }

  /** A free book the reader has claimed. */
  readerBook(): Promise<string> {
    return this.once('reader-book', async () => {
      await this.post('reader', `/api/books/${READER_FREE_BOOK}/claim`, {});
      return READER_FREE_BOOK;
    });
  }

  /** The reader's conversation with the publisher (no other journey uses that pair), with one message. */
  conversation(): Promise<string> {
    return this.once('conversation', async () => {
      const me = await this.me('reader');
      const other = await this.get<Me>('reader', '/api/users/lookup?username=publisher');
      const conversationId = [me.id, other.id].sort().join('~');
      const now = Date.now();
      await this.push('reader', 'messages', [
        {
          id: `msg-${uniqueSuffix()}`,
          conversationId,
          senderId: me.id,
          recipientId: other.id,
          senderName: me.displayName,
          recipientName: other.displayName,
          body: MESSAGE,
          sentAt: now,
          readAt: null,
          updatedAt: now,
        },
      ]);
      return conversationId;
    });
  }

  /** The publisher's conversation with Quire support (no other journey writes to support as the publisher), with one message. */
  supportConversation(): Promise<string> {
    return this.once('support-conversation', async () => {
      const me = await this.me('publisher');
      const now = Date.now();
      await this.push('publisher', 'messages', [
        {
          id: `msg-${uniqueSuffix()}`,
          conversationId: [me.id, 'quire-support'].sort().join('~'),
          senderId: me.id,
          recipientId: 'quire-support',
          senderName: me.displayName,
          recipientName: 'Quire support',
          body: SUPPORT_QUESTION,
          sentAt: now,
          readAt: null,
          updatedAt: now,
        },
      ]);
      return me.id;
    });
  }

  /** A site newsletter issue the admin wrote and sent: its archive page, once the send job ran. */
  newsletterIssue(): Promise<string> {
    return this.once('newsletter-issue', async () => {
      const { id } = (await this.post(
        'admin',
        '/api/newsletter/setup/site/issues',
        { subject: 'News from the harbour', body: 'Three **new** books this week.' },
        201,
      )) as {
        id: string;
      };
      await this.post('admin', `/api/newsletter/setup/site/issues/${id}/schedule`, { sendAt: null });
      const api = await this.api('admin');
      // The worker polls its queue: the issue is in the archive once its send job has run.
      for (let tries = 0; tries < 40 && (await api.get(`/api/newsletter/archive/${id}`)).status() !== 200; tries++)
        await new Promise((r) => setTimeout(r, 250));
      return id;
    });
  }

  /** A started, unpaid checkout of the reader's: its test payment page. */
  pendingCheckout(): Promise<string> {
    return this.once('pending-checkout', async () => {
      const { orderId, url } = await this.checkout('reader', PENDING_BOOKS);
      // As the cart page goes there: the order's id lets the page show what is being paid for.
      return `${new URL(url, this.origin).pathname}?order=${orderId}`;
    });
  }

  /** A paid order of `account`'s: one it has, else one bought now with the test card. */
  paidOrder(account: Account, candidates = PAID_BOOKS): Promise<string> {
    return this.once(`paid-order:${account}`, async () => {
      const { orders } = await this.get<{ orders: { id: string; status: string }[] }>(account, '/api/orders');
      const paid = orders.find((o) => o.status === 'paid');
      if (paid) return paid.id;
      const { orderId, url } = await this.checkout(account, candidates);
      const session = new URL(url, this.origin).pathname.split('/').pop()!;
      await this.post(account, `/api/payments/test/${session}/pay`, { cardNumber: '4242424242424242' });
      return orderId;
    });
  }

  /**
   * Checks out the first candidate `account` does not own. Other journeys buy as the same demo
   * reader at the same time, so a book can be bought between the library read and this checkout:
   * that 409 moves on to the next candidate.
   */
  private async checkout(account: Account, candidates: string[]): Promise<{ orderId: string; url: string }> {
    const api = await this.api(account);
    const { books } = await this.get<{ books: { id: string }[] }>(account, '/api/library');
    for (const bookId of candidates.filter((id) => !books.some((b) => b.id === id))) {
      const res = await api.post('/api/checkout', { headers: { origin: this.origin }, data: { bookIds: [bookId] } });
      if (res.status() === 409) continue;
      const started = (await (await ok(res, `POST /api/checkout as ${account}`, 201)).json()) as { orderId: string | null; url: string };
      if (!started.orderId) throw new Error(`${bookId} was free: no order`);
      return { orderId: started.orderId, url: started.url };
    }
    throw new Error(`${account} already owns every book of ${candidates.join(', ')}`);
  }

  /**
   * A manuscript of the author's with one chapter: its documents pushed as the author's device
   * pushes them, its text typed in the editor (chapter text travels only as Yjs updates), and read
   * back from the server before anyone opens it.
   */
  manuscript(): Promise<{ id: string; chapterId: string }> {
    return this.once('manuscript', async () => {
      const me = await this.me('author');
      const id = `ms-${uniqueSuffix()}`;
      const chapterId = `ch-${uniqueSuffix()}`;
      const now = Date.now();
      await this.push('author', 'manuscripts', [
        { id, ownerId: me.id, ownerName: me.username, title: 'The Lantern Keeper', members: [], memberIds: [], createdAt: now, updatedAt: now },
      ]);
      await this.push('author', 'manuscript-chapters', [
        {
          id: chapterId,
          manuscriptId: id,
          ownerId: me.id,
          memberIds: [],
          editorIds: [],
          title: 'The Long Night',
          position: 0,
          wordCount: 0,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      const page = await this.page('author');
      await page.goto(`/editor/${id}/${chapterId}`);
      await editorReady(page);
      await page.getByTestId('chapter-text').click();
      await page.keyboard.type(MANUSCRIPT_TEXT);
      await page.getByTestId('chapter-sync').filter({ hasText: 'Synced' }).waitFor({ timeout: READY_TIMEOUT });
      const api = await this.api('author');
      for (let i = 0; ; i++) {
        // A reset socket is "not yet" too: the server closes idle keep-alive connections (5 s) while typing goes on.
        const res = await api.get(`/api/manuscripts/${id}/book/chapters/${chapterId}`).catch(() => null);
        if (res?.ok() && ((await res.json()) as { xhtml: string }).xhtml.includes(MANUSCRIPT_TEXT.slice(0, 30))) break;
        if (i === 40) throw new Error(`the text typed into manuscript ${id} did not reach the server`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return { id, chapterId };
    });
  }

  /** The author's manuscript (above), its details saved and submitted for review: its id and the edition's. */
  submission(): Promise<{ id: string; editionId: string }> {
    return this.once('submission', async () => {
      const { id } = await this.manuscript();
      const api = await this.api('author');
      const metadata = {
        title: 'The Lantern Keeper',
        subtitle: 'A novel of the northern coast',
        description: 'A lighthouse keeper, a storm that will not end, and a promise kept for forty years.',
        genres: ['FB'],
        keywords: ['lighthouse', 'storm'],
        language: 'en',
        priceCents: 499,
        currency: 'USD',
        ageRating: 'all',
      };
      await ok(await api.put(`/api/publishing/${id}/metadata`, { headers: { origin: this.origin }, data: metadata }), 'save publishing details');
      const detail = (await this.post('author', `/api/publishing/${id}/commands`, { action: 'submit', comment: 'Ready for a look.' })) as {
        pendingEdition: { id: string };
      };
      return { id, editionId: detail.pendingEdition.id };
    });
  }
}

let counter = 0;
const uniqueSuffix = () => `${Date.now().toString(36)}-${process.pid}-${++counter}`;

/** Waits until the page shows what it is for: the visit's own sign, an h1, then quiet(). */
export async function settle(page: Page, visit: Pick<Visit, 'ready' | 'showsLoading'>): Promise<void> {
  if (visit.ready) await visit.ready(page);
  await page.locator('h1').first().waitFor({ timeout: READY_TIMEOUT });
  await quiet(page, visit.showsLoading);
}

/**
 * No loading bar, busy region or skeleton (unless the page shows them on purpose); fonts loaded,
 * images decoded, transitions over and two frames drawn. After a change of size or theme too: a page may lay itself
 * out again (the reader paginates anew).
 */
export async function quiet(page: Page, showsLoading = false): Promise<void> {
  await page.waitForFunction(
    (loadingShown) => !document.querySelector('.route-progress') && (loadingShown || !document.querySelector('.skeleton, [aria-busy="true"]')),
    showsLoading,
    { timeout: READY_TIMEOUT },
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images out of view never load: not waited for (nor longer than a few seconds for any).
    const images = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    // Transitions too (a theme change fades colours in): a contrast check halfway would see neither theme.
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    const settled = [...images.map((img) => img.decode().catch(() => null)), ...finite.map((a) => a.finished.catch(() => null))];
    await Promise.race([Promise.all(settled), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** What reaches past the right edge of the viewport (empty when the page does not scroll sideways). */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  // No named functions inside: tsx (the shots script) would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // Name only the outermost element that sticks out, and none inside a scrolling or clipping
      // box (unless positioned: its containing block may lie outside that box, which then does not clip it).
      const positioned = ['absolute', 'fixed'].includes(getComputedStyle(el).position);
      let inside = false;
      for (let a = el.parentElement; a && a !== document.body && !inside; a = a.parentElement) {
        inside = a.getBoundingClientRect().right > width + 0.5 || (!positioned && getComputedStyle(a).overflowX !== 'visible');
      }
      if (inside) continue;
      wide.push(`${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} reaches ${Math.round(r.right)}px`);
      if (wide.length === 5) break;
    }
    return [`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`, ...wide];
  });
}

/** Groups of visits per person, `size` at most per group, in list order. */
export function visitGroups(visits: Visit[], size: number): { who: Who; visits: Visit[] }[] {
  const groups: { who: Who; visits: Visit[] }[] = [];
  for (const visit of visits) {
    const last = groups.at(-1);
    if (last && last.who === visit.who && last.visits.length < size) last.visits.push(visit);
    else groups.push({ who: visit.who, visits: [visit] });
  }
  return groups;
}

export const pathOf = (visit: Visit, data: RouteData): Promise<string> => (typeof visit.to === 'string' ? Promise.resolve(visit.to) : visit.to(data));
