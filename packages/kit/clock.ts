/**
 * The shop's clock: what "now" is for everything that depends on the time of day (scheduled sale prices in
 * the embedded back end's carts and in the storefront's published pages, the publisher's schedule). It is
 * injectable so tests and demos need not wait for midnight: `clockFromFile` reads an offset from a file
 * (SHOP_CLOCK_FILE), which a test writes to move every process of the shop past an instant at once, and
 * which time then flows on from.
 */
import { readFileSync, statSync } from 'node:fs';

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that reads `instant` now and then runs on (tests). */
export function clockAt(instant: Date | string | number): Clock {
  const offset = new Date(instant).getTime() - Date.now();
  return { now: () => Date.now() + offset };
}

/** A clock at a fixed instant that moves only when told (unit tests). */
export function manualClock(
  instant: Date | string | number,
): Clock & { set(to: Date | string | number): void } {
  let at = new Date(instant).getTime();
  return {
    now: () => at,
    set: (to) => void (at = new Date(to).getTime()),
  };
}

/**
 * The system clock shifted by the offset a file holds, `{"offsetMs": 86400000}`; no file (or one that cannot
 * be read) means no offset. The file is read again only when it changes.
 */
export function clockFromFile(file: string): Clock {
  let seen: { mtimeMs: number; size: number; offsetMs: number } | undefined;
  const offset = (): number => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      seen = undefined;
      return 0;
    }
    if (seen && seen.mtimeMs === stat.mtimeMs && seen.size === stat.size) return seen.offsetMs;
    let offsetMs = 0;
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'offsetMs' in parsed) {
        const value = Number(parsed.offsetMs);
        if (Number.isFinite(value)) offsetMs = value;
      }
    } catch {
      // A file being written: no offset until it reads whole.
    }
    seen = { mtimeMs: stat.mtimeMs, size: stat.size, offsetMs };
    return offsetMs;
  };
  return { now: () => Date.now() + offset() };
}

/** The clock a shop process runs on: SHOP_CLOCK_FILE's when set (tests, demos), else the system's. */
export const shopClock = (clockFile: string | undefined): Clock =>
  clockFile ? clockFromFile(clockFile) : systemClock;
