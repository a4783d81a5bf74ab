/**
 * The islands' one seam to the storefront server (same origin only): `/session` and the `/rest/...`
 * proxy. Every answer is status-checked and read with its reader (a zod schema, or a hand-written check
 * where the page must stay light: magento/wire/reader.ts); failures become ShopApiError carrying a
 * message fit for the shopper (Magento's own where it is meant for shoppers).
 */
import { magentoErrorBody, renderMagentoMessage } from '../magento/wire/error.ts';
import type { Reader } from '../magento/wire/reader.ts';

export class ShopApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ShopApiError';
    this.status = status;
  }
}

export const UNAVAILABLE = 'The shop is temporarily unavailable. Please check your connection and try again.';

export async function shopFetch<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; schema: Reader<T> },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
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
    throw new ShopApiError(response.status, error.success ? renderMagentoMessage(error.data) : UNAVAILABLE);
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ShopApiError(502, UNAVAILABLE);
  return parsed.data;
}
