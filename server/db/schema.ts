/** Kysely's view of the tables in migrations/ (camelCase through CamelCasePlugin). */
import type { Generated } from 'kysely';
import type { PublishingState } from '../../sync/publishing/state-machine';

export type UserStatus = 'active' | 'suspended' | 'deleting' | 'deleted';
type RequestStatus = 'pending' | 'approved' | 'rejected';
export type AuthCodePurpose = 'verify' | 'signin' | 'reset' | 'reset-form' | 'invite';
export type JobState = 'queued' | 'running' | 'done' | 'dead' | 'cancelled';
export type BookStatus = 'draft' | 'submitted' | 'in_review' | 'changes_requested' | 'published' | 'unlisted';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  displayName: string;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
  status: UserStatus;
  rolesVersion: number;
  bio: string;
  avatarUrl: string | null;
  profileVisibility: 'public' | 'private';
  theme: string;
  deletionDueAt: number | null;
  createdAt: number;
  updatedAt: number;
}
interface UserRolesTable {
  userId: string;
  role: 'author' | 'publisher' | 'admin';
  grantedAt: number;
  grantedBy: string | null;
}
interface SessionsTable {
  id: string;
  secretHash: Uint8Array;
  userId: string;
  rolesVersion: number;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** Set when the token was rotated: the row then only lives out ROTATED_SESSION_GRACE. */
  replacedAt: Generated<number | null>;
}
interface AuthCodesTable {
  id: string;
  secretHash: Uint8Array;
  purpose: AuthCodePurpose;
  userId: string | null;
  email: string;
  data: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}
interface ImprintsTable {
  id: string;
  name: string;
  ownerId: string | null;
  createdAt: number;
  /** Details, payout and storefront (migration 036, server/publisher/team). */
  description: Generated<string>;
  website: Generated<string>;
  contactEmail: Generated<string>;
  defaultCurrency: Generated<string>;
  payoutHolder: Generated<string | null>;
  payoutKind: Generated<'iban' | 'account' | null>;
  /** Kept whole for paying out; never sent to a client (payoutLast4 is). */
  payoutAccount: Generated<string | null>;
  payoutBankCode: Generated<string | null>;
  payoutLast4: Generated<string | null>;
  payoutUpdatedAt: Generated<number | null>;
  /** The public storefront's address, /store/publisher/{slug}: null until the storefront is first saved. */
  storeSlug: Generated<string | null>;
  logoFileId: Generated<string | null>;
  bannerFileId: Generated<string | null>;
  updatedAt: Generated<number | null>;
}
/** A storefront's featured books in order (migration 036). */
interface ImprintFeaturedBooksTable {
  imprintId: string;
  bookId: string;
  position: number;
}
/** An author the imprint invited ('invited') or who accepted ('active'), migration 036. */
interface ImprintAuthorsTable {
  imprintId: string;
  userId: string;
  status: 'invited' | 'active';
  invitedBy: string | null;
  invitedAt: number;
  joinedAt: number | null;
}
interface ImprintMembersTable {
  imprintId: string;
  userId: string;
  role: string;
}
/** An ISBN-13 of an imprint's pool (migration 026): free while `bookId` is null. */
interface ImprintIsbnsTable {
  isbn: string;
  imprintId: string;
  bookId: string | null;
  assignedAt: number | null;
  addedAt: number;
}
/** A publisher's upload (migration 033): a single EPUB, or a metadata file with a ZIP. */
export interface UploadsTable {
  id: string;
  imprintId: string;
  uploaderId: string | null;
  kind: 'single' | 'bulk';
  format: 'epub' | 'csv' | 'onix';
  fileName: string;
  archiveBlob: string | null;
  archiveName: string | null;
  coverBlob: string | null;
  status: 'checked' | 'queued' | 'running' | 'done';
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}
/** One row of an upload's metadata file (migration 033); `record` and `problems` are JSON. */
export interface UploadItemsTable {
  uploadId: string;
  row: number;
  reference: string;
  isbn: string;
  record: string | null;
  problems: string;
  status: 'invalid' | 'ready' | 'imported' | 'failed';
  message: Generated<string>;
  epubEntry: string | null;
  coverEntry: string | null;
  bookId: string | null;
}
interface RoleRequestsTable {
  id: string;
  userId: string;
  role: 'author' | 'publisher';
  imprintName: string | null;
  message: string;
  status: RequestStatus;
  note: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}
