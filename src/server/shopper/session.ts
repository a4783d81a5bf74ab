/**
 * Sign-in and sign-out (DESIGN.md §3), `POST` and `DELETE /session`: the storefront server exchanges
 * e-mail and password for a Magento customer token and keeps it in the session cookie
 * (src/http/session-cookie.ts); page scripts never see it. On sign-in a guest cart is merged into the
 * customer's (Magento 2.4's assign-and-merge), and the guest's wish list (skus kept in the browser) into
 * the customer's list in Magento, and the guest's machines into the customer's (`my_machines`); no merge
 * failing ever fails the sign-in. Failed sign-ins are throttled per client and per account
 * (sign-in-throttle.ts) before Magento's own lock is reached. Sign-out revokes the customer's tokens in Magento before it
 * drops the cookie, so a copy of the token stops working everywhere at once.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isMaskedCartId } from '../../magento/wire/shopper-cart.ts';
import { customerSchema } from '../../magento/wire/customer.ts';
import {
  clientAddress,
  customerSession,
  endSession,
  trustedProxies,
  type TrustedProxies,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  sessionCookie,
} from '../../http/index.ts';
import { magentoFetch, MagentoApiError, type MagentoClientConfig } from '../../magento/client.ts';
import { customerToken } from '../../features/account/index.server.ts';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { isSku, MAX_WISHLIST } from '../../features/wishlist/index.ts';
import type { VariantChoice } from '../../features/product-data/index.ts';
import { addToWishlist } from '../../features/wishlist/index.server.ts';
import { isMachineName, MAX_MACHINE_NAME, MAX_MACHINES } from '../../features/my-machines/index.ts';
import { carryOverMachines, type MachinesDeps } from '../../features/my-machines/index.server.ts';
import { processLock, type TryLock } from '../../store/locks.ts';
import { variantBody } from './wishlist.ts';
import { strings } from '../../strings.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { SignInThrottle, type SignInLimits } from './sign-in-throttle.ts';

export interface SessionConfig {
  /** Magento's base URL, without any token: customer calls carry the customer's own. */
  readonly magento: MagentoClientConfig;
  /** Magento's GraphQL, for the wish list's merge; by default at the same base URL, bounded to a few seconds. */
  readonly wishlist?: MagentoGraphqlConfig;
  readonly siteUrl: string;
  /** Seconds; Magento's customer tokens live 1 hour by default. */
  readonly tokenLifetime: number;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES); by default none. */
  readonly trustedProxies?: TrustedProxies;
  /** Failed sign-ins allowed per client and per account (SIGN_IN_LIMITS by default). */
  readonly signInLimits?: SignInLimits;
  /** Where failed sign-ins are counted for every replica (and the key is kept if SIGN_IN_KEY is unset). */
  readonly store?: SharedStore | undefined;
  /** SIGN_IN_KEY and SIGN_IN_KEY_PREVIOUS: the known-browser cookie's key, and the one it replaces. */
  readonly signInKey?: string | undefined;
  readonly signInKeyPrevious?: string | undefined;
  /** The throttle to count with, when other routes count with it too (the account's deletion does). */
  readonly throttle?: SignInThrottle;
  /** The lock a customer's machines are changed under, shared with the My machines routes (this process's by default). */
  readonly lock?: TryLock;
  readonly log?: (message: string) => void;
}

const signInBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  guestCode: z.string().optional(),
  /** The guest's wish list: skus to add to the customer's. */
  wishlist: z.array(z.string().refine(isSku)).max(MAX_WISHLIST).optional(),
  /** The configurable children among `wishlist`, with their parents and options (as POST /wishlist/items). */
  wishlistVariants: z.array(variantBody).max(MAX_WISHLIST).optional(),
  /** The guest's machines (model names), to keep with the customer's; names not of the shape are left out. */
  machines: z.array(z.string().max(MAX_MACHINE_NAME)).max(MAX_MACHINES).optional(),
});

/** The customer's token, or 401 with the spec's message for a wrong e-mail or password. */
async function customerTokenFor(config: SessionConfig, email: string, password: string): Promise<string> {
  const token = await customerToken(config.magento, email, password);
  if (token === undefined) throw new HttpError(401, strings.account.signInFailed);
  return token;
}

/**
 * Assigns the guest's cart to the customer (Magento 2.4 merges the customer's current cart into it);
 * answers whether a cart was merged. A code that is not a masked cart id is never sent; one Magento does
 * not know (404), a cart it refuses to assign (already a customer's, another store) or any other failure
 * merges nothing and is logged: none is worth failing the sign-in for.
 */
async function mergeGuestCart(
  config: SessionConfig,
  token: string,
  guestCode: string,
  log: (message: string) => void,
): Promise<boolean> {
  if (!isMaskedCartId(guestCode)) return false;
  try {
    const customer = await magentoFetch(config.magento, {
      path: '/customers/me',
      schema: customerSchema,
      token,
    });
    // Magento answers `true` once the cart is the customer's (CONTRACT.md §1.4).
    return await magentoFetch(config.magento, {
      method: 'PUT',
      path: `/guest-carts/${guestCode}`,
      body: { customerId: customer.id, storeId: customer.store_id ?? 1 },
      schema: z.boolean(),
      token,
    });
  } catch (error) {
    log(`Guest cart not merged on sign-in: ${errorMessage(error)}`);
    return false;
  }
}

