/**
 * The bridge between the device's preferences store and the account's replicated document,
 * mounted (lazily, with RxDB) while someone is signed in. It renders nothing.
 * - The document changes (here or on another device): the store adopts it, so the theme and
 *   the reader follow live.
 * - The person changes something: the store calls `write`, which merges it into the document
 *   per field — offline too; replication pushes it later.
 * - No document yet: once the first pull had its chance, this browser's values (including the
 *   old per-browser keys) become the document — the one-time migration.
 */
import { useEffect, useRef } from 'react';
import { preferencesId, toDocument, type Preferences } from '../../../sync/collections/preferences';
import { mergeStamped, samePreferences, valuesOf, type StampedPreferences } from '../../../sync/preferences';
import { useDatabase } from '../../db/use-database';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { adoptPreferences, connectPreferences, getPreferences } from './preferences-store';
import { reconcile } from './reconcile';

/** How long a new device waits for its first pull before migrating its own values. */
const FIRST_PULL_WAIT_MS = 4000;

const stampedOf = (doc: Preferences): StampedPreferences => ({ values: valuesOf(doc), stamps: doc.stamps });
type PreferencesCollection = NonNullable<ReturnType<typeof useCollection<'preferences'>>>;

/**
 * Merge `p` into the account's document per field, creating it when absent. Never a blind
 * overwrite: a change another device made a moment ago keeps its field.
 */
async function mergeInto(collection: PreferencesCollection, userId: string, p: StampedPreferences) {
  const id = preferencesId(userId);
  const apply = (old: Preferences) => ({ ...old, ...toDocument(userId, mergeStamped(p, stampedOf(old))) });
  const existing = await collection.findOne(id).exec();
  if (existing) return void (await existing.incrementalModify(apply));
  // Another tab (or the first pull) may insert it first: then merge into theirs.
  await collection.insert(toDocument(userId, p)).catch(async () => (await collection.findOne(id).exec())?.incrementalModify(apply));
}

const report = (e: unknown) => console.error('Preferences not saved', e);

export function PreferencesSync({ userId }: { userId: string }) {
  const database = useDatabase();
  const collection = useCollection('preferences');
  const id = preferencesId(userId);
  const { docs, loading } = useLiveDocs('preferences', { selector: { id } });
  const migrating = useRef(false);

  useEffect(() => {
    if (!collection) return;
    connectPreferences({ owner: userId, write: (p) => void mergeInto(collection, userId, p).catch(report) });
    return () => connectPreferences(null);
  }, [collection, userId]);

  useEffect(() => {
    if (loading || !collection) return;
    const doc = docs[0];
    const cache = getPreferences();
    if (doc) {
      const result = reconcile(cache, stampedOf(doc), userId);
      if (result.kind === 'adopt' && result.write) void mergeInto(collection, userId, result.prefs).catch(report);
      if (!samePreferences(result.prefs, cache) || cache.owner !== userId) adoptPreferences(result.prefs, userId);
      return;
    }
    if (migrating.current) return;
    migrating.current = true;
    void (async () => {
      const first = database?.replication?.states.preferences?.awaitInitialReplication();
      await Promise.race([first, new Promise((r) => setTimeout(r, FIRST_PULL_WAIT_MS))]).catch(() => undefined);
      if (await collection.findOne(id).exec()) return; // the account's document arrived
      await mergeInto(collection, userId, reconcile(getPreferences(), null, userId).prefs);
    })()
      .catch(report)
      .finally(() => (migrating.current = false));
  }, [docs, loading, collection, database, id, userId]);

  return null;
}