interface BetaRequestsTable {
  id: string;
  name: string;
  email: string;
  interest: 'reading' | 'writing' | 'publishing';
  reason: string;
  status: RequestStatus;
  note: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}
interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  ip: string;
}
interface SettingsTable {
  key: string;
  value: string;
}
interface NotificationPrefsTable {
  userId: string;
  event: string;
  channel: 'in_app' | 'email';
  enabled: number;
}
interface NotificationsTable {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: number;
  readAt: number | null;
}
interface MailOutboxTable {
  id: string;
  toAddress: string;
  fromAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  headers: string;
  status: 'queued' | 'sent' | 'stored' | 'failed';
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}
interface DebugReportsTable {
  key: string;
  digest: string;
  source: 'client' | 'server';
  message: string;
  stack: string;
  route: string;
  status: number | null;
  userAgent: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
  resolved: number;
}
interface BlobsTable {
  hash: string;
  size: number;
  mediaType: string;
  createdAt: number;
}
export type ImageVariantFormat = 'webp' | 'avif';
type ImageVariantState = 'pending' | 'done' | 'failed';
interface ImageVariantsTable {
  id: Generated<number>;
  sourceHash: string;
  width: number;
  format: ImageVariantFormat;
  state: ImageVariantState;
  blobHash: string | null;
  outWidth: number | null;
  outHeight: number | null;
  bytes: number | null;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}
export interface FilesTable {
  id: string;
  ownerId: string;
  blobHash: string;
  name: string;
  kind: 'image' | 'docx' | 'markdown' | 'epub';
  mediaType: string;
  size: number;
  /** Markdown only: the first lines, for the preview. */
  excerpt: string | null;
  createdAt: number;
}
export interface BooksTable {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  language: string;
  isbn: string | null;
  priceCents: number;
  currency: string;
  pageCount: number | null;
  publisherName: string;
  imprintId: string | null;
  genres: string;
  status: BookStatus;
  /** Position on the Featured shelf of /store (1 first); 0 when not featured (migration 018). */
  featured: number;
  coverPath: string | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** JSON of TocEntry[] (sync/book-format.ts). */
  toc: Generated<string>;
  /** JSON of Accessibility. */
  accessibility: Generated<string>;
  direction: Generated<'ltr' | 'rtl'>;
  writingMode: Generated<string>;
  /** JSON array of asset paths. */
  stylesheets: Generated<string>;
  issued: string | null;
  /** The rating summary of visible reviews (migration 012); written by server/reviews/summary.ts only. */
  ratingCount: Generated<number>;
  ratingSum: Generated<number>;
  /** A sale price applies between the two instants (either end open when null); migration 014. */
  discountPriceCents: Generated<number | null>;
  discountStartsAt: Generated<number | null>;
  discountEndsAt: Generated<number | null>;
  /** Fixed-layout books (migration 023): pre-paginated, and when two pages share the screen. */
  layout: Generated<'reflowable' | 'pre-paginated'>;
  spread: Generated<'auto' | 'none' | 'landscape' | 'both'>;
  /** Series name ('' when none), the book's number in it, keywords (JSON array) and age rating (migration 037). */
  series: Generated<string>;
  seriesNumber: Generated<number | null>;
  keywords: Generated<string>;
  /** Words in all its chapters (migration 043), written by saveBook: a long book's progress needs no chapter list. */
  wordCount: Generated<number>;
  ageRating: Generated<string | null>;
  /** When its text (chapters) last changed (migration 050): written by saveBook only, unlike updatedAt. */
  textUpdatedAt: Generated<number>;
}
interface BookGenresTable {
  bookId: string;
  /** A Thema subject code (sync/store/genres.ts). */
  code: string;
}
interface StoreCollectionsTable {
  id: string;
  name: string;
  ord: number;
  createdAt: number;
}
interface StoreCollectionBooksTable {
  collectionId: string;
  bookId: string;
  ord: number;
}
interface BookContributorsTable {
  bookId: string;
  ord: number;
  name: string;
  role: string;
  userId: string | null;
}
interface BookChaptersTable {
  id: string;
  bookId: string;
  ord: number;
  title: string;
  xhtml: string;
  wordCount: number;
  linear: Generated<number>;
  /** A fixed-layout page (migration 023): its layout, side of a spread and size in CSS px. */
  layout: Generated<'reflowable' | 'pre-paginated'>;
  pageSpread: Generated<'left' | 'right' | 'center' | null>;
  viewportWidth: Generated<number | null>;
  viewportHeight: Generated<number | null>;
}
/** A streamed import's chapters before they become the book's (migration 046, decision 060). */
interface StagedChaptersTable {
  stageId: string;
  ord: number;
  id: string;
  title: string;
  xhtml: string;
  wordCount: number;
  linear: number;
  layout: 'reflowable' | 'pre-paginated';
  pageSpread: 'left' | 'right' | 'center' | null;
  viewportWidth: number | null;
  viewportHeight: number | null;
  createdAt: number;
}
interface BookAssetsTable {
  bookId: string;
  path: string;
  mediaType: string;
  blobHash: string;
}
interface LibraryEntriesTable {
  userId: string;
  bookId: string;
  source: 'seed' | 'claim' | 'purchase' | 'author';
  acquiredAt: number;
}

