/**
 * An island's data, loaded once hydrated and again on Retry: `loading`, then `ready` with the value or
 * `failed` with the message the shopper reads. `guard` runs first and names a page to leave for (no
 * session, no cart); the loader may answer `Leave` for the same. With `signIn`, a session the server says
 * is over sends the shopper to sign in instead of failing.
 */
import { useEffect, useState } from 'react';
import { Leave, leftForSignIn, redirectTo } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';

export type LoadState<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

export interface LoadOptions {
  /** A page to leave for before loading, or null to load. */
  guard?: () => string | null;
  /** A 401 means sign in again (customer pages), not a message. */
  signIn?: boolean;
  /** After signing in again, come back to this page (the order pages). */
  comeBack?: boolean;
  /** What a failure says, when the island has its own words (default: `problemText`). */
  describe?: (error: unknown) => string;
}

export function useLoad<T>(
  load: (retry: boolean) => Promise<T | Leave>,
  options: LoadOptions = {},
): { state: LoadState<T>; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });

  async function run(retry: boolean) {
    setState({ status: 'loading' });
    try {
      const value = await load(retry);
      if (value instanceof Leave) redirectTo(value.path);
      else setState({ status: 'ready', value });
    } catch (failure) {
      const back = options.comeBack ? window.location.pathname + window.location.search : undefined;
      if (!(options.signIn && leftForSignIn(failure, back)))
        setState({ status: 'failed', message: (options.describe ?? problemText)(failure) });
    }
  }

  useEffect(() => {
    const away = options.guard?.() ?? null;
    if (away !== null) redirectTo(away);
    else void run(false);
    // Loads once per page; Retry loads again.
  }, []);

  return { state, retry: () => void run(true) };
}
