/**
 * The admin API's contract (/api/admin/*): one endpoint per route, the request schemas both sides
 * parse with and the shapes of the answers. Limits that a person can hit in a form (note length)
 * live here so the UI and the server agree. The audit CSV export is not JSON, so it stays a plain
 * route (AUDIT_CSV_PATH) outside the table.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { GRANTABLE_ROLES, ROLES } from '../roles';
import { MyRoleRequestSchema } from './account';
import { BETA_INTERESTS } from './auth';
import { endpoint } from './contract';
import { SiteSettingsSchema } from './site';

export const ADMIN_PAGE_SIZE = 25;
export const DECISION_NOTE_MAX = 1000;
export const SUSPEND_REASON_MAX = 500;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const search = z.string().trim().max(200).optional().default('');

/** One page of a long list. */
function pageOf<T extends zm.ZodMiniType>(item: T) {
  return zm.object({ items: zm.array(item), page: zm.number(), pageSize: zm.number(), total: zm.number() });
}
/** A short list (a queue), capped on the server. */
const listOf = <T extends zm.ZodMiniType>(item: T) => zm.object({ items: zm.array(item) });
/** The answer of an action whose effect the client refetches. */
const OkSchema = zm.object({ ok: zm.boolean() });

// ---------- role and beta requests ----------
export const RequestStatusFilter = z.enum(['pending', 'approved', 'rejected', 'all']);
export type RequestStatusFilter = z.infer<typeof RequestStatusFilter>;
export const RoleRequestQuery = z.object({
  role: z.enum(['author', 'publisher']).optional(),
  status: RequestStatusFilter.optional().default('pending'),
});
export type RoleRequestQuery = z.input<typeof RoleRequestQuery>;
export const BetaRequestQuery = z.object({ status: RequestStatusFilter.optional().default('pending') });

export const ApproveInput = z.object({ note: z.string().trim().max(DECISION_NOTE_MAX).optional().default('') });
export const RejectInput = z.object({
  note: z.string().trim().min(1, 'Write a note for the applicant.').max(DECISION_NOTE_MAX, `Keep the note under ${DECISION_NOTE_MAX} characters.`),
});

/** An application as the admin queue sees it: the applicant's own view plus who they are. */
const RoleRequestRowSchema = zm.extend(MyRoleRequestSchema, {
  decidedBy: zm.nullable(zm.string()),
  applicant: zm.object({ id: zm.string(), username: zm.string(), displayName: zm.string(), email: zm.string() }),
});
export type RoleRequestRow = zm.infer<typeof RoleRequestRowSchema>;

const BetaRequestRowSchema = zm.object({
  id: zm.string(),
  name: zm.string(),
  email: zm.string(),
  interest: zm.enum(BETA_INTERESTS),
  reason: zm.string(),
  status: zm.enum(['pending', 'approved', 'rejected']),
  note: zm.string(),
  createdAt: zm.number(),
  decidedAt: zm.nullable(zm.number()),
});
export type BetaRequestRow = zm.infer<typeof BetaRequestRowSchema>;

export const listRoleRequests = endpoint({ method: 'GET', path: '/api/admin/role-requests', query: RoleRequestQuery, response: listOf(RoleRequestRowSchema) });
export const approveRoleRequest = endpoint({ method: 'POST', path: '/api/admin/role-requests/:id/approve', body: ApproveInput, response: OkSchema });
export const rejectRoleRequest = endpoint({ method: 'POST', path: '/api/admin/role-requests/:id/reject', body: RejectInput, response: OkSchema });

export const listBetaRequests = endpoint({ method: 'GET', path: '/api/admin/beta-requests', query: BetaRequestQuery, response: listOf(BetaRequestRowSchema) });
/** Sends the applicant an invite e-mail with a sign-up link. */
export const approveBetaRequest = endpoint({ method: 'POST', path: '/api/admin/beta-requests/:id/approve', body: ApproveInput, response: OkSchema });
/** E-mails the note to the applicant, who has no account to see it in. */
export const rejectBetaRequest = endpoint({ method: 'POST', path: '/api/admin/beta-requests/:id/reject', body: RejectInput, response: OkSchema });

