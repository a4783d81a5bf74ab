/**
 * The one seam to Magento's REST API: `magentoFetch` sends a request, retries what is worth retrying
 * (network errors, 429 and 5xx on idempotent calls) with backoff, and parses the answer with the caller's
 * zod schema, so bad data fails here with the field named. Magento's error bodies become MagentoApiError.
 */
import { z } from 'zod';
import { oauthAuthorization, type OAuthCredentials } from './oauth.ts';
import { magentoErrorBody, renderMagentoMessage } from './wire/error.ts';

export { magentoErrorBody, renderMagentoMessage };
export type { OAuthCredentials };

export interface MagentoClientConfig {
  /** Base URL without `/rest`, e.g. `https://magento.example.com` or `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  /** Bearer token (integration, admin or customer); never sent to a browser. */
  readonly token?: string | undefined;
  /**
   * The integration's OAuth 1.0a credentials. When set, every call without a `request.token` of its own is
   * signed with them (HMAC-SHA256) and `token` is not sent: Magento 2.4.4+ refuses an integration's access
   * token used as a bearer token unless its admin allows it.
   */
  readonly oauth?: OAuthCredentials | undefined;
  /** Store code segment: `default`, `all`, or undefined for `/rest/V1`. */
  readonly storeCode?: string | undefined;
  readonly timeoutMs?: number;
  /** Attempts for idempotent calls, including the first. */
  readonly attempts?: number;
  readonly fetch?: typeof fetch;
}

/** Magento as the integration: with its bearer token, or signing with its OAuth 1.0a credentials. */
export type IntegrationConfig = MagentoClientConfig &
  ({ readonly token: string } | { readonly oauth: OAuthCredentials });

/** The same Magento for a shopper: their own token, or none for a guest; never the integration's credentials. */
export const asShopper = (config: MagentoClientConfig, token: string | undefined): MagentoClientConfig => ({
  ...config,
  token,
  oauth: undefined,
});

export class MagentoApiError extends Error {
  readonly status: number;
  readonly url: string;
  /** Magento's message with its parameters substituted, when the body was Magento's. */
  readonly magentoMessage: string | undefined;

  constructor(
    message: string,
    options: { status: number; url: string; magentoMessage?: string | undefined; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'MagentoApiError';
    this.status = options.status;
    this.url = options.url;
    this.magentoMessage = options.magentoMessage;
  }
}

export interface MagentoRequest<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path after `/V1`, e.g. `/products?searchCriteria[pageSize]=1`. */
  readonly path: string;
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  /** Overrides the configured credentials (e.g. a customer's token): sent as a bearer token, never signed. */
  readonly token?: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Redacts a URL for messages: the host and path, never a query holding secrets. */
const describe = (url: string) => url.split('?')[0] ?? url;

/**
 * To PHP a `+` in a query is a space, but Magento's signature check reads the query with rawurldecode,
 * where it stays a `+` (`Framework\Oauth\Helper\Request::_extractQueryStringParams()`): `%20` means the
 * same to Magento and signs the same on both sides.
 */
const plusAsSpace = (url: string): string => {
  const start = url.indexOf('?');
  return start === -1 ? url : url.slice(0, start) + url.slice(start).replace(/\+/g, '%20');
};

/** The `Authorization` header of one attempt: a retry is signed afresh (a new nonce and timestamp). */
function authorization(
  config: MagentoClientConfig,
  request: { method: string; url: string; token: string | undefined },
): string | undefined {
  if (request.token) return `Bearer ${request.token}`;
  if (config.oauth) return oauthAuthorization({ ...request, credentials: config.oauth });
  return config.token ? `Bearer ${config.token}` : undefined;
}

export async function magentoFetch<T>(config: MagentoClientConfig, request: MagentoRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const segment = config.storeCode ? `/${config.storeCode}` : '';
  const signed = !request.token && config.oauth !== undefined;
  const address = `${config.baseUrl.replace(/\/+$/, '')}/rest${segment}/V1${request.path}`;
  const url = signed ? plusAsSpace(address) : address;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const attempts = method === 'GET' ? (config.attempts ?? 4) : 1;
  const doFetch = config.fetch ?? fetch;

  for (let attempt = 1; ; attempt++) {
    let response: Response;
    const authorizationHeader = authorization(config, { method, url, token: request.token });
    try {
      response = await doFetch(url, {
        method,
        headers: authorizationHeader ? { ...headers, Authorization: authorizationHeader } : headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
    } catch (error) {
      if (attempt < attempts) {
        await sleep(200 * 2 ** attempt);
        continue;
      }
      throw new MagentoApiError(
        `Magento is unreachable at ${describe(url)}: ${error instanceof Error ? error.message : String(error)}`,
        {
          status: 0,
          url: describe(url),
          cause: error,
        },
      );
    }
    const text = await response.text();
    if (!response.ok) {
      if ((response.status === 429 || response.status >= 500) && attempt < attempts) {
        await sleep(200 * 2 ** attempt);
        continue;
      }
      let magentoMessage: string | undefined;
      try {
        const parsed = magentoErrorBody.safeParse(JSON.parse(text));
        if (parsed.success) magentoMessage = renderMagentoMessage(parsed.data);
      } catch {
        // not JSON: keep the status alone
      }
      throw new MagentoApiError(
        `Magento answered ${response.status} to ${method} ${describe(url)}${magentoMessage ? `: ${magentoMessage}` : ''}`,
        {
          status: response.status,
          url: describe(url),
          magentoMessage,
        },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new MagentoApiError(`Magento sent something that is not JSON for ${method} ${describe(url)}`, {
        status: response.status,
        url: describe(url),
        cause: error,
      });
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new MagentoApiError(
        `Unexpected answer from ${method} ${describe(url)}: ${z.prettifyError(parsed.error)}`,
        {
          status: response.status,
          url: describe(url),
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }
}

type SortOrder = { field: string; direction: 'ASC' | 'DESC' };

/** `searchCriteria` query string for filters (one per group, so AND-ed), paging and sorting (by each in turn). */
export function searchCriteria(options: {
  filters?: readonly { field: string; value: string; conditionType?: string }[];
  pageSize?: number;
  currentPage?: number;
  sort?: SortOrder | readonly SortOrder[];
}): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number) =>
    parts.push(`searchCriteria${key}=${encodeURIComponent(String(value))}`);
  (options.filters ?? []).forEach((filter, index) => {
    add(`[filterGroups][${index}][filters][0][field]`, filter.field);
    add(`[filterGroups][${index}][filters][0][value]`, filter.value);
    add(`[filterGroups][${index}][filters][0][conditionType]`, filter.conditionType ?? 'eq');
  });
  const sorts: readonly SortOrder[] = options.sort
    ? 'field' in options.sort
      ? [options.sort]
      : options.sort
    : [];
  sorts.forEach((sort, index) => {
    add(`[sortOrders][${index}][field]`, sort.field);
    add(`[sortOrders][${index}][direction]`, sort.direction);
  });
  if (options.pageSize !== undefined) add('[pageSize]', options.pageSize);
  if (options.currentPage !== undefined) add('[currentPage]', options.currentPage);
  return parts.length ? parts.join('&') : 'searchCriteria=';
}
