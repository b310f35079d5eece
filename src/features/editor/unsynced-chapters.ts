/**
 * Chapters holding local edits the server has not acknowledged, per account, kept in localStorage
 * so they are still known after a reload or an offline start: the header badge counts them and
 * the background upload (background-sync.ts) sends them on reconnect, whether or not the chapter
 * is open. Free of Yjs, so the header can read it on first load.
 *
 * Each mark carries a version bumped by every edit; an upload clears only the version it carried,
 * so an edit made while it was in flight stays marked (as PendingChanges does for the database).
 */
type Marks = Readonly<Record<string, number>>;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps each account's offline chapters (IndexedDB names and marks) apart on a shared device. */
export function chapterStoragePrefix(userId: string): string {
  return `quire-${userId}`;
}

export class UnsyncedChapters {
  private cache: Marks | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: Store,
    readonly key: string,
  ) {}

  /** docName → version; the same object until the marks change. */
  marks(): Marks {
    this.cache ??= this.read();
    return this.cache;
  }

  get count(): number {
    return Object.keys(this.marks()).length;
  }

  has(docName: string): boolean {
    return docName in this.marks();
  }

  /** A local edit the server may not have. Read afresh: another tab may have marked it too. */
  mark(docName: string): void {
    const marks = this.read();
    this.write({ ...marks, [docName]: (marks[docName] ?? 0) + 1 });
  }

  /** The server holds the chapter as it was at `version`; later edits keep it marked. */
  acknowledged(docName: string, version: number): void {
    const marks = this.read();
    if (marks[docName] !== version) return;
    const { [docName]: _acknowledged, ...rest } = marks;
    this.write(rest);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another tab changed the marks (the `storage` event). */
  changedElsewhere(): void {
    this.cache = null;
    this.notify();
  }

  private read(): Marks {
    try {
      const value = JSON.parse(this.store.getItem(this.key) ?? '{}') as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
      return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'));
    } catch {
      return {};
    }
  }

  private write(marks: Marks): void {
    if (Object.keys(marks).length === 0) this.store.removeItem(this.key);
    else this.store.setItem(this.key, JSON.stringify(marks));
    this.cache = marks;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const registries = new Map<string, UnsyncedChapters>();

/** The marks of the account whose chapters are stored under `storagePrefix`. */
export function unsyncedChapters(storagePrefix: string): UnsyncedChapters {
  let registry = registries.get(storagePrefix);
  if (!registry) {
    const created = new UnsyncedChapters(localStorage, `${storagePrefix}:unsynced-chapters`);
    window.addEventListener('storage', (event) => {
      if (event.key === created.key || event.key === null) created.changedElsewhere();
    });
    registries.set(storagePrefix, created);
    registry = created;
  }
  return registry;
}
