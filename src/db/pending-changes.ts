/**
 * Counts local writes the server has not acknowledged yet. Collection hooks fire only for writes
 * made through the RxDB document API — the app's own writes, never replication's — so each
 * hook bumps a per-document version; a push acknowledges the versions it carried, and a write
 * made while that push was in flight stays pending until the next one.
 */
export class PendingChanges {
  private versions = new Map<string, number>();

  constructor(private readonly onChange: (count: number) => void) {}

  written(key: string) {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
    this.onChange(this.versions.size);
  }

  versionOf(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  acknowledged(key: string, version: number) {
    if (this.versions.get(key) === version) {
      this.versions.delete(key);
      this.onChange(this.versions.size);
    }
  }

  private keyList: readonly string[] = [];

  /** The same array until the set changes, so the sync state store sees no change otherwise. */
  get keys(): readonly string[] {
    if (this.keyList.length !== this.versions.size || this.keyList.some((k) => !this.versions.has(k))) this.keyList = [...this.versions.keys()];
    return this.keyList;
  }

  get count(): number {
    return this.versions.size;
  }
}
