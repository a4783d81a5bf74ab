/**
 * Sign-in and sign-out (DESIGN.md §3): the storefront server exchanges e-mail and password for a Magento
 * customer token and keeps it in an HttpOnly, SameSite=Lax cookie (Secure over https); page scripts never
 * see it. On sign-in a guest cart is merged into the customer's (Magento 2.4's assign-and-merge).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { magentoFetch, MagentoApiError, type MagentoClientConfig } from '../../magento/client.ts';
import { strings } from '../../strings.ts';
import type { RouteHandler } from '../http.ts';
import { HttpError, isSameOrigin, parseCookies, readJson, sendJson, serializeCookie } from './http-json.ts';

export const SESSION_COOKIE = 'shop_session';
const GUEST_CART_ID = /^[A-Za-z0-9]{32}$/;

export interface SessionConfig {
  /** Magento's base URL, without any token: customer calls carry the customer's own. */
  readonly magento: MagentoClientConfig;
  readonly siteUrl: string;
  /** Seconds; Magento's customer tokens live 1 hour by default. */
  readonly tokenLifetime: number;
  readonly log?: (message: string) => void;
}

const signInBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  guestCode: z.string().optional(),
});

const me = z
  .object({ id: z.number(), store_id: z.number().optional(), firstname: z.string().nullable().optional() })
  .loose();

export const customerToken = (req: IncomingMessage): string | undefined =>
  parseCookies(req.headers.cookie).get(SESSION_COOKIE);

export const clearSessionCookie = (siteUrl: string): string =>
  serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: siteUrl.startsWith('https:') });

async function mergeGuestCart(config: SessionConfig, token: string, guestCode: string): Promise<void> {
  if (!GUEST_CART_ID.test(guestCode)) return;
  const customer = await magentoFetch(config.magento, { path: '/customers/me', schema: me, token });
  await magentoFetch(config.magento, {
    method: 'PUT',
    path: `/guest-carts/${guestCode}`,
    body: { customerId: customer.id, storeId: customer.store_id ?? 1 },
    schema: z.unknown(),
    token,
  });
}

export function createSessionRoute(config: SessionConfig): RouteHandler {
  const secure = config.siteUrl.startsWith('https:');
  const log = config.log ?? (() => undefined);

  async function signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = signInBody.safeParse(await readJson(req, 8 * 1024));
    if (!parsed.success) throw new HttpError(400, 'Enter your e-mail address and password.');
    const { email, password, guestCode } = parsed.data;
    let token: string;
    try {
      token = await magentoFetch(config.magento, {
        method: 'POST',
        path: '/integration/customer/token',
        body: { username: email, password },
        schema: z.string().min(1),
      });
    } catch (error) {
      if (error instanceof MagentoApiError && (error.status === 401 || error.status === 400)) {
        throw new HttpError(401, strings.account.signInFailed);
      }
      throw error;
    }
    let merged = false;
    if (guestCode) {
      try {
        await mergeGuestCart(config, token, guestCode);
        merged = true;
      } catch (error) {
        // A guest cart that is gone or already assigned is not worth failing the sign-in for.
        log(`Guest cart not merged on sign-in: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    sendJson(
      res,
      200,
      { signedIn: true, merged },
      {
        'Set-Cookie': serializeCookie(SESSION_COOKIE, token, { maxAgeSeconds: config.tokenLifetime, secure }),
      },
    );
  }

  return async (req, res, url) => {
    if (url.pathname !== '/session') return false;
    try {
      if (req.method !== 'POST' && req.method !== 'DELETE') throw new HttpError(405, 'Method not allowed.');
      if (!isSameOrigin(req, config.siteUrl))
        throw new HttpError(403, 'Cross-site requests are not allowed.');
      if (req.method === 'POST') await signIn(req, res);
      else sendJson(res, 204, undefined, { 'Set-Cookie': clearSessionCookie(config.siteUrl) });
    } catch (error) {
      if (error instanceof HttpError) sendJson(res, error.status, { message: error.message });
      else {
        log(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
        sendJson(res, 502, {
          message: 'The shop cannot sign you in right now. Please try again in a moment.',
        });
      }
    }
    return true;
  };
}
