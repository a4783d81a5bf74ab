/**
 * The timings that keep the replicas in step through the shared store, in one place, with the ratios
 * between them: leases and their renewals, the locks' retries, the polls that stand in for notifications
 * (SQLite has none across processes: listeners poll), the publish barrier's heartbeat, the payment waits
 * and the CDN purge queue's ticks.
 *
 * It sits beside the shared store because each of these is a lease, a lock, a poll or a time limit on that
 * store, and because payments, publishing and the CDN queue already depend on src/store/ while src/store/
 * depends on none of them: the store's own adapters (sqlite.ts, postgres.ts) read it too.
 *
 * A base timing is a number; one that follows from another by a rule is written as that rule. Functions that
 * take a timing in their options keep it (tests pass shorter ones): these are the defaults. `timingProblems`
 * names every ratio the design relies on that a set of timings breaks.
 */

/** The payments' base: how long a claim on a transaction holds without renewal. */
const claimLeaseMs = 30_000;
/** The SQLite store's base: how long a lock outlives its holder's last renewal. */
const storeLockLeaseMs = 10_000;
/** The publish barrier's base: each replica's heartbeat. */
const replicaReportMs = 1_000;

const timings = {
  // Payments: claims, recovery, notifications (src/payments/).

  /**
   * How long a notification's claim on a transaction (REGISTERED → PLACING) holds unless renewed: a replica
   * that dies while placing an order has it taken over this long after its last renewal. Long enough that
   * a slow store or two missed renewals never hand a live order to another replica, short enough that an
   * abandoned one is finished within a minute (recoveryEveryMs).
   */
  claimLeaseMs,
  /** How often the replica placing an order renews its claim: a third of the lease, so two may fail. */
  claimRenewMs: claimLeaseMs / 3,
  /**
   * How often the replica holding the `payments-recovery` lock finishes claims whose lease ran out: half a
   * lease, so an abandoned claim waits at most 1.5 leases after its last renewal.
   */
  recoveryEveryMs: claimLeaseMs / 2,
  /**
   * How often a replica that does not lead recovery tries to take the lock. With the SQLite lock's lease,
   * a dead leader is replaced within storeLockLeaseMs + this: one recovery tick, so the 1.5-lease bound
   * holds across a change of leader too.
   */
  recoveryLeadRetryMs: 5_000,
  /**
   * How long the provider waits for the answer to a notification before counting it unanswered: the
   * embedded sandbox's 10 s (packages/opayo-sandbox/server.ts); Opayo does not document its own (contract
   * §9). Not ours to set: the bound notifyWaitMs stays below.
   */
  providerNotifyTimeoutMs: 10_000,
  /**
   * How long a repeated notification waits for the replica placing its order before answering 503 (the
   * provider sends it again): 8 s, below the provider's timeout so the 503 is read, not a timeout. The
   * bridge's default; PAYMENT_NOTIFY_WAIT_MS (src/config/env.ts) defaults to the same 8 s.
   */
  notifyWaitMs: 8_000,
  /** How often that waiting notification reads the transaction again: a cheap read, answered promptly. */
  notifyPollMs: 50,
  /**
   * How long `/paid`'s status answer waits for a late read of the order's number before answering without
   * it (the read goes on and stores it): the shopper's page must not hang on Magento.
   */
  orderNumberWaitMs: 2_000,

  // The shared store itself (src/store/).

  /**
   * How long an SQLite lock (`tryLock`: `builder`, `payments-recovery`) outlives its holder's last renewal:
   * a dead builder or recovery leader is replaced this long (plus a retry) after it died.
   */
  storeLockLeaseMs,
  /** How often the holder renews an SQLite lock: a quarter of its lease, so three may fail. */
  storeLockRenewMs: storeLockLeaseMs / 4,
  /**
   * How long an SQLite statement waits for another process's write (PRAGMA busy_timeout) before failing
   * as "store unavailable": a renewal that waits this long still lands within its lease.
   */
  sqliteBusyTimeoutMs: 5_000,
  /** How long a new PostgreSQL connection may take (connectionTimeoutMillis). */
  pgConnectTimeoutMs: 3_000,
  /**
   * How long a PostgreSQL statement may run (statement_timeout): with a new connection, the longest a
   * renewal can take, which must still land within a claim's lease.
   */
  pgStatementTimeoutMs: 10_000,
  /**
   * How often a PostgreSQL lock's quiet connection is checked, so a lock lost to a broken link is noticed
   * (PostgreSQL frees an advisory lock itself when its connection ends: no lease there).
   */
  pgLockPingMs: 5_000,
  /** How soon a broken LISTEN connection is opened again (listeners also poll, so nothing waits on it). */
  pgListenRetryMs: 1_000,

  // The publish barrier (src/publish/releases/replicas.ts).

  /**
   * How often each replica reports the build it serves (besides at once on a `publish` notification,
   * which SQLite does not carry across processes: there the builder sees a switch within one heartbeat).
   */
  replicaReportMs,
  /**
   * How long a replica counts as live after its last report: five heartbeats, so a late or failed report
   * or two do not drop a live replica from the barrier, while a dead one leaves it within seconds.
   */
  replicaFreshMs: replicaReportMs * 5,
  /** How often the builder reads which build the replicas serve while it waits for them. */
  publishPollMs: 50,
  /**
   * How long the builder waits for every live replica to serve a new build before purging the CDN anyway
   * (with a warning): long enough for a replica that died just before the publish to leave the fresh window.
   */
  publishWaitMs: 30_000,

  // The rebuild queue (src/publish/rebuild/shared-rebuilder.ts).

  /**
   * How often each replica reads the queue and the builder's status when no notification comes: on SQLite
   * this is how a trigger reaches the builder, so it paces the hook's latency.
   */
  rebuildTickMs: 500,
  /**
   * How often a replica that is not the builder tries the `builder` lock (at its next tick): a dead
   * builder is replaced within storeLockLeaseMs + this on SQLite.
   */
  builderLockRetryMs: 2_000,
  /** How often the builder deletes done requests older than rebuildKeepDoneMs. */
  rebuildSweepMs: 3600_000,
  /** How long done requests are kept: their summaries answer the `trigger` callers polling for them. */
  rebuildKeepDoneMs: 24 * 3600_000,

  // The CDN purge queue (src/cdn/purge-queue.ts, purge.ts).

  /**
   * How long a claimed purge is its sender's: longer than a purge takes, its batches included, so it goes
   * out once while its sender lives; if the sender dies another sends it again after this (harmless).
   */
  purgeLeaseMs: 60_000,
  /** Each purge request's time limit: a CDN that hangs is a failure to retry, not a stuck queue. */
  purgeRequestTimeoutMs: 10_000,
  /** How often each replica looks for purges another left (a retry due sooner is looked at sooner). */
  purgePollMs: 5_000,
  /** The first retry of a failed purge; each next one waits twice as long, up to purgeRetryMaxMs. */
  purgeRetryFirstMs: 1_000,
  /** The longest wait between tries of a purge: the change-to-live budget is 60 s. */
  purgeRetryMaxMs: 60_000,
  /** How long done purges are kept, for whoever asks what was purged. */
  purgeKeepDoneMs: 7 * 24 * 3600_000,
};

