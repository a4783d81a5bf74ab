/**
 * The publisher's own diary, for what changes in Magento with no save and no event (COMMERCE-BASICS §5.4):
 * - a special price starts or ends at midnight shop time: the live build records its coming price changes
 *   (build-info.ts), and at the first one's instant a run re-renders exactly the pages concerned (their
 *   fingerprints changed), without the debounce's quiet time;
 * - every night at PRICE_RECONCILE_AT (shop time) a run checks every published price against the price
 *   Magento charges (reconcile.ts): catalogue price rules and imports that skip save events show up there.
 * - every REVIEWS_CHECK_MINUTES a run asks Magento whether any product's rating changed: Magento sends no
 *   event when a merchant approves a review (src/catalogue/reviews.ts).
 * All go by the shop's clock (src/config/clock.ts), checked every second, so a test that moves the clock
 * past midnight sees the change within a second, and a machine that slept catches up when it wakes.
 */
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { wallClock } from '../../calendar/working-days.ts';
import { describePriceChanges, duePriceChanges, type BuildInfo } from '../releases/build-info.ts';
import type { RunSummary, TriggerOptions } from './rebuilder.ts';

/** The shop's time zone: Magento's `general/locale/timezone`, in which special prices' dates are days. */
export const SHOP_TIME_ZONE = 'Europe/London';

export interface PublishScheduleOptions {
  readonly clock: Clock;
  readonly liveBuild: () => BuildInfo | undefined;
  readonly trigger: (reason: string, options?: TriggerOptions) => Promise<RunSummary>;
  /** `HH:MM` shop time of the nightly reconciliation, or `off`. */
  readonly reconcileAt: string;
  /** How often to check Magento's ratings for approved reviews, in ms; 0 is never. */
  readonly reviewsEveryMs?: number;
  /** How often the clock is read (default 1 s). */
  readonly tickMs?: number;
  /** After a run that did not publish the due change, how long before trying again (default 60 s). */
  readonly retryMs?: number;
  readonly log?: (message: string) => void;
}

export interface PublishSchedule {
  /** Looks at the clock once (the timer does this every tick). */
  check(): void;
  stop(): void;
}

const minutesOf = (time: string): number | undefined => {
  const match = /^(\d\d):(\d\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
};

/** `00:00 on 26 Nov` in the shop's time zone, for the reasons shown on the status page. */
export const shopTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(/^(\d+ \w+),? (.*)$/, '$2 on $1');

export function startPublishSchedule(options: PublishScheduleOptions): PublishSchedule {
  const log = options.log ?? (() => undefined);
  const retryMs = options.retryMs ?? 60_000;
  const reconcileMinutes = minutesOf(options.reconcileAt);
  /** The price change last asked for, and when it may be asked for again if it is still due. */
  let asked: { at: string; again: number } | undefined;
  let pending = false;
  /** The shop-time day whose reconciliation has been asked for (the start-up day counts as done when past). */
  let reconciledDay: string | undefined;
  {
    const clock = wallClock(new Date(options.clock.now()), SHOP_TIME_ZONE);
    if (reconcileMinutes !== undefined && clock.minutes >= reconcileMinutes) reconciledDay = clock.day;
  }

  function pricesDue(now: number): void {
    const due = duePriceChanges(options.liveBuild(), now);
    const first = due[0];
    if (!first || pending) return;
    if (asked?.at === first.at && now < asked.again) return;
    asked = { at: first.at, again: now + retryMs };
    pending = true;
    const reason = `scheduled price change at ${shopTime(first.at)} (${describePriceChanges(due)})`;
    log(`Price change due: ${reason}`);
    options
      .trigger(reason, { urgent: true, scheduled: true })
      .catch(() => undefined)
      .finally(() => (pending = false));
  }

  function reconcileDue(now: number): void {
    if (reconcileMinutes === undefined) return;
    const clock = wallClock(new Date(now), SHOP_TIME_ZONE);
    if (clock.minutes < reconcileMinutes || reconciledDay === clock.day) return;
    reconciledDay = clock.day;
    options.trigger('nightly price reconciliation', { reconcile: true }).catch(() => undefined);
  }

  let reviewsCheckedAt = options.clock.now();
  function reviewsDue(now: number): void {
    const every = options.reviewsEveryMs ?? 0;
    if (every <= 0 || now - reviewsCheckedAt < every) return;
    reviewsCheckedAt = now;
    options.trigger('review check', { reviews: true }).catch(() => undefined);
  }

  const check = () => {
    const now = options.clock.now();
    pricesDue(now);
    reconcileDue(now);
    reviewsDue(now);
  };
  const timer = setInterval(check, options.tickMs ?? 1000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
