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
import { mergeStamped, PREFERENCE_FIELDS, valuesOf, ZERO_STAMPS, DEFAULT_PREFERENCES, type StampedPreferences } from '../../../sync/preferences';
import { useDatabase } from '../../db/use-database';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { adoptPreferences, connectPreferences, getPreferences } from './preferences-store';

/** How long a new device waits for its first pull before migrating its own values. */
const FIRST_PULL_WAIT_MS = 4000;

const stampedOf = (doc: Preferences): StampedPreferences => ({ values: valuesOf(doc), stamps: doc.stamps });
const same = (a: StampedPreferences, b: StampedPreferences) => PREFERENCE_FIELDS.every((f) => a.values[f] === b.values[f] && a.stamps[f] === b.stamps[f]);

export function PreferencesSync({ userId }: { userId: string }) {
  const database = useDatabase();
  const collection = useCollection('preferences');
  const id = preferencesId(userId);
  const { docs, loading } = useLiveDocs('preferences', { selector: { id } });
  const migrating = useRef(false);

  // Writes merge into whatever the document holds now, so a change from another device that
  // arrived a moment ago is never overwritten wholesale.
  useEffect(() => {
    if (!collection) return;
    async function write(p: StampedPreferences) {
      const existing = await collection!.findOne(id).exec();
      if (existing) {
        await existing.incrementalModify((old) => ({ ...old, ...toDocument(userId, mergeStamped(p, stampedOf(old))) }));
      } else {
        await collection!.insert(toDocument(userId, p)).catch(async () => (await collection!.findOne(id).exec())?.incrementalModify((old) => ({ ...old, ...toDocument(userId, mergeStamped(p, stampedOf(old))) })));
      }
    }
    connectPreferences({ owner: userId, write: (p) => void write(p).catch((e: unknown) => console.error('Preferences not saved', e)) });
    return () => connectPreferences(null);
  }, [collection, id, userId]);

  useEffect(() => {
    if (loading || !collection) return;
    const doc = docs[0];
    const cache = getPreferences();
    if (doc) {
      const remote = stampedOf(doc);
      // Changes made here before the database opened (same account) still count, per field.
      const merged = cache.owner === userId ? mergeStamped(cache, remote) : remote;
      if (!same(merged, remote)) void collection.findOne(id).exec().then((d) => d?.incrementalModify((old) => ({ ...old, ...toDocument(userId, mergeStamped(merged, stampedOf(old))) })));
      if (!same(merged, cache) || cache.owner !== userId) adoptPreferences(merged, userId);
      return;
    }
    if (migrating.current) return;
    migrating.current = true;
    void (async () => {
      const first = database?.replication?.states.preferences?.awaitInitialReplication();
      await Promise.race([first, new Promise((r) => setTimeout(r, FIRST_PULL_WAIT_MS))]).catch(() => undefined);
      if (await collection.findOne(id).exec()) return; // the account's document arrived
      // This browser's own (or legacy) values move into the account; another account's never do.
      const now = getPreferences();
      const initial = now.owner === null || now.owner === userId ? now : { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS };
      await collection.insert(toDocument(userId, initial)).catch(() => undefined); // a racing tab inserted it
    })().finally(() => (migrating.current = false));
  }, [docs, loading, collection, database, id, userId]);

  return null;
}
