/**
 * The account contract (/api/account/*): profile, role applications and account deletion.
 * Limits a person can hit in a form live here so the form and the server agree.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { REQUESTABLE_ROLES, ROLES } from '../roles';
import { NotificationPrefsInput, NotificationPrefsResponseSchema } from './notifications';
import { endpoint } from './contract';
import { DisplayNameSchema, UsernameSchema } from './auth';

export const BIO_MAX = 1000;
export const AVATAR_URL_MAX = 2000;
export const ROLE_MESSAGE_MAX = 2000;
export const IMPRINT_NAME_MIN = 2;
export const IMPRINT_NAME_MAX = 80;
export const THEMES = ['system', 'light', 'dark'] as const;
export const PROFILE_VISIBILITIES = ['public', 'private'] as const;

// ---------- profile ----------
const AvatarUrlSchema = z
  .string({ error: 'Enter a web address.' })
  .trim()
  .max(AVATAR_URL_MAX, `Use at most ${AVATAR_URL_MAX} characters.`)
  .refine((v) => v === '' || isHttpsUrl(v), 'Use an https:// address, or leave it empty.');

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const ProfileUpdateInput = z.object({
  displayName: DisplayNameSchema.optional(),
  username: UsernameSchema.optional(),
  bio: z.string({ error: 'Bio must be text.' }).trim().max(BIO_MAX, `Keep your bio under ${BIO_MAX} characters.`).optional(),
  avatarUrl: AvatarUrlSchema.optional(),
  profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: 'Choose public or private.' }).optional(),
  theme: z.enum(THEMES, { error: 'Choose system, light or dark.' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

const ProfileSchema = zm.object({
  id: zm.string(),
  email: zm.string(),
  emailVerified: zm.boolean(),
  username: zm.string(),
  displayName: zm.string(),
  bio: zm.string(),
  /** '' when there is none. */
  avatarUrl: zm.string(),
  profileVisibility: zm.enum(PROFILE_VISIBILITIES),
  theme: zm.string(),
});
export type Profile = zm.infer<typeof ProfileSchema>;
const ProfileResponseSchema = zm.object({ profile: ProfileSchema });
export type ProfileResponse = zm.infer<typeof ProfileResponseSchema>;

export const getProfile = endpoint({ method: 'GET', path: '/api/account/profile', response: ProfileResponseSchema });
export const updateProfile = endpoint({ method: 'PATCH', path: '/api/account/profile', body: ProfileUpdateInput, response: ProfileResponseSchema });

// ---------- role applications ----------
export const RoleRequestInput = z
  .object({
    role: z.enum(['author', 'publisher'], { error: 'Choose author or publisher.' }),
    imprintName: z.string({ error: 'Name your imprint.' }).trim().max(IMPRINT_NAME_MAX, `Use at most ${IMPRINT_NAME_MAX} characters.`).optional(),
    message: z
      .string({ error: 'Tell us a little about your plans.' })
      .trim()
      .min(1, 'Tell us a little about your plans.')
      .max(ROLE_MESSAGE_MAX, `Use at most ${ROLE_MESSAGE_MAX} characters.`),
  })
  .superRefine((value, ctx) => {
    if (value.role !== 'publisher') return;
    const name = value.imprintName ?? '';
    if (name.length < IMPRINT_NAME_MIN)
      ctx.addIssue({ code: 'custom', path: ['imprintName'], message: `Name your imprint (at least ${IMPRINT_NAME_MIN} characters).` });
  });
export type RoleRequestInput = z.input<typeof RoleRequestInput>;

export const MyRoleRequestSchema = zm.object({
  id: zm.string(),
  role: zm.enum(REQUESTABLE_ROLES),
  imprintName: zm.nullable(zm.string()),
  message: zm.string(),
  status: zm.enum(['pending', 'approved', 'rejected']),
  /** The administrator's note with the decision. */
  note: zm.string(),
  createdAt: zm.number(),
  decidedAt: zm.nullable(zm.number()),
});
export type MyRoleRequest = zm.infer<typeof MyRoleRequestSchema>;

/** My applications, newest first, and the roles I hold. */
export const listMyRoleRequests = endpoint({
  method: 'GET',
  path: '/api/account/role-requests',
  response: zm.object({ requests: zm.array(MyRoleRequestSchema), roles: zm.array(zm.enum(ROLES)) }),
});
export type RoleRequestsResponse = zm.infer<typeof listMyRoleRequests.response>;
export const applyForRole = endpoint({
  method: 'POST',
  path: '/api/account/role-requests',
  body: RoleRequestInput,
  response: zm.object({ request: MyRoleRequestSchema }),
  status: 201,
});

export const getNotificationPrefs = endpoint({ method: 'GET', path: '/api/account/notification-prefs', response: NotificationPrefsResponseSchema });
export const saveNotificationPrefs = endpoint({
  method: 'PUT',
  path: '/api/account/notification-prefs',
  body: NotificationPrefsInput,
  response: NotificationPrefsResponseSchema,
});

// ---------- account deletion ----------
export const DeletionRequestInput = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is not right.'),
});
export type DeletionRequestInput = z.input<typeof DeletionRequestInput>;

/** What the erasure removes and what stays, shown before anyone confirms. */
export const DELETION_REMOVES = [
  'Your profile: name, username, bio and avatar',
  'Your e-mail address and password, and every signed-in device',
  'Your library (with the EPUBs you added yourself), notifications and notification choices',
  'Your author and publisher applications, roles and imprint memberships',
] as const;
export const DELETION_KEEPS = [
  'Order records, anonymised: the law requires us to keep sales for accounting',
  'The audit trail of administrative actions, which cannot be changed',
  'Reviews you published, shown as "Deleted account"',
] as const;

const DeletionStatusSchema = zm.object({
  status: zm.enum(['active', 'deleting']),
  /** When the erasure runs; null unless scheduled. */
  dueAt: zm.nullable(zm.number()),
  graceDays: zm.number(),
  removes: zm.readonly(zm.array(zm.string())),
  keeps: zm.readonly(zm.array(zm.string())),
});
export type DeletionStatusResponse = zm.infer<typeof DeletionStatusSchema>;

export const getDeletionStatus = endpoint({ method: 'GET', path: '/api/account/deletion', response: DeletionStatusSchema });
/** Schedules the erasure after the grace period; the password proves it is the owner. */
export const scheduleDeletion = endpoint({ method: 'POST', path: '/api/account/deletion', body: DeletionRequestInput, response: DeletionStatusSchema });
export const undoDeletion = endpoint({ method: 'DELETE', path: '/api/account/deletion', response: DeletionStatusSchema });
