/**
 * The merchant's list of a day's service bookings (issue 54), for the service team's morning:
 *
 * - `GET /admin/service-bookings?date=YYYY-MM-DD` → `{date, bookings: [...]}` in slot order (JSON)
 * - `GET /admin/service-bookings?date=…&format=csv`, or `GET /admin/service-bookings.csv?date=…` → the same
 *   as CSV (RFC 4180, cells safe to open in a spreadsheet), as a download
 *
 * Authorised by `Authorization: Bearer <token>`, a Magento admin or integration token whose role allows
 * `Magento_Customer::customer`, as Magento itself says (features/service-booking/merchant.server.ts): 401
 * without a token or with one Magento does not know, 403 for a real token lacking the resource (a
 * customer's), both in Magento's words. A missing or bad date: 400. Magento or the store down: 503. Never
 * cached. Documented in docs/service-booking.md.
 */
import { Hono, type Context } from 'hono';
import type { MagentoClientConfig } from '../../magento/client.ts';
import {
  bookingsOn,
  bearerToken,
  merchantAccess,
  MERCHANT_RESOURCE,
} from '../../features/service-booking/index.server.ts';
import { bookingsCsv, csvName, serviceBookingTexts as t } from '../../features/service-booking/index.ts';
import { isIsoDay } from '../../calendar/working-days.ts';
import { errorMessage, HttpError, jsonErrors, jsonReply, methodNotAllowed } from '../../http/index.ts';
import type { SharedStore } from '../../store/shared-store.ts';

export interface ServiceBookingAdminConfig {
  /** Magento, asked whether the merchant's token may read customers' data. */
  readonly magento: MagentoClientConfig;
  readonly store: SharedStore;
  readonly log?: (message: string) => void;
}

/** Magento's own refusal, as `Webapi\Controller\Rest` words it for the resource. */
const REFUSED = `The consumer isn't authorized to access ${MERCHANT_RESOURCE}.`;

async function authorise(config: ServiceBookingAdminConfig, c: Context): Promise<void> {
  const token = bearerToken(c.req.header('authorization'));
  const access = token ? await merchantAccess(config.magento, token) : 'no-token';
  if (access === 'no-token') throw new HttpError(401, REFUSED, { 'WWW-Authenticate': 'Bearer' });
  if (access === 'not-allowed') throw new HttpError(403, REFUSED);
}

async function list(config: ServiceBookingAdminConfig, c: Context, csv: boolean): Promise<Response> {
  await authorise(config, c);
  const date = c.req.query('date') ?? '';
  if (!isIsoDay(date)) throw new HttpError(400, t.adminBadDate);
  const bookings = await bookingsOn(config.store, date);
  if (!csv && c.req.query('format') !== 'csv') return jsonReply(200, { date, bookings });
  return new Response(bookingsCsv(bookings), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${csvName(date)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

export function createServiceBookingAdminRoutes(config: ServiceBookingAdminConfig): Hono {
  const log = config.log ?? (() => undefined);
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`The day's service bookings failed: ${errorMessage(error)}`);
      return new HttpError(503, t.adminUnavailable);
    }),
  );
  routes.get('/admin/service-bookings', (c) => list(config, c, false));
  routes.get('/admin/service-bookings.csv', (c) => list(config, c, true));
  routes.all('/admin/service-bookings', methodNotAllowed('GET, HEAD'));
  routes.all('/admin/service-bookings.csv', methodNotAllowed('GET, HEAD'));
  return routes;
}
