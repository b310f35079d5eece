/**
 * Wire types of /api/chapters/:chapterId/versions: a chapter's version history (automatic
 * snapshots and named versions), one version's rendered HTML, and the rules of a version name,
 * shared so the form and the server refuse the same names with the same message.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { COLLAB_ROLES } from '../collab/close-codes';
import { endpoint } from './contract';

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

export const VersionSummarySchema = zm.object({
  id: zm.string(),
  kind: zm.enum(['auto', 'named']),
  /** Why a version exists: the first edit of a session, an hour of editing, a restore, or a person's choice. */
  reason: zm.enum(['session', 'hourly', 'restore', 'named']),
  name: zm.nullable(zm.string()),
  /** Who made it (the editor whose edit or restore triggered an automatic one); null once deleted. */
  author: zm.nullable(zm.object({ id: zm.string(), username: zm.string() })),
  wordCount: zm.number(),
  createdAt: zm.number(),
});
export type VersionSummary = zm.infer<typeof VersionSummarySchema>;
export type VersionKind = VersionSummary['kind'];
export type VersionReason = VersionSummary['reason'];

const VersionResponseSchema = zm.object({ version: VersionSummarySchema });
export type VersionResponse = zm.infer<typeof VersionResponseSchema>;

/** Newest first, with the caller's role so the panel offers naming and restoring only to those who may. */
export const listVersions = endpoint({
  method: 'GET',
  path: '/api/chapters/:chapterId/versions',
  response: zm.object({
    role: zm.enum(COLLAB_ROLES),
    versions: zm.array(VersionSummarySchema),
    /** True when older versions exist beyond this list. */
    truncated: zm.boolean(),
  }),
});
export type VersionListResponse = zm.infer<typeof listVersions.response>;

/** One version: sanitised HTML wrapped in `.quire-body`, and the words restoring it would add and remove (null when too costly). */
export const getVersion = endpoint({
  method: 'GET',
  path: '/api/chapters/:chapterId/versions/:id',
  response: zm.object({ version: VersionSummarySchema, html: zm.string(), change: zm.nullable(zm.object({ added: zm.number(), removed: zm.number() })) }),
});
export type VersionDetailResponse = zm.infer<typeof getVersion.response>;

export const saveVersion = endpoint({
  method: 'POST',
  path: '/api/chapters/:chapterId/versions',
  body: SaveVersionSchema,
  response: VersionResponseSchema,
  status: 201,
});
export const renameVersion = endpoint({
  method: 'PATCH',
  path: '/api/chapters/:chapterId/versions/:id',
  body: SaveVersionSchema,
  response: VersionResponseSchema,
});
export const deleteVersion = endpoint({ method: 'DELETE', path: '/api/chapters/:chapterId/versions/:id', response: zm.undefined(), status: 204 });
export const restoreVersion = endpoint({ method: 'POST', path: '/api/chapters/:chapterId/versions/:id/restore', response: VersionResponseSchema });
