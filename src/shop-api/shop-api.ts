/**
 * The islands' one seam to the storefront server (same origin only): `/session` and the `/rest/...`
 * proxy. Every answer is status-checked and read with its reader (a zod schema, or a hand-written check
 * where the page must stay light: parse/reader.ts); failures become ShopApiError carrying a
 * message fit for the shopper (Magento's own where it is meant for shoppers).
 *
 * The client is made by `createShopApi(fetch, origin)`: the pages use the browser's `fetch` on their own
 * origin; tests give the stores a client whose `fetch` reaches a storefront server on a port, with a
 * cookie jar (`useShopApi`), so the cart and checkout state is tested against the real server and back end.
 */
import { magentoErrorBody, renderMagentoMessage } from '../magento/wire/error.ts';
import type { Reader } from '../parse/reader.ts';

export class ShopApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ShopApiError';
    this.status = status;
  }
}

export const UNAVAILABLE = 'The shop is temporarily unavailable. Please check your connection and try again.';

export interface ShopCall<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly schema: Reader<T>;
}

export interface ShopApi {
  /** One call to the storefront server: the answer read with `schema`, or a ShopApiError. */
  call<T>(path: string, options: ShopCall<T>): Promise<T>;
}

/** A client over `doFetch`; paths are resolved against `origin` ('' in the browser: the page's own). */
export function createShopApi(doFetch: typeof fetch, origin = ''): ShopApi {
  return {
    async call<T>(path: string, options: ShopCall<T>): Promise<T> {
      let response: Response;
      try {
        response = await doFetch(`${origin}${path}`, {
          method: options.method ?? 'GET',
          credentials: 'same-origin',
          headers: {
            Accept: 'application/json',
            ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
      } catch {
        throw new ShopApiError(0, UNAVAILABLE);
      }
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new ShopApiError(response.status || 502, UNAVAILABLE);
      }
      if (!response.ok) {
        const error = magentoErrorBody.safeParse(json);
        throw new ShopApiError(
          response.status,
          error.success ? renderMagentoMessage(error.data) : UNAVAILABLE,
        );
      }
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) throw new ShopApiError(502, UNAVAILABLE);
      return parsed.data;
    },
  };
}

// The global `fetch` is looked up at call time, so a page's own (or a test's stub of it) is the one used.
let current: ShopApi = createShopApi((input, init) => fetch(input, init));

/** The stores' calls go to `api` from now on; answers a function that puts the previous client back. */
export function useShopApi(api: ShopApi): () => void {
  const previous = current;
  current = api;
  return () => {
    current = previous;
  };
}

export const shopFetch = <T>(path: string, options: ShopCall<T>): Promise<T> => current.call(path, options);
