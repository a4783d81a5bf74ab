/**
 * Named locks as the routes take them: among every replica (the shared store's `tryLock`) or, where the shop
 * has no shared store (a single storefront server), among this process's requests.
 */

/** The named lock, or null when another holds it; `release` lets it go. */
export type TryLock = (name: string) => Promise<{ release(): Promise<void> } | null>;

/** A lock for one process. */
export function processLock(): TryLock {
  const held = new Set<string>();
  return async (name) => {
    if (held.has(name)) return null;
    held.add(name);
    return { release: async () => void held.delete(name) };
  };
}

/**
 * The named lock, asked for again every `everyMs` while another holds it, for up to `withinMs`: for work
 * that waits its turn (a few hundred milliseconds) instead of being refused. Null when it never came free.
 */
export async function lockWithin(
  tryLock: TryLock,
  name: string,
  withinMs: number,
  everyMs = 20,
): Promise<{ release(): Promise<void> } | null> {
  const until = Date.now() + withinMs;
  for (;;) {
    const held = await tryLock(name);
    if (held || Date.now() >= until) return held;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
