// A shared page's answer (its card, or that it names nobody) kept briefly per address: a link
// posted to a busy channel is fetched by many previews at once, and they share one database read.
// Bounded in entries, oldest out first, so made-up addresses cannot grow it without end.

export interface CachedPage<T> {
  /** null: the profile or game does not exist (404). */
  readonly found: T | null;
}

interface Entry<T> {
  readonly page: Promise<CachedPage<T>>;
  readonly expiresAt: number;
}

export class PageCardCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached page for `key`, else `load`'s (shared by the requests that come meanwhile). */
  get(key: string, load: () => Promise<T | null>): Promise<CachedPage<T>> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.page;
    this.entries.delete(key);
    const page = load().then((found) => ({ found }));
    // A failed read is not remembered: the next request tries again.
    page.catch(() => {
      if (this.entries.get(key)?.page === page) this.entries.delete(key);
    });
    if (this.ttlMs > 0) {
      this.entries.set(key, { page, expiresAt: this.now() + this.ttlMs });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return page;
  }

  clear(): void {
    this.entries.clear();
  }
}