type BookImportStatus = 'queued' | 'done' | 'failed';
interface BookImportsTable {
  id: string;
  ownerId: string;
  blobHash: string;
  status: BookImportStatus;
  error: string | null;
  bookId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

type CollabRoleColumn = 'editor' | 'commenter' | 'viewer';
/** The server's view of manuscripts (fed by the sync engine later); see migration 004. */
interface ManuscriptsTable {
  id: string;
  ownerId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}
interface ManuscriptMembersTable {
  manuscriptId: string;
  userId: string;
  role: CollabRoleColumn;
}
interface ManuscriptChaptersTable {
  id: string;
  manuscriptId: string;
  title: string;
  ord: number;
}
/** Co-author invitations to an address without an account yet; see migration 009. */
interface ManuscriptInvitationsTable {
  id: string;
  manuscriptId: string;
  inviterId: string;
  email: string;
  role: CollabRoleColumn;
  createdAt: number;
}
interface CollabUpdatesTable {
  docName: string;
  seq: number;
  update: Uint8Array;
  createdAt: number;
}
interface CollabSnapshotsTable {
  docName: string;
  state: Uint8Array;
  updatedAt: number;
}
interface CollabRendersTable {
  docName: string;
  html: string;
  text: string;
  wordCount: number;
  updatedAt: number;
}
/** Chapter version history (migration 006). */
export interface ChapterVersionsTable {
  id: string;
  docName: string;
  kind: 'auto' | 'named';
  reason: 'session' | 'hourly' | 'restore' | 'named';
  name: string | null;
  authorId: string | null;
  state: Uint8Array;
  html: string;
  text: string;
  wordCount: number;
  createdAt: number;
}
/** Ratings and reviews (migration 012). */
interface ReviewsTable {
  id: string;
  bookId: string;
  reviewerId: string;
  rating: number;
  text: string;
  createdAt: number;
  updatedAt: number;
  hidden: Generated<number>;
  hiddenBy: string | null;
  hiddenAt: number | null;
}
interface ReviewReportsTable {
  id: string;
  reviewId: string;
  reporterId: string;
  reason: string;
  createdAt: number;
  resolved: Generated<number>;
}
interface ReviewBlocksTable {
  userId: string;
  blockedBy: string | null;
  blockedAt: number;
  note: string;
}
/** Orders and payments (migration 015, server/payments). */
export type OrderStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'failed' | 'expired';
export type PaymentProviderName = 'stripe' | 'test';
export interface OrdersTable {
  id: string;
  /** Shown to people as Q-000123. */
  number: number;
  buyerId: string | null;
  status: OrderStatus;
  currency: string;
  totalCents: number;
  refundedCents: Generated<number>;
  provider: PaymentProviderName;
  providerSessionId: string | null;
  paymentIntentId: string | null;
  customerEmail: string;
  createdAt: number;
  paidAt: number | null;
  failedAt: number | null;
  expiredAt: number | null;
  failureMessage: string | null;
}
export interface OrderLinesTable {
  id: string;
  orderId: string;
  /** The line's place in the cart (0 first). */
  position: Generated<number>;
  bookId: string | null;
  title: string;
  unitPriceCents: number;
  refundRequestedAt: number | null;
  refundedCents: Generated<number>;
  refundedAt: number | null;
}
interface PaymentEventsTable {
  provider: PaymentProviderName;
  eventId: string;
  type: string;
  orderId: string | null;
  receivedAt: number;
}
/** Books announced to their authors' followers, once each (migration 020, server/authors). */
interface BookAnnouncementsTable {
  bookId: string;
  announcedAt: number;
}
/** A reader's own EPUB imported as a private book (migration 021, server/library/sideload). */
interface SideloadsTable {
  bookId: string;
  ownerId: string;
  /** The uploaded EPUB, charged to the owner's file quota. */
  blobHash: string;
  size: number;
  createdAt: number;
}
/** Publishing (migration 028, server/publishing): a manuscript's way to the store. */
interface PublicationsTable {
  /** The manuscript's id. */
  id: string;
  ownerId: string;
  state: PublishingState;
  /** JSON of PublishingMetadata; null until the author first saves the form. */
  metadata: string | null;
  /** The store book this becomes: fixed at the first submission. */
  bookId: string | null;
  bookSlug: string | null;
  pendingEditionId: string | null;
  liveEditionId: string | null;
  submittedAt: number | null;
  stateChangedAt: number;
  createdAt: number;
  updatedAt: number;
  /** The ebook cover: an image in the owner's files (migration 035). */
  coverFileId: Generated<string | null>;
  /** An imprint's book (migration 037): the id is the book's, the owner the imprint's owner. */
  imprintId: Generated<string | null>;
}
interface PublicationEditionsTable {
  id: string;
  publicationId: string;
  number: number;
  /** JSON of CanonicalBook: the frozen snapshot. */
  book: string;
  /** JSON of PublishingMetadata as submitted. */
  metadata: string;
  createdBy: string | null;
  createdAt: number;
  /** The cover's bytes as submitted (migration 035): kept by the foreign key while the edition lives. */
  coverBlob: Generated<string | null>;
  coverMediaType: Generated<string | null>;
}
/** New files of a listed imprint book, waiting for review (migration 048, decision 065). */
interface ImprintBookDraftsTable {
  bookId: string;
  /** JSON of CanonicalBook: the working copy (its metadata is the live book's at upload time). */
  book: string;
  /** JSON: blob hash of each asset path of the working copy. */
  assetHashes: string;
  /** JSON of PendingFileChanges (server/publishing/imprint-drafts.ts): what differs from the live book. */
  changes: string;
  coverBlob: string | null;
  updatedBy: string | null;
  updatedAt: number;
}
/** A design made on /cover (migration 035): `design` is JSON of sync/covers/design.ts. */
export interface CoverDesignsTable {
  id: string;
  ownerId: string;
  name: string;
  design: string;
  createdAt: number;
  updatedAt: number;
}
/** A manuscript's paperback cover (migration 052): `design` is JSON of sync/covers/paperback.ts. */
interface PaperbackCoversTable {
  manuscriptId: string;
  design: string;
  updatedBy: string | null;
  createdAt: number;
  updatedAt: number;
}
/** The page count of a manuscript's print layout at one trim (migration 052), the latest only. */
interface PrintLayoutsTable {
  manuscriptId: string;
  trimId: string;
  pages: number;
  recordedBy: string | null;
  recordedAt: number;
}
interface PublicationEventsTable {
  id: Generated<number>;
  publicationId: string;
  at: number;
  actorId: string | null;
  actorName: string;
  /** A PublishingAction, or 'comment' (a message that changes nothing). */
  action: string;
  fromState: PublishingState;
  toState: PublishingState;
  editionNumber: number | null;
  comment: Generated<string>;
}
/** The blog (migration 030, server/blog). */
interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised (server/blog/sanitize.ts) before it is stored. */
  bodyHtml: string;
  coverFileId: string | null;
  authorId: string | null;
  state: 'draft' | 'scheduled' | 'published';
  scheduledAt: number | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}
