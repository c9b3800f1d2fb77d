/**
 * Rows remembered by key, at most `maxEntries`, the least recently used evicted first (a Map
 * iterates in insertion order: an entry read again moves to the end). What an entry is valid for
 * is the caller's to say: it stores the version it read the row at beside it.
 */
export class RowCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
  }

  get size(): number {
    return this.#entries.size;
  }
}
