/**
 * The e2e shop's clock (SHOP_CLOCK_FILE, set by scripts/e2e-server.ts): journeys in `*.clock.spec.ts` move
 * every process of the shop (the embedded back end's carts, the storefront's publisher) to an instant at once
 * by writing the offset from the system clock; time flows on from there. Those journeys run after all the
 * others (playwright.config.ts), and put the clock back when they end.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_DIR } from './ports.ts';

const CLOCK_FILE = resolve(fileURLToPath(new URL('../..', import.meta.url)), E2E_DIR, 'clock.json');

/** Moves the shop's clock so that it reads `instant` now. */
export function setShopClock(instant: number): void {
  writeFileSync(CLOCK_FILE, JSON.stringify({ offsetMs: instant - Date.now() }));
}

/** Puts the shop's clock back on the system's. */
export function resetShopClock(): void {
  rmSync(CLOCK_FILE, { force: true });
}
