/**
 * The islands' one seam to the storefront server (same origin only): `/session` and the `/rest/...`
 * proxy. Every answer is status-checked and read with its reader (a zod schema, or a hand-written check
 * where the page must stay light: parse/reader.ts); failures become ShopApiError carrying a
 * message fit for the shopper (Magento's own where it is meant for shoppers).
 *
 * A form with files goes as multipart (`body: FormData`), a file the server makes comes back as a Blob
 * (`file`), and a refusal keeps its whole body (`ShopApiError.answer`) for the feature that reads more of it
 * than its message (problems by field, the next free day).
 *
 * The client is made by `createShopApi(fetch, origin)`: the pages use the browser's `fetch` on their own
 * origin; tests give the stores a client whose `fetch` reaches a storefront server on a port, with a
 * cookie jar (`useShopApi`), so the cart and checkout state is tested against the real server and back end.
 */
import { magentoErrorBody, renderMagentoMessage } from '../magento/wire/error.ts';
import type { Reader } from '@cleaning-shop/kit/reader.ts';

export class ShopApiError extends Error {
  readonly status: number;
  /** The refusal's body as the server sent it; undefined when there was none, or it was not JSON. */
  readonly answer: unknown;
  constructor(status: number, message: string, answer?: unknown) {
    super(message);
    this.name = 'ShopApiError';
    this.status = status;
    this.answer = answer;
  }
}

export const UNAVAILABLE = 'The shop is temporarily unavailable. Please check your connection and try again.';

export interface ShopRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a FormData goes as multipart, with its files. */
  readonly body?: unknown;
  /** The call's own headers besides Accept and Content-Type (a booking's token). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ShopCall<T> extends ShopRequest {
  readonly schema: Reader<T>;
}

export interface ShopApi {
  /** One call to the storefront server: the answer read with `schema`, or a ShopApiError. */
  call<T>(path: string, options: ShopCall<T>): Promise<T>;
  /** A file the server makes (`accept`: its type, such as a PDF), or a ShopApiError as `call` throws. */
  file(path: string, options: ShopRequest & { readonly accept: string }): Promise<Blob>;
}

const readJson = (text: string): unknown => (text === '' ? undefined : JSON.parse(text));

/** The error a refused answer becomes: Magento's message, or "temporarily unavailable" when it has none. */
function refusal(status: number, text: string): ShopApiError {
  let json: unknown;
  try {
    json = readJson(text);
  } catch {
    return new ShopApiError(status || 502, UNAVAILABLE);
  }
  const error = magentoErrorBody.safeParse(json);
  return new ShopApiError(status, error.success ? renderMagentoMessage(error.data) : UNAVAILABLE, json);
}

/** A client over `doFetch`; paths are resolved against `origin` ('' in the browser: the page's own). */
export function createShopApi(doFetch: typeof fetch, origin = ''): ShopApi {
  /** The answer, once it is known to be a success; a ShopApiError otherwise. */
  async function send(path: string, request: ShopRequest, accept: string): Promise<Response> {
    const { body } = request;
    const form = body instanceof FormData;
    let response: Response;
    try {
      response = await doFetch(`${origin}${path}`, {
        method: request.method ?? 'GET',
        credentials: 'same-origin',
        headers: {
          Accept: accept,
          ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
      });
    } catch {
      throw new ShopApiError(0, UNAVAILABLE);
    }
    if (!response.ok) throw refusal(response.status, await response.text().catch(() => ''));
    return response;
  }
  return {
    async call<T>(path: string, options: ShopCall<T>): Promise<T> {
      const response = await send(path, options, 'application/json');
      let json: unknown;
      try {
        json = readJson(await response.text());
      } catch {
        throw new ShopApiError(response.status || 502, UNAVAILABLE);
      }
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) throw new ShopApiError(502, UNAVAILABLE);
      return parsed.data;
    },
    async file(path, options) {
      const response = await send(path, options, `${options.accept}, application/json`);
      try {
        return await response.blob();
      } catch {
        throw new ShopApiError(0, UNAVAILABLE);
      }
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
export const shopFile = (path: string, options: ShopRequest & { readonly accept: string }): Promise<Blob> =>
  current.file(path, options);