interface BlogPostTagsTable {
  tag: string;
  postId: string;
  position: number;
}
interface BlogOldSlugsTable {
  slug: string;
  postId: string;
  retiredAt: number;
}

/** Exports (migration 034, server/exports). */
type ExportFormat = 'epub' | 'docx' | 'pdf' | 'markdown' | 'account-json' | 'account-files';
type ExportState = 'queued' | 'running' | 'done' | 'failed';
export interface ExportsTable {
  id: string;
  ownerId: string;
  sourceKind: 'manuscript' | 'book' | 'account';
  sourceId: string | null;
  title: string;
  format: ExportFormat;
  state: ExportState;
  /** 0 to 1, as the job goes. */
  progress: number;
  /** Why it failed, for its owner to read. */
  error: string | null;
  blobHash: string | null;
  fileName: string | null;
  mediaType: string | null;
  size: number | null;
  /** The download link works until then; the row and its file go after. */
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** A print PDF's trim size (sync/print/trim.ts id); null for every other format. */
  trimId: string | null;
}
/** A submitted edition's automatic checks (migrations 034 and 038, server/publishing/checks). */
interface EditionChecksTable {
  editionId: string;
  name: string;
  status: 'pending' | 'passed' | 'warning' | 'failed' | 'not_run';
  message: string;
  /** JSON of Finding[] (server/publishing/checks/types.ts): where each problem is. */
  findings: Generated<string>;
  checkedAt: number | null;
}
export interface Database {
  users: UsersTable;
  userRoles: UserRolesTable;
  sessions: SessionsTable;
  authCodes: AuthCodesTable;
  imprints: ImprintsTable;
  imprintMembers: ImprintMembersTable;
  imprintIsbns: ImprintIsbnsTable;
  imprintFeaturedBooks: ImprintFeaturedBooksTable;
  imprintAuthors: ImprintAuthorsTable;
  uploads: UploadsTable;
  uploadItems: UploadItemsTable;
  roleRequests: RoleRequestsTable;
  betaRequests: BetaRequestsTable;
  auditLog: AuditLogTable;
  settings: SettingsTable;
  notificationPrefs: NotificationPrefsTable;
  notifications: NotificationsTable;
  mailOutbox: MailOutboxTable;
  jobs: JobsTable;
  debugReports: DebugReportsTable;
  blobs: BlobsTable;
  imageVariants: ImageVariantsTable;
  files: FilesTable;
  books: BooksTable;
  bookContributors: BookContributorsTable;
  bookChapters: BookChaptersTable;
  stagedChapters: StagedChaptersTable;
  bookAssets: BookAssetsTable;
  libraryEntries: LibraryEntriesTable;
  bookImports: BookImportsTable;
  sideloads: SideloadsTable;
  manuscripts: ManuscriptsTable;
  manuscriptMembers: ManuscriptMembersTable;
  manuscriptChapters: ManuscriptChaptersTable;
  manuscriptInvitations: ManuscriptInvitationsTable;
  collabUpdates: CollabUpdatesTable;
  collabSnapshots: CollabSnapshotsTable;
  collabRenders: CollabRendersTable;
  chapterVersions: ChapterVersionsTable;
  syncDocs: SyncDocsTable;
  syncAudience: SyncAudienceTable;
  reviews: ReviewsTable;
  reviewReports: ReviewReportsTable;
  reviewBlocks: ReviewBlocksTable;
  bookGenres: BookGenresTable;
  storeCollections: StoreCollectionsTable;
  storeCollectionBooks: StoreCollectionBooksTable;
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  paymentEvents: PaymentEventsTable;
  bookAnnouncements: BookAnnouncementsTable;
  publications: PublicationsTable;
  publicationEditions: PublicationEditionsTable;
  imprintBookDrafts: ImprintBookDraftsTable;
  publicationEvents: PublicationEventsTable;
  coverDesigns: CoverDesignsTable;
  paperbackCovers: PaperbackCoversTable;
  printLayouts: PrintLayoutsTable;
  blogPosts: BlogPostsTable;
  blogPostTags: BlogPostTagsTable;
  blogOldSlugs: BlogOldSlugsTable;
  exports: ExportsTable;
  editionChecks: EditionChecksTable;
  newsletters: NewslettersTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  newsletterIssues: NewsletterIssuesTable;
  newsletterDeliveries: NewsletterDeliveriesTable;
  supportConversations: SupportConversationsTable;
  supportMessages: SupportMessagesTable;
  notices: NoticesTable;
  noticeDeliveries: NoticeDeliveriesTable;
  askPassages: AskPassagesTable;
  askBooks: AskBooksTable;
  askQueries: AskQueriesTable;
  askFeedback: AskFeedbackTable;
  readingDays: ReadingDaysTable;
  analyticsDays: AnalyticsDaysTable;
  analyticsSalesDays: AnalyticsSalesDaysTable;
  analyticsBookDays: AnalyticsBookDaysTable;
}

