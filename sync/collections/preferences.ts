/**
 * A person's look-and-feel preferences — app theme and reader typography — one document per
 * account (id = `prefs:<userId>`), owner-only. Every field carries its own change time in
 * `stamps`, so two devices editing different settings offline both keep their change: a conflict
 * merges field by field, the later stamp winning (last-write-wins per field).
 */
import { z } from 'zod';
import { defineCollection, type ConflictInput } from '../replication/collection';
import { MAX_DOC_ID_LENGTH } from '../replication/limits';
import {
  APP_THEMES,
  FONT_SIZE,
  LINE_HEIGHT,
  MARGIN,
  mergeStamped,
  PREFERENCE_FIELDS,
  READER_FONT_FAMILIES,
  READER_LAYOUTS,
  READER_THEMES,
  valuesOf,
  type PreferenceField,
  type PreferenceValues,
  type StampedPreferences,
} from '../preferences';

/** Built on first use: see defineCollection. */
const preferencesSchema = () => {
  const stamp = z.number().int().nonnegative();
  /** The values a person chooses; ranges match the controls on /theming and in the reader. */
  const values = z.object({
    appTheme: z.enum(APP_THEMES),
    readerTheme: z.enum(READER_THEMES),
    fontFamily: z.enum(READER_FONT_FAMILIES),
    fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max),
    lineHeight: z.number().min(LINE_HEIGHT.min).max(LINE_HEIGHT.max),
    margin: z.number().min(MARGIN.min).max(MARGIN.max),
    justify: z.boolean(),
    pageTurnAnimation: z.boolean(),
    readerLayout: z.enum(READER_LAYOUTS),
  }) satisfies z.ZodType<PreferenceValues>;
  return values.extend({
    id: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    ownerId: z.string().min(1).max(MAX_DOC_ID_LENGTH),
    stamps: z.object(Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, stamp])) as Record<PreferenceField, typeof stamp>),
    /** The writing device's clock, for display; the change feed orders by the server's own time. */
    updatedAt: stamp,
  });
};
export type Preferences = z.infer<ReturnType<typeof preferencesSchema>>;

export const preferencesId = (userId: string) => `prefs:${userId}`.slice(0, MAX_DOC_ID_LENGTH);

export function toDocument(userId: string, p: StampedPreferences): Preferences {
  return { id: preferencesId(userId), ownerId: userId, ...p.values, stamps: p.stamps, updatedAt: Math.max(0, ...Object.values(p.stamps)) };
}

/** The replication conflict rule: merge per field; a deleted side never wins (the doc is not deletable). */
export function resolvePreferencesConflict({ newDocumentState, realMasterState }: ConflictInput<Preferences>): Preferences & { _deleted: boolean } {
  const merged = mergeStamped(
    { values: valuesOf(newDocumentState), stamps: newDocumentState.stamps },
    { values: valuesOf(realMasterState), stamps: realMasterState.stamps },
  );
  return { ...toDocument(realMasterState.ownerId, merged), id: realMasterState.id, _deleted: false };
}

export const preferences = defineCollection({
  name: 'preferences',
  schema: preferencesSchema,
  version: 0,
  primaryKey: 'id',
  visibility: {
    audience: (doc) => [doc.ownerId],
    mayWrite: (doc, previous, userId) => doc.ownerId === userId && doc.id === preferencesId(userId) && (previous === null || previous.ownerId === userId),
    deletable: false,
  },
  conflict: resolvePreferencesConflict,
});
