/**
 * A per-request batch loader (DataLoader's idea in a few lines): every `load(key)` made while graphql-js
 * walks a list of products is answered by one call of `batch` with all their keys, so a page of 300
 * products costs one query per field, not one per product. The batch runs on `setImmediate`, after every
 * promise graphql-js can settle without I/O has settled, so keys asked for at any depth of the same level
 * of the document join the same batch. Answers are cached by key for the request's lifetime.
 */

export class BatchLoader<K, V> {
  readonly #batch: (keys: readonly K[]) => ReadonlyMap<K, V>;
  readonly #missing: V;
  readonly #cache = new Map<K, Promise<V>>();
  #queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  /** `batch` answers the keys it can; a key it leaves out (or answers with undefined) gets `missing`. */
  constructor(batch: (keys: readonly K[]) => ReadonlyMap<K, V>, missing: V) {
    this.#batch = batch;
    this.#missing = missing;
  }

  load(key: K): Promise<V> {
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.#queue.length === 0) setImmediate(() => this.#dispatch());
      this.#queue.push({ key, resolve, reject });
    });
    this.#cache.set(key, promise);
    return promise;
  }

  #dispatch(): void {
    const queue = this.#queue;
    this.#queue = [];
    try {
      const answers = this.#batch(queue.map((entry) => entry.key));
      for (const entry of queue) entry.resolve(answers.get(entry.key) ?? this.#missing);
    } catch (error) {
      for (const entry of queue) entry.reject(error);
    }
  }
}