/** Newsletters (migration 031, server/newsletter). */
interface NewslettersTable {
  id: string;
  authorId: string | null;
  senderName: Generated<string>;
  replyTo: Generated<string>;
  welcomeSubject: Generated<string>;
  welcomeBody: Generated<string>;
  postalAddress: Generated<string>;
  createdAt: number;
  updatedAt: number;
}
type SubscriptionStatus = 'pending' | 'active' | 'unsubscribed';
interface NewsletterSubscriptionsTable {
  id: string;
  newsletterId: string;
  email: string;
  userId: string | null;
  status: SubscriptionStatus;
  confirmHash: string | null;
  confirmExpiresAt: number | null;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  unsubscribedIssueId: string | null;
  createdAt: number;
}
type IssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent';
interface NewsletterIssuesTable {
  id: string;
  newsletterId: string;
  subject: string;
  body: string;
  status: IssueStatus;
  sendAt: number | null;
  sentAt: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}
interface NewsletterDeliveriesTable {
  issueId: string;
  subscriptionId: string;
  outboxId: string;
  createdAt: number;
}

/** The support inbox (migration 039, server/support). */
interface SupportConversationsTable {
  userId: string;
  status: 'open' | 'waiting' | 'closed';
  assigneeId: string | null;
  lastMessageAt: number;
  lastPreview: string;
  lastFromStaff: number;
  createdAt: number;
  updatedAt: number;
}
interface SupportMessagesTable {
  /** The replicated message's id. */
  id: string;
  userId: string;
  /** The staff member who wrote a reply; null for the person's own messages. */
  staffId: string | null;
  fromStaff: number;
  body: string;
  sentAt: number;
}

