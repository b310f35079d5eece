/**
 * Notices to a segment (/admin/notifications, 'notices:send'): a title, a body and an optional
 * link on this site, to everyone, readers (accounts with no other role), authors, publishers, the
 * followers of one author or the buyers of one book, in-app and/or by e-mail. The preview counts
 * who would get it on each channel and who is left out by their own notification choices (the
 * 'site_notices' event of /settings/notifications); sending is a job in batches; the history
 * shows what reached people.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { sitePath } from '../support/text';
import { endpoint } from './contract';

export const NOTICE_SEGMENTS = ['everyone', 'readers', 'authors', 'publishers', 'followers', 'buyers'] as const;
export type NoticeSegmentId = (typeof NOTICE_SEGMENTS)[number];
export const SEGMENT_LABELS: Record<NoticeSegmentId, string> = {
  everyone: 'Everyone',
  readers: 'Readers (no other role)',
  authors: 'Authors',
  publishers: 'Publishers',
  followers: 'Followers of an author',
  buyers: 'Buyers of a book',
};
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 4000;
const NOTICE_LINK_MAX = 500;

const PICK = 'Pick one.';

/** Who a notice goes to, and on which channels. */
export const NoticeAudienceInput = z
  .object({
    segment: z.enum(NOTICE_SEGMENTS),
    /** The author of `followers`, the book of `buyers`. */
    refId: z.string().trim().max(64).optional().default(''),
    inApp: z.boolean(),
    email: z.boolean(),
  })
  .superRefine((value, issue) => {
    if (!value.inApp && !value.email) issue.addIssue({ code: 'custom', path: ['inApp'], message: 'Choose in-app, e-mail or both.' });
    if ((value.segment === 'followers' || value.segment === 'buyers') && !value.refId)
      issue.addIssue({ code: 'custom', path: ['refId'], message: value.segment === 'followers' ? `${PICK} Choose the author.` : `${PICK} Choose the book.` });
  });
export type NoticeAudienceInput = z.input<typeof NoticeAudienceInput>;

export const NoticeInput = z
  .object({
    segment: z.enum(NOTICE_SEGMENTS),
    refId: z.string().trim().max(64).optional().default(''),
    inApp: z.boolean(),
    email: z.boolean(),
    title: z.string().trim().min(1, 'Give the notice a title.').max(NOTICE_TITLE_MAX, `At most ${NOTICE_TITLE_MAX} characters.`),
    body: z.string().trim().max(NOTICE_BODY_MAX, `At most ${NOTICE_BODY_MAX} characters.`).optional().default(''),
    link: z
      .string()
      .trim()
      .max(NOTICE_LINK_MAX)
      .refine((link) => link === '' || sitePath(link) !== null, 'A link is a path on Quire, like /blog/news.')
      .optional()
      .default(''),
  })
  .superRefine((value, issue) => {
    if (!value.inApp && !value.email) issue.addIssue({ code: 'custom', path: ['inApp'], message: 'Choose in-app, e-mail or both.' });
    if ((value.segment === 'followers' || value.segment === 'buyers') && !value.refId)
      issue.addIssue({ code: 'custom', path: ['refId'], message: value.segment === 'followers' ? `${PICK} Choose the author.` : `${PICK} Choose the book.` });
  });
export type NoticeInput = z.input<typeof NoticeInput>;

const NoticeCountsSchema = zm.object({
  /** Active accounts in the segment. */
  total: zm.number(),
  /** Who gets it in the app / by e-mail (0 for a channel not chosen). */
  inApp: zm.number(),
  email: zm.number(),
  /** In the segment but reached on none of the chosen channels, by their own choice. */
  excluded: zm.number(),
});
export type NoticeCounts = zm.infer<typeof NoticeCountsSchema>;

export const previewNotice = endpoint({
  method: 'POST',
  path: '/api/admin/notices/preview',
  body: NoticeAudienceInput,
  response: zm.extend(NoticeCountsSchema, { segmentLabel: zm.string() }),
});

const NoticeRowSchema = zm.object({
  id: zm.string(),
  title: zm.string(),
  body: zm.string(),
  link: zm.nullable(zm.string()),
  segment: zm.enum(NOTICE_SEGMENTS),
  segmentLabel: zm.string(),
  inApp: zm.boolean(),
  email: zm.boolean(),
  status: zm.enum(['sending', 'sent']),
  /** Counted when sent: who it was for, and who was left out by their choices. */
  recipients: zm.number(),
  excluded: zm.number(),
  createdAt: zm.number(),
  sentAt: zm.nullable(zm.number()),
  createdBy: zm.string(),
  delivered: zm.object({ inApp: zm.number(), emailsSent: zm.number(), emailsQueued: zm.number(), emailsFailed: zm.number() }),
});
export type NoticeRow = zm.infer<typeof NoticeRowSchema>;

export const sendNotice = endpoint({ method: 'POST', path: '/api/admin/notices', body: NoticeInput, status: 202, response: NoticeRowSchema });

export const listNotices = endpoint({
  method: 'GET',
  path: '/api/admin/notices',
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) }),
  response: zm.object({ items: zm.array(NoticeRowSchema), page: zm.number(), pageSize: zm.number(), total: zm.number() }),
});

const PickSchema = zm.object({ id: zm.string(), label: zm.string(), detail: zm.string() });
export type NoticePick = zm.infer<typeof PickSchema>;

/** The author or book a segment is of, found by name or title as the admin types. */
export const findNoticeTargets = endpoint({
  method: 'GET',
  path: '/api/admin/notices/targets',
  query: z.object({ kind: z.enum(['author', 'book']), q: z.string().trim().max(200).optional().default('') }),
  response: zm.object({ items: zm.array(PickSchema) }),
});
