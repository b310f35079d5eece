/**
 * Wire types of /api/chapters/:chapterId/versions: a chapter's version history (automatic
 * snapshots and named versions), one version's rendered HTML, and the rules of a version name,
 * shared so the form and the server refuse the same names with the same message.
 */
import { z } from 'zod';
import type { CollabRole } from '../collab/close-codes';

export const VERSION_NAME_MAX = 80;

export const VersionNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the version a name.')
  .max(VERSION_NAME_MAX, `Keep the name to ${VERSION_NAME_MAX} characters.`)
  // Control characters would break the list and the page title.
  .refine((name) => !/\p{Cc}/u.test(name), 'Use letters, numbers and punctuation only.');

export const SaveVersionSchema = z.object({ name: VersionNameSchema });
export type SaveVersionRequest = z.input<typeof SaveVersionSchema>;

export type VersionKind = 'auto' | 'named';
/** Why a version exists: the first edit of a session, an hour of editing, a restore, or a person's choice. */
export type VersionReason = 'session' | 'hourly' | 'restore' | 'named';

export interface VersionSummary {
  id: string;
  kind: VersionKind;
  reason: VersionReason;
  name: string | null;
  /** Who made it (the editor whose edit or restore triggered an automatic one); null once deleted. */
  author: { id: string; username: string } | null;
  wordCount: number;
  createdAt: number;
}

/** GET /api/chapters/:chapterId/versions — newest first. */
export interface VersionListResponse {
  /** The caller's role, so the panel offers naming and restoring only to those who may. */
  role: CollabRole;
  versions: VersionSummary[];
  /** True when older versions exist beyond this list. */
  truncated: boolean;
}

/** GET /api/chapters/:chapterId/versions/:id */
export interface VersionDetailResponse {
  version: VersionSummary;
  /** Sanitised HTML of the version, wrapped in `.quire-body`. */
  html: string;
  /** Word-level difference from the current text: what restoring would add and remove (null when too costly). */
  change: { added: number; removed: number } | null;
}

/** POST …/versions (201) and POST …/versions/:id/restore (200). */
export interface VersionResponse {
  version: VersionSummary;
}