/** Notices to segments (migration 039, server/notices). */
type NoticeSegment = 'everyone' | 'readers' | 'authors' | 'publishers' | 'followers' | 'buyers';
interface NoticesTable {
  id: string;
  title: string;
  body: string;
  link: string | null;
  segment: NoticeSegment;
  /** The author (followers) or book (buyers) the segment is of. */
  segmentRef: string | null;
  segmentLabel: string;
  inApp: number;
  email: number;
  status: 'sending' | 'sent';
  recipients: number;
  excluded: number;
  createdBy: string | null;
  createdAt: number;
  sentAt: number | null;
}
interface NoticeDeliveriesTable {
  noticeId: string;
  userId: string;
  inApp: number;
  outboxId: string | null;
  createdAt: number;
}

/** Replicated documents (server/sync): JSON of the collection's fields, without `_deleted`. */
interface SyncDocsTable {
  collection: string;
  id: string;
  doc: string;
  /** Microseconds; strictly increasing per collection (the pull checkpoint). */
  serverUpdatedAt: number;
  deleted: number;
}
interface SyncAudienceTable {
  collection: string;
  docId: string;
  userId: string;
  serverUpdatedAt: number;
}

/** "Ask this book" (migration 041, server/ask). */
interface AskPassagesTable {
  id: Generated<number>;
  bookId: string;
  chapterId: string;
  ord: number;
  heading: string;
  text: string;
  quoteExact: string;
  quotePrefix: string;
  quoteSuffix: string;
}
interface AskBooksTable {
  bookId: string;
  passages: number;
  /** books.text_updated_at of the version indexed: fresh while it still matches. */
  sourceUpdatedAt: number;
  indexedAt: number;
  tookMs: number;
}
interface AskQueriesTable {
  id: string;
  bookId: string;
  userId: string;
  question: string;
  answers: number;
  latencyMs: number;
  createdAt: number;
}
interface AskFeedbackTable {
  queryId: string;
  passageId: string;
  helpful: number;
  /** The answer's text as it was shown (the passage may be re-indexed away). */
  passageText: string;
  createdAt: number;
}
/** Analytics (migration 040, server/analytics): reading per person, book and UTC day, and the daily rollups. */
interface ReadingDaysTable {
  day: string;
  userId: string;
  bookId: string;
  readingMs: number;
  lastAt: number;
}
interface AnalyticsDaysTable {
  day: string;
  signUps: number;
  activeReaders: number;
  readingSeconds: number;
  rolledUpAt: number;
}
interface AnalyticsSalesDaysTable {
  day: string;
  currency: string;
  orders: number;
  revenueCents: number;
  refundedCents: number;
}
interface AnalyticsBookDaysTable {
  day: string;
  bookId: string;
  copies: number;
  readingSeconds: number;
  readers: number;
}
