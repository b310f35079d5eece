/**
 * The account contract (/api/account/*): profile, role applications and account deletion.
 * Limits a person can hit in a form live here so the form and the server agree.
 */
import { z } from 'zod';
import type { RequestableRole, Role } from '../roles';
import { DISPLAY_NAME_MAX, UsernameSchema } from './auth';

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
  displayName: z
    .string({ error: 'Enter a display name.' })
    .trim()
    .min(1, 'Enter a display name.')
    .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`)
    .optional(),
  username: UsernameSchema.optional(),
  bio: z.string({ error: 'Bio must be text.' }).trim().max(BIO_MAX, `Keep your bio under ${BIO_MAX} characters.`).optional(),
  avatarUrl: AvatarUrlSchema.optional(),
  profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: 'Choose public or private.' }).optional(),
  theme: z.enum(THEMES, { error: 'Choose system, light or dark.' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

export interface Profile {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  displayName: string;
  bio: string;
  /** '' when there is none. */
  avatarUrl: string;
  profileVisibility: (typeof PROFILE_VISIBILITIES)[number];
  theme: string;
}
export interface ProfileResponse {
  profile: Profile;
}

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

export interface MyRoleRequest {
  id: string;
  role: RequestableRole;
  imprintName: string | null;
  message: string;
  status: 'pending' | 'approved' | 'rejected';
  /** The administrator's note with the decision. */
  note: string;
  createdAt: number;
  decidedAt: number | null;
}
export interface RoleRequestsResponse {
  /** Newest first. */
  requests: MyRoleRequest[];
  roles: Role[];
}
export interface RoleRequestCreatedResponse {
  request: MyRoleRequest;
}

// ---------- account deletion ----------
export const DeletionRequestInput = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is not right.'),
});
export type DeletionRequestInput = z.input<typeof DeletionRequestInput>;

/** What the erasure removes and what stays, shown before anyone confirms. */
export const DELETION_REMOVES = [
  'Your profile: name, username, bio and avatar',
  'Your e-mail address and password, and every signed-in device',
  'Your library, notifications and notification choices',
  'Your author and publisher applications, roles and imprint memberships',
] as const;
export const DELETION_KEEPS = [
  'Order records, anonymised: the law requires us to keep sales for accounting',
  'The audit trail of administrative actions, which cannot be changed',
  'Reviews you published, shown as "Deleted account"',
] as const;

export interface DeletionStatusResponse {
  status: 'active' | 'deleting';
  /** When the erasure runs; null unless scheduled. */
  dueAt: number | null;
  graceDays: number;
  removes: readonly string[];
  keeps: readonly string[];
}
