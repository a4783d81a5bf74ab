/**
 * The publisher's diary with an injected clock (nobody waits for midnight): a price change recorded by the
 * live build is republished when the clock reaches its instant, once, at once (no debounce), and again
 * only if the run did not publish it; the nightly reconciliation runs once a night at its shop-time hour,
 * British Summer Time included; a build whose price change is due is stale.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { whyStale, type BuildInfo, type PriceChange } from '../../src/publish/releases/build-info.ts';
import type { RunSummary, TriggerOptions } from '../../src/publish/rebuild/rebuilder.ts';
import {
  shopTime,
  startPublishSchedule,
  type PublishSchedule,
} from '../../src/publish/rebuild/publish-schedule.ts';

const change = (at: string, sku = 'HG-PW-00012'): PriceChange => ({
  at,
  sku,
  name: 'Pressure washer',
  before: 199.99,
  after: 149.99,
});

const build = (upcoming: PriceChange[]): BuildInfo => ({
  builtAt: '2026-11-25T10:00:00.000Z',
  durationMs: 1000,
  snapshotHash: 'snapshot',
  configHash: 'config',
  pages: 10,
  scriptHashes: [],
  compression: { files: 0, reused: 0, brotliQuality: 5, bytes: 0, brotliBytes: 0, ms: 0 },
  pricedAt: '2026-11-25T10:00:00.000Z',
  priceChanges: { total: upcoming.length, upcoming },
});

const published: RunSummary = {
  startedAt: '2026-11-26T00:00:00.000Z',
  finishedAt: '2026-11-26T00:00:05.000Z',
  durationMs: 5000,
  reasons: [],
  outcome: 'published',
};

let schedule: PublishSchedule | undefined;
afterEach(() => schedule?.stop());

function diary(start: string, live: () => BuildInfo | undefined, reconcileAt = 'off') {
  const clock = manualClock(start);
  const triggers: { reason: string; options?: TriggerOptions | undefined }[] = [];
  schedule = startPublishSchedule({
    clock,
    liveBuild: live,
    trigger: async (reason, options) => {
      triggers.push({ reason, options });
      return published;
    },
    reconcileAt,
    tickMs: 60_000,
  });
  return { clock, triggers, check: () => schedule?.check() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('scheduled price changes', () => {
  // 1 Dec 2026 00:00 in London is 00:00 UTC (winter); 1 Jun 2027 00:00 is 31 May 23:00 UTC (summer time).
  const winter = '2026-12-01T00:00:00.000Z';

  it('republishes at the instant, not a second before, without the debounce', async () => {
    const { clock, triggers, check } = diary('2026-11-30T23:59:58.000Z', () => build([change(winter)]));
    check();
    clock.set('2026-11-30T23:59:59.999Z');
    check();
    expect(triggers).toEqual([]);
    clock.set(winter);
    check();
    expect(triggers).toHaveLength(1);
    expect(triggers[0]?.options).toEqual({ urgent: true, scheduled: true });
    expect(triggers[0]?.reason).toBe('scheduled price change at 00:00 on 1 Dec (HG-PW-00012)');
    await settle();
    check();
    expect(triggers).toHaveLength(1);
  });

  it('asks once for a change while its run is under way, and again after a minute if it was not published', async () => {
    let live = build([change(winter)]);
    const { clock, triggers, check } = diary(winter, () => live);
    check();
    check();
    await settle();
    clock.set('2026-12-01T00:00:30.000Z');
    check();
    expect(triggers).toHaveLength(1);
    clock.set('2026-12-01T00:01:01.000Z');
    check();
    expect(triggers).toHaveLength(2);
    await settle();
    // The run published a build whose next change is a week away: nothing more to do.
    live = build([change('2026-12-08T00:00:00.000Z')]);
    clock.set('2026-12-01T00:05:00.000Z');
    check();
    expect(triggers).toHaveLength(2);
  });

  it('names several products due at once, and shows summer-time instants in shop time', () => {
    const summer = '2027-05-31T23:00:00.000Z';
    const { triggers, check } = diary(summer, () =>
      build(['A', 'B', 'C', 'D', 'E'].map((sku) => change(summer, `HG-${sku}`))),
    );
    check();
    expect(triggers[0]?.reason).toBe(
      'scheduled price change at 00:00 on 1 Jun (HG-A, HG-B, HG-C and 2 more)',
    );
    expect(shopTime('2027-03-28T01:00:00.000Z')).toBe('02:00 on 28 Mar');
  });

  it('does nothing without a live build or with no change due', () => {
    const { triggers, check } = diary(winter, () => undefined);
    check();
    expect(triggers).toEqual([]);
  });
});

describe('nightly reconciliation', () => {
  it('runs once a night at its shop-time hour', () => {
    const { clock, triggers, check } = diary('2026-11-25T20:00:00.000Z', () => undefined, '00:10');
    check();
    expect(triggers).toEqual([]);
    clock.set('2026-11-26T00:09:59.000Z');
    check();
    expect(triggers).toEqual([]);
    clock.set('2026-11-26T00:10:00.000Z');
    check();
    clock.set('2026-11-26T03:00:00.000Z');
    check();
    expect(triggers).toEqual([{ reason: 'nightly price reconciliation', options: { reconcile: true } }]);
    clock.set('2026-11-27T00:11:00.000Z');
    check();
    expect(triggers).toHaveLength(2);
  });

  it('keeps to shop time in summer, an hour before UTC', () => {
    const { clock, triggers, check } = diary('2027-06-01T20:00:00.000Z', () => undefined, '00:10');
    clock.set('2027-06-01T23:10:00.000Z');
    check();
    expect(triggers).toHaveLength(1);
  });

  it('does not run on start-up past its hour, nor when off', () => {
    const late = diary('2026-11-25T12:00:00.000Z', () => undefined, '00:10');
    late.check();
    expect(late.triggers).toEqual([]);
    schedule?.stop();
    const off = diary('2026-11-26T00:10:00.000Z', () => undefined, 'off');
    off.check();
    expect(off.triggers).toEqual([]);
  });
});

describe('whyStale', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('calls a build stale once its next price change is due', () => {
    dir = mkdtempSync(join(tmpdir(), 'schedule-'));
    const snapshot = join(dir, 'catalogue.db');
    writeFileSync(snapshot, '{"readAt":"x","products":[]}');
    mkdirSync(join(dir, 'dist', 'client'), { recursive: true });
    const info = { ...build([change('2026-12-01T00:00:00.000Z')]), snapshotHash: null, sourceHash: 'src' };
    writeFileSync(join(dir, 'dist', 'build-info.json'), JSON.stringify(info));
    const input = {
      distDir: join(dir, 'dist'),
      snapshotFile: join(dir, 'missing.db'),
      configHash: 'config',
      sources: [],
      sourceHash: 'src',
    };
    expect(whyStale({ ...input, now: Date.parse('2026-11-30T23:59:59.000Z') })).toBeUndefined();
    expect(whyStale({ ...input, now: Date.parse('2026-12-01T00:00:00.000Z') })).toBe(
      'a scheduled price change is due (HG-PW-00012)',
    );
  });
});