/**
 * Ends the session's token in Magento (`revoke-customer-token`, as the customer). A token Magento no longer
 * accepts (401) is already over; anything else is logged, and the cookie goes all the same.
 */
async function revokeToken(config: SessionConfig, token: string | undefined): Promise<void> {
  if (!token) return;
  try {
    await magentoFetch(config.magento, {
      method: 'POST',
      path: '/integration/customer/revoke-customer-token',
      schema: z.literal(true),
      token,
    });
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401) return;
    config.log?.(`Sign-out could not revoke the customer's token in Magento: ${errorMessage(error)}`);
  }
}

/**
 * Adds the guest's skus the customer's list does not hold yet; answers how many were added, or undefined
 * when the merge failed (the browser then keeps the guest's list for the next sign-in).
 */
async function mergeGuestWishlist(
  config: SessionConfig,
  token: string,
  skus: readonly string[],
  variants: ReadonlyMap<string, VariantChoice>,
  log: (message: string) => void,
): Promise<number | undefined> {
  const wishlist = config.wishlist ?? { baseUrl: config.magento.baseUrl, timeoutMs: 5_000, attempts: 1 };
  try {
    const { done, failed } = await addToWishlist(wishlist, token, skus, variants);
    if (failed.length > 0) log(`Guest wish list: ${failed.length} products not added on sign-in`);
    return done.length;
  } catch (error) {
    log(`Guest wish list not merged on sign-in: ${errorMessage(error)}`);
    return undefined;
  }
}

/**
 * Keeps the guest's machines with the customer's (those not kept yet, as many as there is room for); answers
 * the customer's machines, or undefined when the carry-over failed (the browser then keeps the guest's).
 */
async function carryOverGuestMachines(
  machines: MachinesDeps,
  token: string,
  names: readonly string[],
  log: (message: string) => void,
): Promise<string[] | undefined> {
  try {
    return await carryOverMachines(machines, token, names.filter(isMachineName));
  } catch (error) {
    log(`Guest machines not carried over on sign-in: ${errorMessage(error)}`);
    return undefined;
  }
}

/** The sign-in throttle of these settings (limits, shared store, keys). */
export const signInThrottleFor = (config: Omit<SessionConfig, 'magento' | 'tokenLifetime'>): SignInThrottle =>
  new SignInThrottle(config.siteUrl, {
    limits: config.signInLimits,
    store: config.store,
    key: config.signInKey,
    previousKey: config.signInKeyPrevious,
    log: config.log,
  });

export function createSessionRoutes(config: SessionConfig): Hono {
  const log = config.log ?? (() => undefined);
  const throttle = config.throttle ?? signInThrottleFor(config);
  const trusted = config.trustedProxies ?? trustedProxies([]);
  const machinesDeps: MachinesDeps = { magento: config.magento, lock: config.lock ?? processLock() };
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Sign-in failed: ${errorMessage(error)}`);
      return new HttpError(502, 'The shop cannot sign you in right now. Please try again in a moment.');
    }),
  );
  routes.post(
    '/session',
    sameOrigin(config.siteUrl),
    // Room for the guest's wish list: 100 skus of up to 64 characters.
    limitBody(16 * 1024),
    jsonOnly,
    jsonBody(signInBody, 'Enter your e-mail address and password.'),
    async (c) => {
      const { email, password, guestCode, wishlist, wishlistVariants = [], machines } = c.req.valid('json');
      const variants = new Map(wishlistVariants.map(({ sku, ...choice }) => [sku, choice]));
      const client = clientAddress(c, trusted);
      const known = await throttle.isKnownBrowser(c, email);
      await throttle.check(client, email, known);
      let token: string;
      try {
        token = await customerTokenFor(config, email, password);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) await throttle.failed(client, email, known);
        throw error;
      }
      const merged = guestCode ? await mergeGuestCart(config, token, guestCode, log) : false;
      const wishlistAdded = wishlist?.length
        ? await mergeGuestWishlist(config, token, wishlist, variants, log)
        : undefined;
      const kept = machines?.length
        ? await carryOverGuestMachines(machinesDeps, token, machines, log)
        : undefined;
      const reply = jsonReply(
        200,
        {
          signedIn: true,
          merged,
          ...(wishlistAdded === undefined ? {} : { wishlistAdded }),
          ...(kept === undefined ? {} : { machines: kept }),
        },
        { 'Set-Cookie': sessionCookie(token, config.tokenLifetime, config.siteUrl) },
      );
      const knownCookie = await throttle.knownBrowserCookie(email);
      if (knownCookie) reply.headers.append('Set-Cookie', knownCookie);
      return reply;
    },
  );
  // Signing out answers no-store, as signing in does: nothing private in either.
  const session = customerSession({ siteUrl: config.siteUrl, privateAnswers: false });
  routes.delete('/session', sameOrigin(config.siteUrl), session, async (c) => {
    await revokeToken(config, c.var.customerToken);
    endSession(c);
    return jsonReply(204, undefined);
  });
  routes.all('/session', methodNotAllowed());
  return routes;
}