// ---------- users ----------
export const UserStatusFilter = z.enum(['all', 'active', 'suspended', 'deleting']);
export const UserListQuery = z.object({
  q: search,
  role: z.enum(['', 'reader', 'author', 'publisher', 'admin']).optional().default(''),
  status: UserStatusFilter.optional().default('all'),
  page,
});
export type UserListQuery = z.input<typeof UserListQuery>;
export type UserListParams = z.output<typeof UserListQuery>;

export const SetRolesInput = z.object({
  roles: z.array(z.enum(GRANTABLE_ROLES, { error: 'Only author, publisher and admin can be granted.' })).max(3),
});
export type SetRolesInput = z.infer<typeof SetRolesInput>;

export const SuspendInput = z.object({
  reason: z.string().trim().min(1, 'Give a reason; it goes into the audit log.').max(SUSPEND_REASON_MAX),
});

const AdminUserRowSchema = zm.object({
  id: zm.string(),
  email: zm.string(),
  username: zm.string(),
  displayName: zm.string(),
  roles: zm.array(zm.enum(ROLES)),
  status: zm.enum(['active', 'suspended', 'deleting', 'deleted']),
  emailVerified: zm.boolean(),
  createdAt: zm.number(),
});
export type AdminUserRow = zm.infer<typeof AdminUserRowSchema>;
const AdminUserDetailSchema = zm.extend(AdminUserRowSchema, { bio: zm.string(), sessions: zm.number(), requests: zm.array(RoleRequestRowSchema) });
export type AdminUserDetail = zm.infer<typeof AdminUserDetailSchema>;

export const listUsers = endpoint({ method: 'GET', path: '/api/admin/users', query: UserListQuery, response: pageOf(AdminUserRowSchema) });
export type AdminUserPage = zm.infer<typeof listUsers.response>;
export const getUser = endpoint({ method: 'GET', path: '/api/admin/users/:id', response: AdminUserDetailSchema });
/** Each change to a person answers with their detail as it now is. */
export const setUserRoles = endpoint({ method: 'PUT', path: '/api/admin/users/:id/roles', body: SetRolesInput, response: AdminUserDetailSchema });
export const suspendUser = endpoint({ method: 'POST', path: '/api/admin/users/:id/suspend', body: SuspendInput, response: AdminUserDetailSchema });
export const restoreUser = endpoint({ method: 'POST', path: '/api/admin/users/:id/restore', response: AdminUserDetailSchema });
/** Starts the account-deletion flow for them (grace period, then erasure); the reason is audited. */
export const deleteUser = endpoint({ method: 'POST', path: '/api/admin/users/:id/delete', body: SuspendInput, response: AdminUserDetailSchema });
export const sendUserReset = endpoint({ method: 'POST', path: '/api/admin/users/:id/send-reset', response: OkSchema });

// ---------- audit ----------
// An empty form field means "no limit", so '' is accepted and dropped.
const day = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-01-31.')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a real date.')
    .optional(),
);
export const AuditQuery = z.object({
  actor: search,
  action: search,
  target: search,
  from: day,
  to: day,
  page,
});
export type AuditQuery = z.input<typeof AuditQuery>;
export type AuditParams = z.output<typeof AuditQuery>;

const AuditTargetSchema = zm.object({
  /** "Ada Lovelace (@ada)", "Book “The Salt Orchard”", "“Summer” (deleted collection)". */
  label: zm.string(),
  /** The page that shows it, when there is one. */
  link: zm.nullable(zm.string()),
  /** It no longer exists: the label is what the entry remembered. */
  gone: zm.boolean(),
});
export type AuditTarget = zm.infer<typeof AuditTargetSchema>;

const AuditRowSchema = zm.object({
  id: zm.number(),
  at: zm.number(),
  actorId: zm.nullable(zm.string()),
  actorLabel: zm.string(),
  action: zm.string(),
  targetType: zm.string(),
  targetId: zm.string(),
  /** The target named for people (server/admin/audit-targets.ts); null when the entry has none. */
  target: zm.nullable(AuditTargetSchema),
  detail: zm.record(zm.string(), zm.unknown()),
  ip: zm.string(),
});
export type AuditRow = zm.infer<typeof AuditRowSchema>;

export const listAudit = endpoint({ method: 'GET', path: '/api/admin/audit', query: AuditQuery, response: pageOf(AuditRowSchema) });
export type AuditPage = zm.infer<typeof listAudit.response>;
/** Every matching row as a CSV download (same filters as listAudit, page ignored); a plain route, not JSON. */
export const AUDIT_CSV_PATH = '/api/admin/audit.csv';

