/**
 * The replicas' timings keep every ratio the design relies on, and breaking any one of them is reported.
 */
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config/env.ts';
import { REPLICA_TIMINGS, timingProblems, type ReplicaTimings } from '../../src/store/replica-timings.ts';

describe('the replicas’ timings', () => {
  it('keep every ratio', () => {
    expect(timingProblems(REPLICA_TIMINGS)).toEqual([]);
  });

  it('are the values the replicas ran on before they were gathered here', () => {
    expect(REPLICA_TIMINGS).toEqual({
      claimLeaseMs: 30_000,
      claimRenewMs: 10_000,
      recoveryEveryMs: 15_000,
      recoveryLeadRetryMs: 5_000,
      providerNotifyTimeoutMs: 10_000,
      notifyWaitMs: 8_000,
      notifyPollMs: 50,
      orderNumberWaitMs: 2_000,
      storeLockLeaseMs: 10_000,
      storeLockRenewMs: 2_500,
      sqliteBusyTimeoutMs: 5_000,
      pgConnectTimeoutMs: 3_000,
      pgStatementTimeoutMs: 10_000,
      pgLockPingMs: 5_000,
      pgListenRetryMs: 1_000,
      replicaReportMs: 1_000,
      replicaFreshMs: 5_000,
      publishPollMs: 50,
      publishWaitMs: 30_000,
      rebuildTickMs: 500,
      builderLockRetryMs: 2_000,
      rebuildSweepMs: 3_600_000,
      rebuildKeepDoneMs: 86_400_000,
      purgeLeaseMs: 60_000,
      purgeRequestTimeoutMs: 10_000,
      purgePollMs: 5_000,
      purgeRetryFirstMs: 1_000,
      purgeRetryMaxMs: 60_000,
      purgeKeepDoneMs: 604_800_000,
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(REPLICA_TIMINGS)).toBe(true);
  });

  it('are what PAYMENT_NOTIFY_WAIT_MS defaults to (src/config/env.ts keeps its own 8000)', () => {
    expect(envSchema.shape.PAYMENT_NOTIFY_WAIT_MS.parse(undefined)).toBe(REPLICA_TIMINGS.notifyWaitMs);
  });

  const broken: readonly [string, Partial<ReplicaTimings>, RegExp][] = [
    ['a claim lease shorter than 3 renewals', { claimRenewMs: 12_000 }, /claim's lease .* 3 renewals/],
    [
      'a claim renewal that a slow store call can push past the lease',
      { pgStatementTimeoutMs: 20_000 },
      /renewal .* slowest store call \(23000 ms/,
    ],
    ['recovery slower than every half lease', { recoveryEveryMs: 20_000 }, /recovery .* half lease/],
    [
      'a change of recovery leader slower than a recovery tick',
      { recoveryLeadRetryMs: 6_000 },
      /recovery leader's lock lease .* one recovery tick/,
    ],
    [
      'a notification wait as long as the provider’s timeout',
      { notifyWaitMs: 10_000 },
      /notifyWaitMs 10000 ms\) must stay below the provider's own timeout/,
    ],
    [
      'an SQLite lock lease shorter than 3 renewals',
      { storeLockRenewMs: 4_000 },
      /SQLite lock's lease .* 3 renewals/,
    ],
    [
      'an SQLite lock renewal that a busy wait can push past the lease',
      { sqliteBusyTimeoutMs: 8_000 },
      /SQLite's busy wait \(sqliteBusyTimeoutMs 8000 ms\)/,
    ],
    ['a fresh window under 2 heartbeats', { replicaReportMs: 3_000 }, /fresh window .* 2 heartbeats/],
    [
      'a fresh window as long as the publish wait',
      { publishWaitMs: 5_000 },
      /fresh window .* builder's wait for the replicas/,
    ],
    [
      'a purge claim no longer than a purge request',
      { purgeLeaseMs: 10_000 },
      /purge's claim .* purge request's time limit/,
    ],
  ];

  it.each(broken)('report %s, and only that', (_name, change, said) => {
    const problems = timingProblems({ ...REPLICA_TIMINGS, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(said);
  });

  it('report each ratio broken, when several are', () => {
    const problems = timingProblems({ ...REPLICA_TIMINGS, claimRenewMs: 12_000, replicaReportMs: 3_000 });
    expect(problems).toHaveLength(2);
  });
});
