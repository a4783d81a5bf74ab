/**
 * The payment bridge's HTTP face on the storefront server:
 * - `POST /payments/start` (same origin, JSON `{guestCode?, email?}`): the shopper's own cart (session
 *   cookie, else the guest cart code) is registered with the provider; answers `{code, nextUrl}`.
 * - `POST /payments/opayo/notify`: the provider's server-to-server notification (form-encoded), answered
 *   in the provider's format (CRLF `Name=Value` lines for Opayo).
 * - `GET /payments/status/{code}`: `{status: pending | paid | failed}` of that one transaction, nothing else.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { strings } from '../strings.ts';
import type { RouteHandler } from '../server/http.ts';
import { HttpError, isSameOrigin, readBody, readJson, sendJson } from '../server/shopper/http-json.ts';
import { clearSessionCookie, customerToken } from '../server/shopper/session.ts';
import type { PaymentBridge } from './bridge.ts';

export const NOTIFY_PATH = '/payments/opayo/notify';
const STATUS_PREFIX = '/payments/status/';
const CODE = /^[A-Za-z0-9-]{40}$/;
const GUEST_CART = /^[A-Za-z0-9]{32}$/;

const startBody = z
  .object({
    guestCode: z.string().max(64).optional(),
    email: z.string().max(254).optional(),
  })
  .optional();

export interface PaymentRoutesConfig {
  readonly bridge: PaymentBridge;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

export function createPaymentRoutes(config: PaymentRoutesConfig): RouteHandler {
  const { bridge } = config;
  const log = config.log ?? ((message: string) => console.warn(message));

  async function start(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed.');
    if (!isSameOrigin(req, config.siteUrl)) throw new HttpError(403, 'Cross-site requests are not allowed.');
    const parsed = startBody.safeParse(await readJson(req, 4 * 1024));
    if (!parsed.success) throw new HttpError(400, strings.checkout.emptyCart);
    const token = customerToken(req);
    const guestCode = parsed.data?.guestCode ?? '';
    if (!token && !GUEST_CART.test(guestCode)) throw new HttpError(409, strings.checkout.emptyCart);
    const started = await bridge.start({
      cart: token ? { kind: 'customer', token } : { kind: 'guest', guestCart: guestCode },
      email: parsed.data?.email,
    });
    sendJson(res, 200, started);
  }

  async function notify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed.');
    const reply = await bridge.notify(await readBody(req, 16 * 1024));
    const body = Buffer.from(reply.body, 'latin1');
    res.writeHead(200, {
      'Content-Type': reply.contentType,
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  function status(req: IncomingMessage, res: ServerResponse, code: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed.');
    const found = CODE.test(code) ? bridge.status(code) : undefined;
    if (!found) throw new HttpError(404, strings.checkout.unknownPayment);
    sendJson(res, 200, { status: found });
  }

  return async (req, res, url) => {
    const path = url.pathname;
    if (path !== '/payments/start' && path !== NOTIFY_PATH && !path.startsWith(STATUS_PREFIX)) return false;
    try {
      if (path === '/payments/start') await start(req, res);
      else if (path === NOTIFY_PATH) await notify(req, res);
      else status(req, res, path.slice(STATUS_PREFIX.length));
    } catch (error) {
      if (error instanceof HttpError) {
        const headers: Record<string, string> =
          error.status === 401 ? { 'Set-Cookie': clearSessionCookie(config.siteUrl) } : {};
        if (error.status === 405) headers['Allow'] = path.startsWith(STATUS_PREFIX) ? 'GET, HEAD' : 'POST';
        sendJson(res, error.status, { message: error.message }, headers);
      } else {
        log(
          `Payment route ${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        // A notification answered 500 is sent again by the provider; the shopper sees a clear message.
        sendJson(res, path === NOTIFY_PATH ? 500 : 502, {
          message: path === NOTIFY_PATH ? 'Please try again.' : strings.checkout.startFailed,
        });
      }
    }
    return true;
  };
}
