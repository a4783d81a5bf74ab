/**
 * The storefront's sign-in throttle, in front of Magento's own per-account lock (six failures lock an
 * account for 30 minutes, whoever made them: Magento_Integration's RequestThrottler). It slows a guessing
 * client long before that:
 * - per client address (behind trusted proxies, src/http/client-address.ts): 10 failed sign-ins in
 *   15 minutes, whatever the accounts, which stops a client spraying one password over many accounts;
 * - per account, from browsers that have not signed in to it before: 5 failures in 15 minutes.
 * Counts are kept in the shared store, so they hold across replicas and restarts (src/http/throttle.ts);
 * an account is counted under an HMAC of its e-mail address, never the address itself.
 *
 * A browser that signed in to an account carries a "known browser" cookie for it (an HMAC of the e-mail
 * address, sent only to `/session`) and is exempt from the per-account count, so guessing at a customer's
 * address from elsewhere cannot lock them out of the browsers they use. The key is SIGN_IN_KEY, else one
 * made once in the shared store, so a cookie made by one replica holds on every other and after restarts;
 * SIGN_IN_KEY_PREVIOUS is still accepted while the key is rotated.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  errorMessage,
  FailureCounter,
  privateCookie,
  tooManyAttempts,
  type FailureLimit,
} from '../../http/index.ts';
import { sharedSecret } from '../../store/secrets.ts';
import type { SharedStore } from '../../store/shared-store.ts';

export interface SignInLimits {
  readonly perClient: FailureLimit;
  readonly perAccount: FailureLimit;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perClient: { failures: 10, windowSeconds: 15 * 60 },
  perAccount: { failures: 5, windowSeconds: 15 * 60 },
};

export interface SignInThrottleOptions {
  readonly limits?: SignInLimits | undefined;
  /** Where counts, and the key when SIGN_IN_KEY is unset, are kept for every replica. */
  readonly store?: SharedStore | undefined;
  /** SIGN_IN_KEY: signs new cookies. */
  readonly key?: string | undefined;
  /** SIGN_IN_KEY_PREVIOUS: cookies it signed are still accepted. */
  readonly previousKey?: string | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

const KNOWN_COOKIE = 'shop_known';
const YEAR_SECONDS = 365 * 24 * 3600;
const STORED_KEY = 'sign-in-key';

const accountOf = (email: string): string => email.trim().toLowerCase();

/** The known-browser mark and the account's counting key are HMACs of differently labelled text. */
const hmac = (key: string, text: string): Buffer => createHmac('sha256', key).update(text).digest();
const markOf = (key: string, email: string): Buffer => hmac(key, `known-browser:${accountOf(email)}`);

export class SignInThrottle {
  readonly #perClient: FailureCounter;
  readonly #perAccount: FailureCounter;
  readonly #siteUrl: string;
  readonly #options: SignInThrottleOptions;
  #keys: Promise<readonly string[]> | undefined;

  constructor(siteUrl: string, options: SignInThrottleOptions = {}) {
    const { limits = SIGN_IN_LIMITS, store } = options;
    this.#perClient = new FailureCounter(limits.perClient, { name: 'sign-in-client', store });
    this.#perAccount = new FailureCounter(limits.perAccount, { name: 'sign-in-account', store });
    this.#siteUrl = siteUrl;
    this.#options = options;
  }

  async #readKeys(): Promise<readonly string[]> {
    const { key, previousKey, store } = this.#options;
    const current =
      key ?? (store ? await sharedSecret(store, STORED_KEY) : randomBytes(32).toString('base64url'));
    return previousKey ? [current, previousKey] : [current];
  }

  /**
   * The keys, newest first. None while the shared store cannot be read: no cookie is checked or made
   * then (the browser counts as unknown, sign-in still works), and the next sign-in asks again.
   */
  async #keysNow(): Promise<readonly string[]> {
    this.#keys ??= this.#readKeys();
    try {
      return await this.#keys;
    } catch (error) {
      this.#keys = undefined;
      this.#options.log?.(`Sign-in: the known-browser key could not be read: ${errorMessage(error)}`);
      return [];
    }
  }

  /** The account's key in the counts: an HMAC of the address (a hash while no key can be read). */
  async #accountKey(email: string): Promise<string> {
    const [key] = await this.#keysNow();
    const text = `account:${accountOf(email)}`;
    return (key ? hmac(key, text) : createHash('sha256').update(text).digest()).toString('base64url');
  }

  /** Whether this browser signed in to the account before (its cookie carries the account's mark). */
  async isKnownBrowser(c: Context, email: string): Promise<boolean> {
    const given = Buffer.from(getCookie(c, KNOWN_COOKIE) ?? '', 'base64url');
    return (await this.#keysNow()).some((key) => {
      const expected = markOf(key, email);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  /** 429 with the wait when this client, or this account from an unknown browser, must hold off. */
  async check(client: string, email: string, knownBrowser: boolean): Promise<void> {
    const clientWait = await this.#perClient.waitFor(client);
    if (clientWait > 0) throw tooManyAttempts('Too many sign-in attempts from your network.', clientWait);
    const accountWait = knownBrowser ? 0 : await this.#perAccount.waitFor(await this.#accountKey(email));
    if (accountWait > 0) throw tooManyAttempts('Too many failed sign-ins for this account.', accountWait);
  }

  async failed(client: string, email: string, knownBrowser: boolean): Promise<void> {
    await this.#perClient.failed(client);
    if (!knownBrowser) await this.#perAccount.failed(await this.#accountKey(email));
  }

  /** Failed sign-ins counted against the account in the current window (from unknown browsers). */
  async accountFailures(email: string): Promise<number> {
    return this.#perAccount.count(await this.#accountKey(email));
  }

  /** Forgets the account's count (its holder deleted it); the per-client counts are not theirs alone. */
  async forgetAccount(email: string): Promise<void> {
    await this.#perAccount.forget(await this.#accountKey(email));
  }

  /** `Set-Cookie` that makes this browser forget its known-browser mark (the account is gone). */
  forgetKnownBrowserCookie(): string {
    return privateCookie(KNOWN_COOKIE, '', { path: '/session', maxAgeSeconds: 0, siteUrl: this.#siteUrl });
  }

  /**
   * `Set-Cookie` that marks this browser as known for the account it just signed in to; undefined while
   * no key can be read.
   */
  async knownBrowserCookie(email: string): Promise<string | undefined> {
    const [key] = await this.#keysNow();
    if (!key) return undefined;
    return privateCookie(KNOWN_COOKIE, markOf(key, email).toString('base64url'), {
      path: '/session',
      maxAgeSeconds: YEAR_SECONDS,
      siteUrl: this.#siteUrl,
    });
  }
}
