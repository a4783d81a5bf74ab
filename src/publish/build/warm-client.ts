/**
 * The publisher's side of the warm renderer (warm.ts): one child process, started at a lower priority than
 * the server (shoppers' requests first), kept between rebuilds. `start` runs Astro's build in it once;
 * from then on `run` renders a rebuild's changed pages in well under a second at 10,000 products. A
 * renderer is made from the sources as they were when it started: the publisher uses it only for a live
 * build made from the same sources (`sourceHash`), and replaces it after a full build.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SyncOptions } from '../../catalogue/sync.ts';
import type { Levels } from '../releases/encoding.ts';
import type { WarmJob, WarmOutcome } from './warm.ts';
import type { WarmMessage, WarmReply, WarmSyncResult } from './warm-worker.ts';

const WORKER = fileURLToPath(new URL('./warm-worker.ts', import.meta.url));
/** As `astro build` runs (astro-run.ts): nicer than the server, so a cart call is not queued behind a render. */
const NICER_BY = 10;

export interface WarmRendererClient {
  /** The sources' hash its bundle was made from, once started; undefined before. */
  readonly sourceHash: string | undefined;
  /** Whether it is being started now. */
  readonly starting: boolean;
  /** Starts the renderer (Astro's build, in the background) unless it is started or starting. */
  start(input: {
    readonly sourceHash: string;
    readonly pricedAt: number;
    readonly scratch: string;
  }): Promise<void>;
  /**
   * An incremental sync in the renderer's process, against the catalogue it keeps in memory. The snapshot
   * file is written after the next warm run, or on `flush`.
   */
  sync(options: Omit<SyncOptions, 'previous' | 'deferWrite'>): Promise<WarmSyncResult>;
  /**
   * Writes the snapshot of the last sync, for whatever reads the file (`astro build`, a price check).
   * Fails when the renderer stopped before writing a sync it had read: that run cannot build from it.
   */
  flush(): Promise<void>;
  /**
   * The renderer stopped holding a sync it had not written: the next sync must sweep every product again
   * (a read of only the saved ones would miss what the lost one read).
   */
  readonly lostSync: boolean;
  /**
   * Writes the `.br`/`.gz` siblings of a live build's files that lack them, in the background, giving way
   * to syncs and runs; until then the server compresses those files as it sends them.
   */
  compressLater(dir: string, levels: Levels): void;
  run(job: WarmJob): Promise<WarmOutcome>;
  close(): void;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/** A failure in the renderer's process, as its message says it; `transient` when Magento was down or failing. */
export class WarmRendererError extends Error {
  readonly transient: boolean;
  constructor(message: string, transient = false) {
    super(message);
    this.name = 'WarmRendererError';
    this.transient = transient;
  }
}

export function warmRendererClient(options: {
  /** The project (where astro.config.mjs is). */
  readonly root: string;
  /** The build's environment. */
  readonly env: NodeJS.ProcessEnv;
  readonly log?: (message: string) => void;
}): WarmRendererClient {
  const log = options.log ?? (() => undefined);
  let child: ChildProcess | undefined;
  let started: Promise<void> | undefined;
  let sourceHash: string | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();
  /** A sync the renderer read and has not written to the snapshot file yet. */
  let unwritten = false;
  let lost = false;

  function ensureChild(): ChildProcess {
    if (child) return child;
    const spawned = fork(WORKER, [], {
      cwd: options.root,
      env: { ...options.env, ASTRO_TELEMETRY_DISABLED: '1' },
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Maps (a price check's final prices) cross as they are.
      serialization: 'advanced',
    });
    try {
      if (spawned.pid !== undefined) setPriority(spawned.pid, Math.min(19, getPriority() + NICER_BY));
    } catch {
      // Not allowed here: the renderer runs at the server's priority.
    }
    spawned.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') log(`[warm renderer] ${line}`);
    });
    spawned.on('message', (reply: WarmReply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply.value);
      else waiter?.reject(new WarmRendererError(reply.error, reply.transient));
    });
    spawned.once('exit', (code, signal) => {
      if (child === spawned) {
        child = undefined;
        started = undefined;
        sourceHash = undefined;
        if (unwritten) lost = true;
        unwritten = false;
      }
      for (const waiter of pending.values())
        waiter.reject(new WarmRendererError(`The warm renderer stopped (${signal ?? `exit ${code}`}).`));
      pending.clear();
    });
    // The server's own work keeps it running, not its renderer (nor a test's).
    spawned.unref();
    spawned.channel?.unref();
    child = spawned;
    return spawned;
  }

  async function flush(): Promise<void> {
    if (lost)
      throw new WarmRendererError(
        'The warm renderer stopped before it wrote the catalogue it had read; the next run reads every change again.',
      );
    if (!child) return;
    await ask({ type: 'flush' });
    unwritten = false;
  }

  function ask(request: WarmMessage): Promise<unknown> {
    const process = ensureChild();
    const id = ++next;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      process.send({ ...request, id });
    });
  }

  return {
    get sourceHash() {
      return sourceHash;
    },
    get starting() {
      return started !== undefined && sourceHash === undefined;
    },
    start(input) {
      started ??= (async () => {
        const began = performance.now();
        await ask({ type: 'start', root: options.root, ...input });
        sourceHash = input.sourceHash;
        log(`Warm renderer ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      })().catch(async (error: unknown) => {
        log(`The warm renderer could not start: ${error instanceof Error ? error.message : String(error)}`);
        started = undefined;
        // What it synced is written first: the runs go on without it.
        if (unwritten) await flush().catch(() => undefined);
        child?.kill();
      });
      return started;
    },
    get lostSync() {
      return lost;
    },
    sync: async (syncOptions) => {
      const result = (await ask({ type: 'sync', options: syncOptions })) as WarmSyncResult;
      unwritten = true;
      lost = false;
      return result;
    },
    flush,
    compressLater: (dir, levels) => {
      ask({ type: 'compress', dir, levels }).catch((error: unknown) =>
        log(`Compressing ${dir} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    run: async (job) => {
      const outcome = (await ask({ type: 'run', job })) as WarmOutcome;
      // The renderer writes the snapshot right after a run.
      unwritten = false;
      return outcome;
    },
    close() {
      child?.kill();
      child = undefined;
    },
  };
}
