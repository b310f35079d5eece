/**
 * The admin API's contract (/api/admin/*): request schemas both sides parse with, and the shapes
 * of the answers. Limits that a person can hit in a form (note length) live here so the UI and
 * the server agree.
 */
import { z } from 'zod';
import type { MyRoleRequest } from './account';
import { GRANTABLE_ROLES, type Role } from '../roles';
import { SiteSettingsSchema, type SiteSettings } from './site';

export const ADMIN_PAGE_SIZE = 25;
export const DECISION_NOTE_MAX = 1000;
export const SUSPEND_REASON_MAX = 500;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const search = z.string().trim().max(200).optional().default('');

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

export interface AdminUserRow {
  id: string;
  email: string;
  username: string;
  displayName: string;
  roles: Role[];
  status: 'active' | 'suspended' | 'deleting' | 'deleted';
  emailVerified: boolean;
  createdAt: number;
}
export interface AdminUserDetail extends AdminUserRow {
  bio: string;
  sessions: number;
  requests: RoleRequestRow[];
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

// ---------- role and beta requests ----------
export const RequestStatusFilter = z.enum(['pending', 'approved', 'rejected', 'all']);
export type RequestStatusFilter = z.infer<typeof RequestStatusFilter>;
export const RoleRequestQuery = z.object({
  role: z.enum(['author', 'publisher']).optional(),
  status: RequestStatusFilter.optional().default('pending'),
});
export const BetaRequestQuery = z.object({ status: RequestStatusFilter.optional().default('pending') });

export const ApproveInput = z.object({ note: z.string().trim().max(DECISION_NOTE_MAX).optional().default('') });
export const RejectInput = z.object({
  note: z.string().trim().min(1, 'Write a note for the applicant.').max(DECISION_NOTE_MAX, `Keep the note under ${DECISION_NOTE_MAX} characters.`),
});

/** An application as the admin queue sees it: the applicant's own view plus who they are. */
export interface RoleRequestRow extends MyRoleRequest {
  decidedBy: string | null;
  applicant: { id: string; username: string; displayName: string; email: string };
}
export interface BetaRequestRow {
  id: string;
  name: string;
  email: string;
  interest: 'reading' | 'writing' | 'publishing';
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  note: string;
  createdAt: number;
  decidedAt: number | null;
}

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

export interface AuditRow {
  id: number;
  at: number;
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
  ip: string;
}

// ---------- settings ----------
export interface AdminSettingsResponse {
  settings: SiteSettings;
  status: { payments: { provider: 'stripe' | 'test'; label: string }; mail: { transport: 'smtp' | 'outbox'; label: string } };
}

// ---------- debug reports ----------
export const DebugReportQuery = z.object({
  source: z.enum(['', 'client', 'server']).optional().default(''),
  status: z.enum(['open', 'resolved', 'all']).optional().default('open'),
});
export interface DebugReportRow {
  key: string;
  digest: string;
  source: 'client' | 'server';
  message: string;
  route: string;
  status: 'open' | 'resolved';
  httpStatus: number | null;
  count: number;
  firstSeen: number;
  lastSeen: number;
  stack: string;
  userAgent: string;
}

// ---------- self-test ----------
export interface SelfTestCheck {
  name: string;
  ok: boolean;
  /** Not built yet (sync and collaboration sockets): neither passed nor failed. */
  skipped?: boolean;
  detail: string;
  ms: number;
}
export interface SelfTestResponse {
  ranAt: number;
  checks: SelfTestCheck[];
}

// ---------- dashboard ----------
export interface AdminDashboard {
  users: { total: number; newToday: number; signUps7d: number; signUpsByDay: { day: string; count: number }[] };
  requests: { author: number; publisher: number; beta: number };
  jobs: { queued: number; running: number; done: number; dead: number; cancelled: number };
  debugReports: { open: number };
  mail: { transport: 'smtp' | 'outbox' };
}

// ---------- settings input ----------
export const FEATURE_FLAG_KEY = /^[a-z][a-z0-9._-]{0,63}$/;
export const MAX_FEATURE_FLAGS = 100;
/** The site settings form: SiteSettingsSchema plus tidy flag names. */
export const AdminSiteSettingsInput = SiteSettingsSchema.extend({
  featureFlags: z
    .record(z.string(), z.boolean())
    .refine((flags) => Object.keys(flags).every((k) => FEATURE_FLAG_KEY.test(k)), 'Flag names use lower-case letters, digits, dots, dashes and underscores.')
    .refine((flags) => Object.keys(flags).length <= MAX_FEATURE_FLAGS, `At most ${MAX_FEATURE_FLAGS} flags.`),
});
