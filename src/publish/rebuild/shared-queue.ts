/**
 * The shared rebuild queue's tables (shared-rebuilder.ts): the requests any replica records and the builder
 * takes, and the status the builder writes for the others. Each statement is one function here, and what
 * comes back out of the store (options, summaries, the status) is parsed: another replica wrote it, with
 * this same code, but it crossed the store.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import type { RebuildStatus, RunSummary, TriggerOptions } from './rebuilder.ts';
import { runTotalsOf } from './run-totals.ts';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rebuild_requests (
    id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    options TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    taken_by TEXT,
    done_ms BIGINT,
    summary TEXT
  )`,
  'CREATE INDEX IF NOT EXISTS rebuild_requests_open ON rebuild_requests (done_ms, created_ms)',
  `CREATE TABLE IF NOT EXISTS rebuild_status (
    id INTEGER PRIMARY KEY,
    builder TEXT NOT NULL,
    status TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
  )`,
];

const optionsSchema = z.object({
  full: z.boolean().optional(),
  reconcile: z.boolean().optional(),
  reviews: z.boolean().optional(),
  urgent: z.boolean().optional(),
  skus: z.array(z.string()).optional(),
  scheduled: z.boolean().optional(),
});

/** What a reader of a run's summary relies on; the rest (sync, build, reconcile) is shown as it is. */
const runShape = z
  .object({
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number(),
    reasons: z.array(z.string()),
    outcome: z.enum(['published', 'unchanged', 'failed']),
  })
  .loose();

/**
 * A summary or status written by another replica's code of the same shape: its main fields checked, the
 * object kept as it was written (the status page shows the rest as it is).
 */
const runSummarySchema = z.custom<RunSummary>((value) => runShape.safeParse(value).success);
const statusSchema = z.custom<RebuildStatus>(
  (value) =>
    z
      .object({
        state: z.enum(['idle', 'waiting', 'running']),
        current: z
          .object({ startedAt: z.string(), reasons: z.array(z.string()) })
          .loose()
          .nullable(),
        queued: z.array(z.string()),
        last: runShape.nullable(),
        lastPublished: runShape.nullable(),
        // Checked run by run (readStatusRow): one run another release wrote differently costs that run only.
        history: z.array(z.unknown()),
        pollMinutes: z.number(),
        renderer: z.enum(['warm', 'starting', 'cold']),
      })
      .loose()
      .safeParse(value).success,
);

/** The status before the builder wrote one (or while it cannot be read). */
export const NO_STATUS: RebuildStatus = {
  state: 'idle',
  current: null,
  queued: [],
  last: null,
  lastPublished: null,
  history: [],
  pollMinutes: 0,
  renderer: 'cold',
};

/** A column's JSON; undefined when it is not JSON (it then fails its schema like any other wrong value). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The queue's tables (made once; a store down at start is asked again at the next tick). */
export const ensureQueue = (store: SharedStore): Promise<void> => store.ensure(SCHEMA);

/** A request as the builder takes it: its options parsed (none, when they do not parse). */
interface TakenRequest {
  readonly id: string;
  readonly reason: string;
  readonly options: TriggerOptions;
}

/** Takes the requests no live builder has taken (`session`: this builder's turn). */
export async function takeOpen(store: SharedStore, session: string): Promise<TakenRequest[]> {
  const rows = await store.query<{ id: string; reason: string; options: string }>(
    `UPDATE rebuild_requests SET taken_by = ? WHERE done_ms IS NULL AND (taken_by IS NULL OR taken_by <> ?)
     RETURNING id, reason, options`,
    [session, session],
  );
  return rows.map((row) => {
    const parsed = optionsSchema.safeParse(jsonOf(row.options));
    return { id: row.id, reason: row.reason, options: parsed.success ? stripUndefined(parsed.data) : {} };
  });
}

/** Records a request done by the turn that took it (another turn's is left alone). */
export async function markDone(
  store: SharedStore,
  request: { id: string; session: string; summary: RunSummary },
): Promise<void> {
  await store.run(
    `UPDATE rebuild_requests SET done_ms = ${store.clock}, summary = ? WHERE id = ? AND taken_by = ? AND done_ms IS NULL`,
    [JSON.stringify(request.summary), request.id, request.session],
  );
}

/** What a turn took and did not finish goes back to the queue, for whoever builds next. */
export async function giveBack(store: SharedStore, session: string): Promise<void> {
  await store.run('UPDATE rebuild_requests SET taken_by = NULL WHERE taken_by = ? AND done_ms IS NULL', [
    session,
  ]);
}

/** Keeps a request in the store and tells the builder; its id. */
export async function insertRequest(
  store: SharedStore,
  reason: string,
  options: TriggerOptions,
): Promise<string> {
  const id = randomUUID();
  await store.run(
    `INSERT INTO rebuild_requests (id, reason, options, created_ms) VALUES (?, ?, ?, ${store.clock})`,
    [id, reason, JSON.stringify(options)],
  );
  await store.notify('rebuild', id).catch(() => undefined);
  return id;
}

/** The summaries of the requests of `ids` that are done, by id. */
export async function doneSummaries(
  store: SharedStore,
  ids: readonly string[],
): Promise<Map<string, RunSummary>> {
  const rows = await store.query<{ id: string; summary: string }>(
    `SELECT id, summary FROM rebuild_requests WHERE done_ms IS NOT NULL AND id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const done = new Map<string, RunSummary>();
  for (const row of rows) {
    const parsed = runSummarySchema.safeParse(jsonOf(row.summary));
    done.set(row.id, parsed.success ? parsed.data : unreadable());
  }
  return done;
}

/** A done request whose summary does not parse: its caller is told, not left waiting. */
function unreadable(): RunSummary {
  const now = new Date().toISOString();
  return {
    startedAt: now,
    finishedAt: now,
    durationMs: 0,
    reasons: [],
    outcome: 'failed',
    error: "The run's summary could not be read from the shared store.",
  };
}

/** Done requests are kept a while: their summaries answer `trigger` callers who poll for them. */
export async function sweepDone(store: SharedStore): Promise<void> {
  await store.run(`DELETE FROM rebuild_requests WHERE done_ms < ${store.clock} - ?`, [
    REPLICA_TIMINGS.rebuildKeepDoneMs,
  ]);
}

/** Writes the builder's status (`text`, its JSON) for the other replicas. */
export async function writeStatusText(store: SharedStore, builder: string, text: string): Promise<void> {
  await store.run(
    `INSERT INTO rebuild_status (id, builder, status, updated_ms) VALUES (1, ?, ?, ${store.clock})
     ON CONFLICT (id) DO UPDATE SET builder = excluded.builder, status = excluded.status, updated_ms = excluded.updated_ms`,
    [builder, text],
  );
}

/** The status the builder wrote last; undefined when there is none, or it does not parse. */
export async function readStatusRow(store: SharedStore): Promise<RebuildStatus | undefined> {
  const [row] = await store.query<{ status: string }>('SELECT status FROM rebuild_status WHERE id = 1');
  if (!row) return undefined;
  const parsed = statusSchema.safeParse(jsonOf(row.status));
  if (!parsed.success) return undefined;
  const { totals: written, ...status } = parsed.data;
  const history = status.history.filter((run) => runSummarySchema.safeParse(run).success);
  // Totals that do not parse are left out: the next builder counts from nothing, as after a reset.
  const totals = runTotalsOf(written);
  return { ...status, history, ...(totals ? { totals } : {}) };
}

/** zod's optional fields as TriggerOptions (exactOptionalPropertyTypes: no `undefined` values). */
function stripUndefined(options: z.infer<typeof optionsSchema>): TriggerOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
