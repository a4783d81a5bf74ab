/**
 * The environment's rebuild variables (the hook, polling, reconciliation): one section of `envSchema`
 * (src/config/env.ts).
 */
import { z } from 'zod';
import { described, url } from './fields.ts';

/** Keeping the site in step with the catalogue: the signed hook, polling and the rebuild queue. */
export const rebuildsSection = z.object({
  /**
   * Shared secret of the rebuild hook (`POST /rebuild`, HMAC-SHA256 signed). Unset: the hook is off, except with the embedded back end, which uses the demo
   * secret `embedded-demo-rebuild-secret`.
   */
  REBUILD_SECRET: described(
    'Shared secret of the signed rebuild hook (`POST /rebuild`); unset with `MAGENTO_URL`: the hook is off.',
    z.string().min(16, 'must be at least 16 characters').optional(),
    { documentedDefault: '`embedded-demo-rebuild-secret` with the embedded back end; unset otherwise' },
  ),
  /**
   * Password of the editors' status page (`/rebuild/status`, with its "Rebuild now" and "Full rebuild"
   * buttons): any user name and this password. Unset: the page is off, except with the embedded back end,
   * which uses the demo password `embedded-demo-status-password`.
   */
  REBUILD_STATUS_PASSWORD: described(
    'Password of the editors\' status page (`/rebuild/status`, with "Rebuild now" and "Full rebuild"); its own, not the hook\'s secret. Unset with `MAGENTO_URL`: the page is off.',
    z.string().min(12, 'must be at least 12 characters').optional(),
    { documentedDefault: '`embedded-demo-status-password` with the embedded back end; unset otherwise' },
  ),
  /**
   * Where the embedded back end posts the signed rebuild hook after an admin product save. Unset:
   * `{SITE_URL}/rebuild`, the storefront that `npm start` runs beside it.
   */
  REBUILD_HOOK_URL: described(
    'Where the embedded back end posts the hook after an admin product save.',
    url.optional(),
    { documentedDefault: '`{SITE_URL}/rebuild`' },
  ),
  REBUILD_POLL_MINUTES: described(
    'Sync every N minutes and rebuild when the catalogue changed (Magento Open Source has no webhooks); 0 is off.',
    z.coerce.number({ error: 'must be a number of minutes' }).min(0).default(0),
  ),
  /**
   * When, in the shop's time (Europe/London), the nightly job checks every published price against the
   * price Magento charges and republishes those that differ (catalogue price rules, imports that skip save
   * events); `off` turns it off. The status page runs it on demand.
   * @example 00:10
   */
  PRICE_RECONCILE_AT: described(
    'When (shop time, `HH:MM`) the nightly job compares every published price with what Magento charges and republishes those that differ; `off` turns it off (the status page still runs it).',
    z
      .string()
      .regex(/^(?:off|(?:[01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (24-hour), or off')
      .default('00:10'),
  ),
  /**
   * How often the server asks Magento whether any product's rating changed: Magento Open Source sends no
   * event when a merchant approves a review, so an approved review goes live at the next check (a light
   * read of every product's rating and review count; the reviews of those that moved are read and their
   * pages republished). The nightly price reconciliation checks too; 0 leaves only that and the status page.
   */
  REVIEWS_CHECK_MINUTES: described(
    'Every N minutes, check Magento for reviews approved (or withdrawn) since and republish the pages concerned (Magento sends no event on approval); 0 leaves it to the nightly run and the status page.',
    z.coerce.number({ error: 'must be a number of minutes' }).min(0).default(10),
  ),
  REBUILD_DEBOUNCE_MS: described(
    'Quiet time after a rebuild trigger before the run starts; by default a save starts one at once, and saves during a run go into the next.',
    z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(0),
  ),
});
