/**
 * The storefront's sign-in throttle, in front of Magento's own per-account lock (six failures lock an
 * account for 30 minutes, whoever made them: Magento_Integration's RequestThrottler). It slows a guessing
 * client long before that:
 * - per client address (behind trusted proxies, src/http/client-address.ts): 10 failed sign-ins in
 *   15 minutes, whatever the accounts, which stops a client spraying one password over many accounts;
 * - per account, from browsers that have not signed in to it before: 5 failures in 15 minutes.
 * A browser that signed in to an account carries a "known browser" cookie for it (an HMAC of the e-mail
 * address under this process's key, sent only to `/session`) and is exempt from the per-account count,
 * so guessing at a customer's address from elsewhere cannot lock them out of the browsers they use.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { FailureCounter, privateCookie, tooManyAttempts, type FailureLimit } from '../../http/index.ts';

export interface SignInLimits {
  readonly perClient: FailureLimit;
  readonly perAccount: FailureLimit;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perClient: { failures: 10, windowSeconds: 15 * 60 },
  perAccount: { failures: 5, windowSeconds: 15 * 60 },
};

const KNOWN_COOKIE = 'shop_known';
const YEAR_SECONDS = 365 * 24 * 3600;

const accountOf = (email: string): string => email.trim().toLowerCase();

export class SignInThrottle {
  readonly #perClient: FailureCounter;
  readonly #perAccount: FailureCounter;
  readonly #key: Buffer;
  readonly #siteUrl: string;

  constructor(siteUrl: string, limits: SignInLimits = SIGN_IN_LIMITS) {
    this.#perClient = new FailureCounter(limits.perClient);
    this.#perAccount = new FailureCounter(limits.perAccount);
    this.#key = randomBytes(32);
    this.#siteUrl = siteUrl;
  }

  #mark(email: string): Buffer {
    return createHmac('sha256', this.#key).update(accountOf(email)).digest();
  }

  /** Whether this browser signed in to the account before (its cookie carries the account's mark). */
  isKnownBrowser(c: Context, email: string): boolean {
    const given = Buffer.from(getCookie(c, KNOWN_COOKIE) ?? '', 'base64url');
    const expected = this.#mark(email);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** 429 with the wait when this client, or this account from an unknown browser, must hold off. */
  async check(client: string, email: string, knownBrowser: boolean): Promise<void> {
    const clientWait = await this.#perClient.waitFor(client);
    if (clientWait > 0) throw tooManyAttempts('Too many sign-in attempts from your network.', clientWait);
    const accountWait = knownBrowser ? 0 : await this.#perAccount.waitFor(accountOf(email));
    if (accountWait > 0) throw tooManyAttempts('Too many failed sign-ins for this account.', accountWait);
  }

  async failed(client: string, email: string, knownBrowser: boolean): Promise<void> {
    await this.#perClient.failed(client);
    if (!knownBrowser) await this.#perAccount.failed(accountOf(email));
  }

  /** `Set-Cookie` that marks this browser as known for the account it just signed in to. */
  knownBrowserCookie(email: string): string {
    return privateCookie(KNOWN_COOKIE, this.#mark(email).toString('base64url'), {
      path: '/session',
      maxAgeSeconds: YEAR_SECONDS,
      siteUrl: this.#siteUrl,
    });
  }
}
