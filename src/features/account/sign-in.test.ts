/**
 * The session's hooks (session.ts) as sign-in.ts and sign-out.ts run them: each step for every feature in
 * the order they were registered, the carried fields in the request in that order, the refresh last and
 * all at once; and the session's end, signed out or expired. The server is a stand-in answering as
 * `/session` does; each test loads the modules afresh.
 */
import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopApi, ShopCall } from '../../shop-api/shop-api.ts';
import type { SessionEndHooks, SignInHooks } from './session.ts';

let steps: string[];
let sent: unknown[];

const fakeServer: ShopApi = {
  call<T>(path: string, options: ShopCall<T>): Promise<T> {
    steps.push(`${options.method ?? 'GET'} ${path}`);
    sent.push(options.body);
    const read = options.schema.safeParse({ signedIn: true, wishlistAdded: 2 });
    return read.success ? Promise.resolve(read.data) : Promise.reject(new Error('unreadable'));
  },
  file: () => Promise.reject(new Error('no files here')),
};

/** A feature's hooks that say what they were asked, in `steps`. */
const feature = (name: string, carried: Record<string, unknown>): SignInHooks => ({
  carry: () => (steps.push(`${name} carry`), carried),
  taken: (reply) => void steps.push(`${name} taken ${String(reply['wishlistAdded'])}`),
  follow: async () => void steps.push(`${name} follow`),
  refresh: async () => void steps.push(`${name} refresh`),
});

async function load() {
  const session = await import('./session.ts');
  const { signIn } = await import('./sign-in.ts');
  const { signOut } = await import('./sign-out.ts');
  const { useShopApi } = await import('../../shop-api/shop-api.ts');
  useShopApi(fakeServer);
  return { ...session, signIn, signOut };
}

beforeEach(() => {
  vi.resetModules();
  steps = [];
  sent = [];
  setPersistentEngine({}, { addEventListener: () => undefined, removeEventListener: () => undefined });
});

describe('the session hooks', () => {
  it('runs every step of signing in for each feature in their order, and answers the merged count', async () => {
    const { onSignIn, signIn, $signedIn } = await load();
    onSignIn([
      feature('trade', {}),
      feature('cart', { guestCode: 'g' }),
      feature('wishlist', { wishlist: [] }),
    ]);
    expect(await signIn('a@b.cd', 'secret')).toEqual({ wishlistAdded: 2 });
    expect($signedIn.get()).toBe(true);
    expect(steps).toEqual([
      'trade carry',
      'cart carry',
      'wishlist carry',
      'POST /session',
      'trade taken 2',
      'cart taken 2',
      'wishlist taken 2',
      'trade follow',
      'cart follow',
      'wishlist follow',
      'trade refresh',
      'cart refresh',
      'wishlist refresh',
    ]);
    expect(JSON.stringify(sent[0])).toBe(
      '{"email":"a@b.cd","password":"secret","guestCode":"g","wishlist":[]}',
    );
  });

  it('ends the session for each feature in order: all of it signed out, only what expires on a 401', async () => {
    const { onSessionEnd, signOut, sessionExpired, $login } = await load();
    const ends = (name: string): SessionEndHooks => ({
      signedOut: () => void steps.push(`${name} signed out`),
      ...(name === 'trade' ? { expired: () => void steps.push(`${name} expired`) } : {}),
    });
    onSessionEnd([ends('trade'), ends('cart')]);
    $login.set('true');
    sessionExpired();
    expect($login.get()).toBe('');
    $login.set('true');
    await signOut();
    expect($login.get()).toBe('');
    expect(steps).toEqual(['trade expired', 'DELETE /session', 'trade signed out', 'cart signed out']);
  });
});
