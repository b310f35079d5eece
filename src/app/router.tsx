/**
 * Every route of the app. Pages load lazily, one chunk per page, so the first load carries only
 * the shell. Guards wrap groups: signed-in pages, admin pages, development pages.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteFailure } from './failure-page';
import { RequireDev, RequirePermission, RequireUser } from './guards';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';

/** Lazy route module: import the file, use the named export as the page. */
function page<M>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** A book's reader: its loader starts the book's requests while the session is checked (reader-page.tsx). */
function readerPage(name: 'ReaderPage' | 'FlowReaderPage'): RouteObject['lazy'] {
  return async () => {
    const module = await import('../features/reader/reader-page');
    return { Component: module[name], loader: module.readerLoader };
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteFailure />,
    // While the first page's code loads (a cold start, offline from the service worker too); without
    // it the router renders nothing until every lazy module of the first URL has loaded, and a slow
    // device shows a blank page. Not inside the Layout: mounting it early would start the local
    // database's open (DatabaseProvider) while the page's own code still loads, and on a busy CPU
    // that open then delays the page by seconds.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteFailure />,
        children: [
          { index: true, lazy: page(() => import('../features/home/home-page'), 'HomePage') },
          { path: 'auth', lazy: page(() => import('../features/auth/auth-page'), 'AuthPage') },
          { path: 'auth/beta-request', lazy: page(() => import('../features/auth/beta-request-page'), 'BetaRequestPage') },
          { path: 'auth/callback', lazy: page(() => import('../features/auth/callback-page'), 'CallbackPage') },
          { path: 'auth/auth-code-error', lazy: page(() => import('../features/auth/auth-code-error-page'), 'AuthCodeErrorPage') },
          { path: 'auth/reset-password', lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
          { path: 'privacy-policy', lazy: page(() => import('../features/legal/privacy-policy-page'), 'PrivacyPolicyPage') },
          { path: 'terms-of-service', lazy: page(() => import('../features/legal/terms-of-service-page'), 'TermsOfServicePage') },
          { path: 'theming', lazy: page(() => import('../features/theming/theming-page'), 'ThemingPage') },
          { path: 'store', lazy: page(() => import('../features/store/store-page'), 'StorePage') },
          { path: 'store/publisher/:slug', lazy: page(() => import('../features/publisher/public-store-page'), 'PublicStorefrontPage') },
          { path: 'store/advanced-search', lazy: page(() => import('../features/store/advanced-search-page'), 'AdvancedSearchPage') },
          { path: 'book/:bookId', lazy: page(() => import('../features/store/book-page'), 'StoreBookPage') },
          { path: 'book/:bookId/sample', lazy: page(() => import('../features/store/sample-page'), 'SamplePage') },
          { path: 'authors', lazy: page(() => import('../features/authors/authors-page'), 'AuthorsPage') },
          { path: 'author/:authorId', lazy: page(() => import('../features/authors/author-page'), 'AuthorPage') },
          // Visitors may see public and unlisted lists and public profiles (online views).
          { path: 'lists/:listId', lazy: page(() => import('../features/lists/list-page'), 'ListPage') },
          { path: 'user/:username', lazy: page(() => import('../features/profile/user-profile-page'), 'UserProfilePage') },
          { path: 'blog', lazy: page(() => import('../features/blog/blog-page'), 'BlogPage') },
          { path: 'blog/:slug', lazy: page(() => import('../features/blog/post-page'), 'BlogPostPage') },
          // Newsletters: sign-up, e-mailed links and the archive work signed out too.
          { path: 'newsletter', lazy: page(() => import('../features/newsletter/newsletter-page'), 'NewsletterPage') },
          { path: 'newsletter/archive/:issueId', lazy: page(() => import('../features/newsletter/issue-page'), 'ArchivedIssuePage') },
          { path: 'newsletter/confirm', lazy: page(() => import('../features/newsletter/token-pages'), 'ConfirmSubscriptionPage') },
          { path: 'newsletter/unsubscribe', lazy: page(() => import('../features/newsletter/token-pages'), 'UnsubscribePage') },
          {
            element: <RequireUser />,
            children: [
              { path: 'settings', lazy: page(() => import('../features/settings/profile-page'), 'ProfileSettingsPage') },
              { path: 'imprint-invitations', lazy: page(() => import('../features/notifications/imprint-invitations-page'), 'ImprintInvitationsPage') },
              { path: 'settings/account', lazy: page(() => import('../features/settings/account-page'), 'AccountSettingsPage') },
              { path: 'settings/billing', lazy: page(() => import('../features/settings/billing-page'), 'BillingSettingsPage') },
              { path: 'settings/notifications', lazy: page(() => import('../features/settings/notifications-page'), 'NotificationSettingsPage') },
              { path: 'books', lazy: page(() => import('../features/library/library-page'), 'LibraryPage') },
              { path: 'books/:bookId', lazy: readerPage('ReaderPage') },
              { path: 'books/:bookId/flow', lazy: readerPage('FlowReaderPage') },
              { path: 'books/manuscript/:bookId', lazy: page(() => import('../features/reader/reader-page'), 'ManuscriptReaderPage') },
              { path: 'books/manuscript/:bookId/flow', lazy: page(() => import('../features/reader/reader-page'), 'ManuscriptFlowReaderPage') },
              { path: 'books/edition/:bookId', lazy: page(() => import('../features/reader/reader-page'), 'EditionReaderPage') },
              { path: 'books/edition/:bookId/flow', lazy: page(() => import('../features/reader/reader-page'), 'EditionFlowReaderPage') },
              { path: 'printable/:bookId', lazy: page(() => import('../features/printable/printable-page'), 'PrintablePage') },
              { path: 'printable/manuscript/:bookId', lazy: page(() => import('../features/printable/printable-page'), 'ManuscriptPrintablePage') },
              { path: 'messages', lazy: page(() => import('../features/messages/messages-page'), 'MessagesPage') },
              { path: 'messages/:conversationId', lazy: page(() => import('../features/messages/messages-page'), 'MessagesPage') },
              { path: 'lists', lazy: page(() => import('../features/lists/lists-page'), 'ListsPage') },
              { path: 'lists/create', lazy: page(() => import('../features/lists/create-list-page'), 'CreateListPage') },
              { path: 'checkout', lazy: page(() => import('../features/checkout/checkout-page'), 'CheckoutPage') },
              { path: 'checkout/test-pay/:sessionId', lazy: page(() => import('../features/checkout/test-pay-page'), 'TestPayPage') },
              { path: 'checkout/success', lazy: page(() => import('../features/checkout/checkout-success-page'), 'CheckoutSuccessPage') },
              { path: 'my-purchases', lazy: page(() => import('../features/checkout/my-purchases-page'), 'MyPurchasesPage') },
              { path: 'my-purchases/:orderId', lazy: page(() => import('../features/checkout/my-purchases-page'), 'ReceiptPage') },
              { path: 'purchase-success', lazy: page(() => import('../features/store/purchase-success-page'), 'PurchaseSuccessPage') },
              { path: 'my-wishlist', lazy: page(() => import('../features/wishlist/wishlist-page'), 'WishlistPage') },
              { path: 'account-deletion', lazy: page(() => import('../features/settings/account-deletion-page'), 'AccountDeletionPage') },
              { path: 'export', lazy: page(() => import('../features/exports/export-page'), 'ExportPage') },
              // Readers see how to apply; co-authors of any role open what was shared with them.
              { path: 'editor', lazy: page(() => import('../features/editor/editor-home-page'), 'EditorHomePage') },
              { path: 'editor/:manuscriptId/:chapterId?', lazy: page(() => import('../features/editor/manuscript-page'), 'ManuscriptPage') },
            ],
          },
          {
            element: <RequirePermission permission="files:use" />,
            children: [{ path: 'files', lazy: page(() => import('../features/files/files-page'), 'FilesPage') }],
          },
          {
            path: 'publisher',
            element: <RequirePermission permission="publisher:manage" />,
            children: [
              { index: true, lazy: page(() => import('../features/publisher/dashboard-page'), 'PublisherDashboardPage') },
              { path: 'settings', lazy: page(() => import('../features/publisher/settings-page'), 'PublisherSettingsPage') },
              { path: 'authors', lazy: page(() => import('../features/publisher/authors-page'), 'PublisherAuthorsPage') },
              { path: 'publisher-store', lazy: page(() => import('../features/publisher/storefront-page'), 'PublisherStorefrontPage') },
              { path: 'books', lazy: page(() => import('../features/publisher/books-page'), 'PublisherBooksPage') },
              { path: 'books/:bookId/edit', lazy: page(() => import('../features/publisher/book-edit-page'), 'PublisherBookEditPage') },
              { path: 'isbn', lazy: page(() => import('../features/publisher/isbn-page'), 'PublisherIsbnPage') },
              { path: 'upload-single', lazy: page(() => import('../features/publisher/upload-single-page'), 'PublisherUploadSinglePage') },
              { path: 'upload-bulk', lazy: page(() => import('../features/publisher/upload-bulk-page'), 'PublisherUploadBulkPage') },
              { path: 'uploads', lazy: page(() => import('../features/publisher/uploads-page'), 'PublisherUploadsPage') },
            ],
          },
          {
            element: <RequirePermission permission="publishing:submit" />,
            children: [
              { path: 'publishing', lazy: page(() => import('../features/publishing/publishing-page'), 'PublishingPage') },
              { path: 'publishing/:manuscriptId', lazy: page(() => import('../features/publishing/publication-page'), 'PublicationPage') },
            ],
          },
          {
            element: <RequirePermission permission="newsletter:write" />,
            children: [{ path: 'newsletter/setup', lazy: page(() => import('../features/newsletter/setup-page'), 'AuthorNewsletterSetupPage') }],
          },
          {
            element: <RequirePermission permission="covers:design" />,
            children: [
              { path: 'kdp-cover', lazy: page(() => import('../features/covers/kdp-cover-page'), 'KdpCoverPage') },
              { path: 'cover', lazy: page(() => import('../features/covers/ebook-cover-page'), 'CoverPage') },
            ],
          },
          {
            path: 'admin',
            element: <RequirePermission permission="admin:access" />,
            children: [
              { index: true, lazy: page(() => import('../features/admin/dashboard-page'), 'AdminDashboardPage') },
              { path: 'users', lazy: page(() => import('../features/admin/users-page'), 'AdminUsersPage') },
              { path: 'analytics', lazy: page(() => import('../features/analytics/analytics-page'), 'AnalyticsPage') },
              { path: 'author-requests', lazy: page(() => import('../features/admin/role-requests-page'), 'AuthorRequestsPage') },
              { path: 'publisher-requests', lazy: page(() => import('../features/admin/role-requests-page'), 'PublisherRequestsPage') },
              { path: 'beta-requests', lazy: page(() => import('../features/admin/beta-requests-page'), 'BetaRequestsPage') },
              { path: 'reviews', lazy: page(() => import('../features/admin/reviews-page'), 'AdminReviewsPage') },
              { path: 'blog', lazy: page(() => import('../features/blog/admin/admin-blog-page'), 'AdminBlogPage') },
              { path: 'blog/new', lazy: page(() => import('../features/blog/admin/post-editor-page'), 'NewBlogPostPage') },
              { path: 'blog/:postId/edit', lazy: page(() => import('../features/blog/admin/post-editor-page'), 'EditBlogPostPage') },
              { path: 'store', lazy: page(() => import('../features/admin/store-layout-page'), 'AdminStorePage') },
              { path: 'store/books', lazy: page(() => import('../features/admin/store-books-page'), 'AdminStoreBooksPage') },
              { path: 'store/review', lazy: page(() => import('../features/publishing/review-queue-page'), 'ReviewQueuePage') },
              { path: 'store/review/:manuscriptId', lazy: page(() => import('../features/publishing/review-page'), 'ReviewPage') },
              { path: 'publishing', lazy: page(() => import('../features/publishing/admin-publishing-page'), 'AdminPublishingPage') },
              { path: 'orders', lazy: page(() => import('../features/admin/orders-page'), 'AdminOrdersPage') },
              { path: 'orders/:orderId', lazy: page(() => import('../features/admin/order-page'), 'AdminOrderPage') },
              { path: 'audit', lazy: page(() => import('../features/admin/audit-page'), 'AuditPage') },
              { path: 'settings', lazy: page(() => import('../features/admin/site-settings-page'), 'SiteSettingsPage') },
              { path: 'newsletter/setup', lazy: page(() => import('../features/newsletter/setup-page'), 'SiteNewsletterSetupPage') },
              { path: 'messages', lazy: page(() => import('../features/support/support-inbox-page'), 'SupportInboxPage') },
              { path: 'messages/:userId', lazy: page(() => import('../features/support/support-inbox-page'), 'SupportInboxPage') },
              { path: 'notifications', lazy: page(() => import('../features/support/notices-page'), 'NoticesPage') },
              { path: 'profile', lazy: page(() => import('../features/admin/admin-profile-page'), 'AdminProfilePage') },
              { path: 'debug-reports', lazy: page(() => import('../features/admin/debug-reports-page'), 'DebugReportsPage') },
              { path: 'queue-status', lazy: page(() => import('../features/jobs/queue-status-page'), 'QueueStatusPage') },
              { path: 'image-system-status', lazy: page(() => import('../features/jobs/image-status-page'), 'ImageSystemStatusPage') },
              { path: 'rag-monitoring', lazy: page(() => import('../features/ask/rag-monitoring-page'), 'RagMonitoringPage') },
              { path: 'test', lazy: page(() => import('../features/admin/self-test-page'), 'SelfTestPage') },
            ],
          },
          {
            element: <RequireDev />,
            children: [
              { path: 'dev', lazy: page(() => import('../features/dev/dev-index-page'), 'DevIndexPage') },
              { path: 'dev/delight-showcase', lazy: page(() => import('../features/dev/delight-showcase-page'), 'DelightShowcasePage') },
              { path: 'dev/professional-interactions', lazy: page(() => import('../features/dev/interactions-page'), 'InteractionsPage') },
              { path: 'settings-demo', lazy: page(() => import('../features/dev/settings-demo-page'), 'SettingsDemoPage') },
              { path: 'preview-lab', lazy: page(() => import('../features/dev/preview-lab-page'), 'PreviewLabPage') },
              { path: 'dflip-minimal', lazy: page(() => import('../features/dev/page-turn-pages'), 'DflipMinimalPage') },
              { path: 'dflip-test', lazy: page(() => import('../features/dev/page-turn-pages'), 'DflipTestPage') },
              { path: 'dflip-working', lazy: page(() => import('../features/dev/page-turn-pages'), 'DflipWorkingPage') },
              { path: 'dev/mail', lazy: page(() => import('../features/dev/mail-outbox-page'), 'MailOutboxPage') },
              { path: 'dev/failure', lazy: page(() => import('../features/dev/failure-trigger-page'), 'FailureTriggerPage') },
              { path: 'admin-test', lazy: page(() => import('../features/admin/self-test-page'), 'SelfTestPage') },
              { path: 'debug/editor', lazy: page(() => import('../features/editor/debug-editor-page'), 'DebugEditorPage') },
              { path: 'kdp-demo', lazy: page(() => import('../features/covers/kdp-sample-pages'), 'KdpDemoPage') },
              { path: 'kdp-test', lazy: page(() => import('../features/covers/kdp-sample-pages'), 'KdpTestPage') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
