/**
 * Which build each replica serves, in the shared store. Every replica reports the build its `dist` link
 * points at (a shared volume: the builder's publish switches them all) once a second, and at once when the
 * builder announces a publish. The builder records the live build, announces it, and waits until every
 * replica that reported recently serves it: only then may the CDN be purged, or it would fetch the old
 * page again from a replica still on the old build and keep it for its whole lifetime.
 */
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';
import type { SharedStore } from '../../store/shared-store.ts';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS replicas (
    replica_id TEXT PRIMARY KEY,
    build_id TEXT,
    seen_ms BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS live_build (
    id INTEGER PRIMARY KEY,
    build_id TEXT NOT NULL,
    published_ms BIGINT NOT NULL
  )`,
];

export interface ReplicaReporter {
  /** Reports now (after a publish this replica made or heard of). */
  report(): Promise<void>;
  close(): Promise<void>;
}

/**
 * This replica's reports: every `everyMs` (default REPLICA_TIMINGS.replicaReportMs, 1 s) and on each
 * `publish` announcement.
 */
export async function startReplicaReports(options: {
  readonly store: SharedStore;
  readonly replica: string;
  /** The build this replica serves now (the one `X-Build-Id` names). */
  readonly buildId: () => string | undefined;
  readonly everyMs?: number;
  readonly log?: (message: string) => void;
}): Promise<ReplicaReporter> {
  const { store } = options;
  await store.ensure(SCHEMA);
  let failing = false;
  const report = async () => {
    const buildId = options.buildId() ?? null;
    await store.run(
      `INSERT INTO replicas (replica_id, build_id, seen_ms) VALUES (?, ?, ${store.clock})
       ON CONFLICT (replica_id) DO UPDATE SET build_id = excluded.build_id, seen_ms = excluded.seen_ms`,
      [options.replica, buildId],
    );
  };
  const reportQuietly = () =>
    void report().then(
      () => {
        failing = false;
      },
      (error: unknown) => {
        // Said once per outage, not every second.
        if (!failing) options.log?.(`Replicas: could not report this replica's build: ${String(error)}`);
        failing = true;
      },
    );
  const timer = setInterval(reportQuietly, options.everyMs ?? REPLICA_TIMINGS.replicaReportMs);
  timer.unref();
  const stopListening = await store.listen('publish', reportQuietly).catch(() => async () => undefined);
  await report().catch(() => undefined);
  return {
    report,
    async close() {
      clearInterval(timer);
      await stopListening();
      // Leaving: the builder no longer waits for this replica.
      await store.run('DELETE FROM replicas WHERE replica_id = ?', [options.replica]).catch(() => undefined);
    },
  };
}

/** Records `buildId` as the live build and tells every replica to look. */
export async function announcePublish(store: SharedStore, buildId: string): Promise<void> {
  await store.ensure(SCHEMA);
  await store.run(
    `INSERT INTO live_build (id, build_id, published_ms) VALUES (1, ?, ${store.clock})
     ON CONFLICT (id) DO UPDATE SET build_id = excluded.build_id, published_ms = excluded.published_ms`,
    [buildId],
  );
  await store.notify('publish', buildId);
}

export interface ReplicaBuild {
  readonly replica: string;
  readonly buildId: string | null;
}

/**
 * The replicas that reported recently (within REPLICA_TIMINGS.replicaFreshMs: one that has not reported for
 * longer is gone, stopped or its host died), and the build each serves.
 */
export async function liveReplicas(store: SharedStore): Promise<ReplicaBuild[]> {
  await store.ensure(SCHEMA);
  const rows = await store.query<{ replica_id: string; build_id: string | null }>(
    `SELECT replica_id, build_id FROM replicas WHERE seen_ms > ${store.clock} - ? ORDER BY replica_id`,
    [REPLICA_TIMINGS.replicaFreshMs],
  );
  return rows.map((row) => ({ replica: row.replica_id, buildId: row.build_id }));
}

/**
 * Waits until every live replica serves `buildId` (polling every REPLICA_TIMINGS.publishPollMs); the
 * replicas still on another build when `timeoutMs` (default REPLICA_TIMINGS.publishWaitMs) ran out, or none.
 */
export async function awaitReplicas(
  store: SharedStore,
  buildId: string,
  timeoutMs = REPLICA_TIMINGS.publishWaitMs,
): Promise<readonly ReplicaBuild[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = (await liveReplicas(store)).filter((replica) => replica.buildId !== buildId);
    if (behind.length === 0 || Date.now() > deadline) return behind;
    await new Promise((resolve) => setTimeout(resolve, REPLICA_TIMINGS.publishPollMs));
  }
}
