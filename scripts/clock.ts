/**
 * `npm run clock -- midnight` (or an ISO instant, or `reset`): moves the shop's clock for demos and tests,
 * by writing the offset from the system clock to SHOP_CLOCK_FILE (default var/clock.json), which every
 * process of a shop started with that variable reads (src/config/clock.ts). `midnight` is five seconds
 * before the next midnight in London, so a sale starting tomorrow goes live while you watch.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { londonWallClockToInstant, shopDay } from '../src/catalogue/special-prices.ts';
import { loadConfig } from '../src/config/env.ts';

const file = resolve(loadConfig().shop.SHOP_CLOCK_FILE ?? 'var/clock.json');
const asked = process.argv[2] ?? 'midnight';
if (asked === 'reset') {
  rmSync(file, { force: true });
  console.info(`The shop's clock is the system's again (${file} removed).`);
} else {
  const instant =
    asked === 'midnight'
      ? londonWallClockToInstant(`${shopDay(Date.now() + 24 * 60 * 60 * 1000)} 00:00:00`) - 5000
      : Date.parse(asked);
  if (Number.isNaN(instant)) throw new Error(`Give midnight, reset or an ISO 8601 instant, not "${asked}".`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ offsetMs: instant - Date.now() }));
  console.info(`The shop's clock now reads ${new Date(instant).toISOString()} (${file}).`);
}
