/**
 * Answers that only the search index decides, kept until its version moves (searchIndexVersion
 * in sqlite-fts.ts): the store's counts for a genre or a language, asked by every reader who opens
 * that shelf. One per server (ctx.searchMemo); bounded, the oldest entry goes first.
 */
export class SearchMemo<T> {
  #version = -1;
  readonly #entries = new Map<string, T>();

  constructor(private readonly max = 512) {}

  get(version: number, key: string): T | undefined {
    if (version !== this.#version) {
      // The index moved: nothing kept describes it any more.
      this.#entries.clear();
      this.#version = version;
    }
    return this.#entries.get(key);
  }

  /** Keeps an answer computed at `version`, unless the memo has already seen a newer one. */
  set(version: number, key: string, value: T): void {
    if (version !== this.#version) return;
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
  }
}
