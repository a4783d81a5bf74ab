/**
 * Which build each replica serves, asked of each directly (not through the balancer or the CDN): the
 * X-Build-Id of a small built file, polled every 100 ms while a publish happens, so the moment each replica
 * switched can be set against the moment Varnish was purged.
 */
import { header, http } from './http.ts';
import type { Replica } from './topology.ts';

export interface BuildProbe {
  readonly replica: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly status: number;
  readonly id: string | undefined;
}

export async function buildIdOf(url: string): Promise<string | undefined> {
  const reply = await http(`${url}/robots.txt`, { agent: false, timeoutMs: 5000 });
  return reply.status === 200 ? header(reply, 'x-build-id') : undefined;
}

export class BuildWatcher {
  readonly probes: BuildProbe[] = [];
  #running = false;
  #loops: Promise<void>[] = [];

  start(replicas: readonly Replica[], signal: AbortSignal, intervalMs = 100): void {
    this.#running = true;
    this.#loops = replicas.map(async (replica) => {
      while (this.#running && !signal.aborted) {
        const reply = await http(`${replica.url}/robots.txt`, { agent: false, timeoutMs: 5000 });
        this.probes.push({
          replica: replica.id,
          startedAt: reply.startedAt,
          endedAt: reply.endedAt,
          status: reply.status,
          id: reply.status === 200 ? header(reply, 'x-build-id') : undefined,
        });
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    });
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  /** The first answer with another build than `oldId`, and the last answer still on it before that. */
  switchOf(replica: string, oldId: string | undefined): { lastOld?: BuildProbe; firstNew?: BuildProbe } {
    const mine = this.probes.filter((p) => p.replica === replica && p.id !== undefined);
    const at = mine.findIndex((p) => p.id !== oldId);
    const last = mine.at(-1);
    if (at === -1) return last ? { lastOld: last } : {};
    const firstNew = mine[at];
    const lastOld = mine[at - 1];
    return { ...(firstNew ? { firstNew } : {}), ...(lastOld ? { lastOld } : {}) };
  }

  /** Answers on `oldId` from requests that started after `since` (a replica still on the old build). */
  oldAfter(oldId: string | undefined, since: number): BuildProbe[] {
    return this.probes.filter((p) => p.id !== undefined && p.id === oldId && p.startedAt > since);
  }
}
