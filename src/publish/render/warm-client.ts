/**
 * The publisher's side of the warm renderer (warm.ts): one child process, started at a lower priority than
 * the server (shoppers' requests first), kept between rebuilds. `start` runs Astro's build in it once;
 * from then on `run` renders a rebuild's changed pages in well under a second at 10,000 products. A
 * renderer is made from the sources as they were when it started: the publisher uses it only for a live
 * build made from the same sources (`sourceHash`), and replaces it after a full build. Every reply is
 * parsed (warm-messages.ts): one that does not parse rejects its request with a WarmRendererError, logged,
 * which a build takes as the renderer failing (it builds with astro build instead).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ShopInfo } from '../../config/shop.ts';
import type { Levels } from '../releases/encoding.ts';
import {
  labelOf,
  parseProblem,
  warmReplySchema,
  warmReplyValueSchemas,
  type WarmJob,
  type WarmMessage,
  type WarmMessageType,
  type WarmOutcome,
  type WarmReplyValue,
  type WarmSyncOptions,
  type WarmSyncResult,
} from './warm-messages.ts';

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
    readonly shop: ShopInfo;
    /** The live build: the renderer's first run plans from the change since it when it would make it alike. */
    readonly live?: string;
  }): Promise<void>;
  /**
   * An incremental sync in the renderer's process, against the catalogue it keeps in memory. The snapshot
   * file is written after the next warm run, or on `flush`.
   */
  sync(options: WarmSyncOptions): Promise<WarmSyncResult>;
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

/** A request awaiting its reply: `settle` checks the reply's value against what the request returns. */
type Pending = { settle(value: unknown): void; reject(error: Error): void };

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
  /** (Tests) the script forked in place of warm-worker.ts. */
  readonly worker?: string;
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
    const spawned = fork(options.worker ?? WORKER, [], {
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
    spawned.on('message', (message: unknown) => receive(spawned, message));
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

  /**
   * A reply settles the request of its id. One that does not parse rejects that request, or, without an id
   * to go by, every request waiting: the renderer is stopped, as its answers cannot be told apart.
   */
  function receive(from: ChildProcess, message: unknown): void {
    const parsed = warmReplySchema.safeParse(message);
    if (!parsed.success) {
      const { id } = labelOf(message);
      const error = unparsed('reply', parseProblem(parsed.error));
      const waiting = id === undefined ? [...pending.keys()] : [id];
      for (const key of waiting) pending.get(key)?.reject(error);
      for (const key of waiting) pending.delete(key);
      if (id === undefined && waiting.length > 0) from.kill();
      return;
    }
    const reply = parsed.data;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiter?.settle(reply.value);
    else waiter?.reject(new WarmRendererError(reply.error, reply.transient));
  }

  /** The error of an answer that did not parse, logged. */
  function unparsed(what: string, problem: string): WarmRendererError {
    const error = new WarmRendererError(`The warm renderer's ${what} did not parse: ${problem}`);
    log(error.message);
    return error;
  }

  function ask<T extends WarmMessageType>(request: WarmMessage & { type: T }): Promise<WarmReplyValue<T>> {
    const process = ensureChild();
    const id = ++next;
    const schema = warmReplyValueSchemas[request.type];
    return new Promise((resolve, reject) => {
      const settle = (value: unknown): void => {
        const parsed = schema.safeParse(value);
        if (parsed.success) resolve(parsed.data);
        else reject(unparsed(`reply to ${request.type}`, parseProblem(parsed.error)));
      };
      pending.set(id, { settle, reject });
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
        await ask({
          type: 'start',
          root: options.root,
          ...{ scratch: input.scratch, pricedAt: input.pricedAt, shop: input.shop },
          ...(input.live ? { live: input.live } : {}),
        });
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
      const result = await ask({ type: 'sync', options: syncOptions });
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
      const outcome = await ask({ type: 'run', job });
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