// ---------- settings ----------
export const FEATURE_FLAG_KEY = /^[a-z][a-z0-9._-]{0,63}$/;
export const MAX_FEATURE_FLAGS = 100;
/** The site settings form: SiteSettingsSchema plus tidy flag names. */
export const AdminSiteSettingsInput = SiteSettingsSchema.extend({
  featureFlags: z
    .record(z.string(), z.boolean())
    .refine((flags) => Object.keys(flags).every((k) => FEATURE_FLAG_KEY.test(k)), 'Flag names use lower-case letters, digits, dots, dashes and underscores.')
    .refine((flags) => Object.keys(flags).length <= MAX_FEATURE_FLAGS, `At most ${MAX_FEATURE_FLAGS} flags.`),
});

const AdminSettingsResponseSchema = zm.object({
  settings: zm.object({
    siteName: zm.string(),
    signUpMode: zm.enum(['open', 'beta', 'closed']),
    currency: zm.string(),
    featureFlags: zm.record(zm.string(), zm.boolean()),
  }),
  status: zm.object({
    payments: zm.object({ provider: zm.enum(['stripe', 'test']), label: zm.string() }),
    mail: zm.object({ transport: zm.enum(['smtp', 'outbox']), label: zm.string() }),
  }),
});
export type AdminSettingsResponse = zm.infer<typeof AdminSettingsResponseSchema>;

export const getSiteSettings = endpoint({ method: 'GET', path: '/api/admin/settings', response: AdminSettingsResponseSchema });
export const saveSiteSettings = endpoint({ method: 'PUT', path: '/api/admin/settings', body: AdminSiteSettingsInput, response: AdminSettingsResponseSchema });

// ---------- debug reports ----------
export const DebugReportQuery = z.object({
  source: z.enum(['', 'client', 'server']).optional().default(''),
  status: z.enum(['open', 'resolved', 'all']).optional().default('open'),
});
export type DebugReportQuery = z.input<typeof DebugReportQuery>;

const DebugReportRowSchema = zm.object({
  key: zm.string(),
  digest: zm.string(),
  source: zm.enum(['client', 'server']),
  message: zm.string(),
  route: zm.string(),
  status: zm.enum(['open', 'resolved']),
  httpStatus: zm.nullable(zm.number()),
  count: zm.number(),
  firstSeen: zm.number(),
  lastSeen: zm.number(),
  stack: zm.string(),
  userAgent: zm.string(),
});
export type DebugReportRow = zm.infer<typeof DebugReportRowSchema>;

export const listDebugReports = endpoint({ method: 'GET', path: '/api/admin/debug-reports', query: DebugReportQuery, response: listOf(DebugReportRowSchema) });
export const resolveDebugReport = endpoint({ method: 'POST', path: '/api/admin/debug-reports/:key/resolve', response: OkSchema });
export const reopenDebugReport = endpoint({ method: 'POST', path: '/api/admin/debug-reports/:key/reopen', response: OkSchema });

// ---------- self-test ----------
const SelfTestCheckSchema = zm.object({
  name: zm.string(),
  ok: zm.boolean(),
  /** Not built yet (sync and collaboration sockets): neither passed nor failed. */
  skipped: zm.optional(zm.boolean()),
  detail: zm.string(),
  ms: zm.number(),
});
export type SelfTestCheck = zm.infer<typeof SelfTestCheckSchema>;

/** Runs every check now. */
export const runSelfTest = endpoint({
  method: 'POST',
  path: '/api/admin/self-test',
  response: zm.object({ ranAt: zm.number(), checks: zm.array(SelfTestCheckSchema) }),
});
export type SelfTestResponse = zm.infer<typeof runSelfTest.response>;

// ---------- dashboard ----------
const count = zm.number();
/** The numbers on /admin, each linking to the queue it counts. */
export const getDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  response: zm.object({
    users: zm.object({ total: count, newToday: count, signUps7d: count, signUpsByDay: zm.array(zm.object({ day: zm.string(), count })) }),
    requests: zm.object({ author: count, publisher: count, beta: count }),
    jobs: zm.object({ queued: count, running: count, done: count, dead: count, cancelled: count }),
    debugReports: zm.object({ open: count }),
    mail: zm.object({ transport: zm.enum(['smtp', 'outbox']) }),
  }),
});
export type AdminDashboard = zm.infer<typeof getDashboard.response>;