/** A full set of timings, in milliseconds (tests build shorter or broken ones from REPLICA_TIMINGS). */
export type ReplicaTimings = { readonly [Name in keyof typeof timings]: number };

/** The replicas' timings in milliseconds; `timingProblems(REPLICA_TIMINGS)` is empty (tested). */
export const REPLICA_TIMINGS: ReplicaTimings = Object.freeze(timings);

/** The longest a store call can take before it fails: PostgreSQL's connect + statement, or SQLite's wait. */
const slowestStoreCallMs = (t: ReplicaTimings): number =>
  Math.max(t.pgConnectTimeoutMs + t.pgStatementTimeoutMs, t.sqliteBusyTimeoutMs);

interface Rule {
  readonly holds: (t: ReplicaTimings) => boolean;
  /** Why the design needs it, with the values that break it. */
  readonly says: (t: ReplicaTimings) => string;
}

const RULES: readonly Rule[] = [
  {
    holds: (t) => t.claimLeaseMs >= 3 * t.claimRenewMs,
    says: (t) =>
      `A payment claim's lease (claimLeaseMs ${t.claimLeaseMs} ms) must outlive 3 renewals (claimRenewMs ${t.claimRenewMs} ms): a renewal or two that fail must not hand a live order to another replica.`,
  },
  {
    holds: (t) => t.claimRenewMs + slowestStoreCallMs(t) < t.claimLeaseMs,
    says: (t) =>
      `A payment claim's renewal (claimRenewMs ${t.claimRenewMs} ms) plus the slowest store call (${slowestStoreCallMs(t)} ms: pgConnectTimeoutMs + pgStatementTimeoutMs, or sqliteBusyTimeoutMs) must stay below the lease (claimLeaseMs ${t.claimLeaseMs} ms): a renewal that takes the store's whole time limit must still land before the lease ends.`,
  },
  {
    holds: (t) => 2 * t.recoveryEveryMs <= t.claimLeaseMs,
    says: (t) =>
      `Payment recovery (recoveryEveryMs ${t.recoveryEveryMs} ms) must run at least every half lease (claimLeaseMs ${t.claimLeaseMs} ms): an abandoned claim is finished at most 1.5 leases after its last renewal.`,
  },
  {
    holds: (t) => t.storeLockLeaseMs + t.recoveryLeadRetryMs <= t.recoveryEveryMs,
    says: (t) =>
      `A dead recovery leader's lock lease (storeLockLeaseMs ${t.storeLockLeaseMs} ms) plus the others' retry (recoveryLeadRetryMs ${t.recoveryLeadRetryMs} ms) must not exceed one recovery tick (recoveryEveryMs ${t.recoveryEveryMs} ms): a change of leader must not stretch the wait of an abandoned claim.`,
  },
  {
    holds: (t) => t.notifyWaitMs < t.providerNotifyTimeoutMs,
    says: (t) =>
      `A repeated notification's wait (notifyWaitMs ${t.notifyWaitMs} ms) must stay below the provider's own timeout (providerNotifyTimeoutMs ${t.providerNotifyTimeoutMs} ms): the 503 must be read, not time out.`,
  },
  {
    holds: (t) => t.storeLockLeaseMs >= 3 * t.storeLockRenewMs,
    says: (t) =>
      `An SQLite lock's lease (storeLockLeaseMs ${t.storeLockLeaseMs} ms) must outlive 3 renewals (storeLockRenewMs ${t.storeLockRenewMs} ms): a renewal or two that fail must not hand a live builder's or leader's lock to another replica.`,
  },
  {
    holds: (t) => t.storeLockRenewMs + t.sqliteBusyTimeoutMs < t.storeLockLeaseMs,
    says: (t) =>
      `An SQLite lock's renewal (storeLockRenewMs ${t.storeLockRenewMs} ms) plus SQLite's busy wait (sqliteBusyTimeoutMs ${t.sqliteBusyTimeoutMs} ms) must stay below its lease (storeLockLeaseMs ${t.storeLockLeaseMs} ms): a renewal that waits out a busy database must still land before the lease ends.`,
  },
  {
    holds: (t) => t.replicaFreshMs >= 2 * t.replicaReportMs,
    says: (t) =>
      `A replica's fresh window (replicaFreshMs ${t.replicaFreshMs} ms) must hold at least 2 heartbeats (replicaReportMs ${t.replicaReportMs} ms): one late report must not drop a live replica from the publish barrier.`,
  },
  {
    holds: (t) => t.replicaFreshMs < t.publishWaitMs,
    says: (t) =>
      `A replica's fresh window (replicaFreshMs ${t.replicaFreshMs} ms) must be shorter than the builder's wait for the replicas (publishWaitMs ${t.publishWaitMs} ms): a replica that died just before a publish must leave the barrier before the wait runs out.`,
  },
  {
    holds: (t) => t.purgeRequestTimeoutMs < t.purgeLeaseMs,
    says: (t) =>
      `A CDN purge's claim (purgeLeaseMs ${t.purgeLeaseMs} ms) must outlast a purge request's time limit (purgeRequestTimeoutMs ${t.purgeRequestTimeoutMs} ms): a purge still being sent must not be sent again by another replica.`,
  },
];

/** A sentence for every ratio the design relies on that `timings` break; empty when they keep them all. */
export function timingProblems(timings: ReplicaTimings): string[] {
  return RULES.filter((rule) => !rule.holds(timings)).map((rule) => rule.says(timings));
}
