/**
 * How a process works through a queue in the shared store (the e-mail outbox, src/mail/sender.ts; the CDN
 * purges, src/cdn/purge-queue.ts): one drain at a time, and a loop that drains when something is due, then
 * looks again when the next row is due, or after `pollMs` for what another replica left, until closed.
 */

/**
 * A queue's delay before the next try after `attempts` failed ones: `firstMs`, doubling each time, at most
 * `maxMs` (the e-mail outbox, the CDN purges).
 */
export const doublingDelay =
  (firstMs: number, maxMs: number) =>
  (attempts: number): number =>
    Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));

/** `drainOnce` one at a time in this process; a call during one makes it look again when it ends. */
export function oneDrainAtATime(drainOnce: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}

export interface DrainLoopOptions {
  readonly drain: () => Promise<void>;
  /** Milliseconds until the next row is due (0: now), or undefined when none waits. */
  readonly nextDue: () => Promise<number | undefined>;
  readonly pollMs: number;
  /** The queue could not be read (the store is down): the loop goes on. */
  readonly onError: (error: unknown) => void;
}

export interface DrainLoop {
  /** Looks at once (something was queued). */
  wake(): void;
  /** Stops looking and waits for a drain under way. */
  close(): Promise<void>;
}

/** Starts looking now. An idle look only reads: it drains when a row is due. */
export function startDrainLoop({ drain, nextDue, pollMs, onError }: DrainLoopOptions): DrainLoop {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const ticks = new Set<Promise<void>>();

  async function tick(): Promise<void> {
    let wait = pollMs;
    try {
      if ((await nextDue()) === 0) await drain();
      const due = await nextDue();
      if (due !== undefined) wait = Math.min(pollMs, Math.max(50, due));
    } catch (error) {
      onError(error);
    }
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(wake, wait);
    timer.unref();
  }
  function wake(): void {
    if (closed) return;
    const current = tick();
    ticks.add(current);
    void current.finally(() => ticks.delete(current));
  }
  wake();
  return {
    wake,
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all(ticks);
    },
  };
}
