/**
 * The one seam to Magento's GraphQL API (`POST {base}/graphql`), which the storefront needs for what Magento
 * Open Source keeps behind GraphQL with no REST route: wish lists (contracts/magento-graphql/WISHLIST.md)
 * and reviews (COMMERCE-BASICS §7.1). `magentoGraphql` sends one operation with the customer's token,
 * bounded in time, retries a read that could not reach Magento, and parses `data` with the caller's zod
 * schema. What went wrong comes back as one error type saying which of three things happened:
 * - `unauthorized`: Magento ran the call as a guest (the token is missing, expired or revoked; it never
 *   says which) and answered `graphql-authorization`/`graphql-authentication`, or HTTP 401/403;
 * - `refused`: Magento refused the call itself (`graphql-input` and the like, e.g. "The wishlist was not
 *   found."), with its message;
 * - `unavailable`: Magento could not be reached in time, failed, or answered something this client cannot
 *   read (not JSON, another shape, a query it does not know: a version mismatch).
 * Per-line `user_errors` of a mutation are data, not errors: the caller's schema reads them.
 */
import { z } from 'zod';

export interface MagentoGraphqlConfig {
  /** Magento's base URL, as for REST (without `/rest` or `/graphql`). */
  readonly baseUrl: string;
  /** Store view code for the `Store` header; Magento's default store view when left out. */
  readonly storeCode?: string | undefined;
  readonly timeoutMs?: number;
  /** Attempts for reads (queries), including the first; a mutation is sent once. */
  readonly attempts?: number;
  readonly fetch?: typeof fetch;
}

/** One operation: its text, whether it only reads (so may be retried), and the schema of its `data`. */
export interface GraphqlOperation<T> {
  readonly query: string;
  readonly reads: boolean;
  readonly data: z.ZodType<T>;
}

export type GraphqlFailure = 'unauthorized' | 'refused' | 'unavailable';

export class MagentoGraphqlError extends Error {
  readonly kind: GraphqlFailure;
  /** Magento's own message, when it gave one. */
  readonly magentoMessage: string | undefined;
  constructor(
    kind: GraphqlFailure,
    message: string,
    options: { magentoMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'MagentoGraphqlError';
    this.kind = kind;
    this.magentoMessage = options.magentoMessage;
  }
}

/** Magento's error entries: only what tells the three failures apart. */
const graphqlAnswer = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ category: z.string().optional() }).loose().optional(),
      }),
    )
    .optional(),
});

/** The categories of Magento's exceptions that mean "no customer here" (WISHLIST.md §5). */
const SIGNED_OUT = new Set(['graphql-authorization', 'graphql-authentication']);

/** The name of the operation, for messages (never its variables: they may name a customer's products). */
const operationName = (query: string): string =>
  /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous operation';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function magentoGraphql<T>(
  config: MagentoGraphqlConfig,
  operation: GraphqlOperation<T>,
  /** Without a token the call is a guest's (a catalogue read, a guest's review). */
  options: { token?: string | undefined; variables?: Record<string, unknown> },
): Promise<T> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/graphql`;
  const name = operationName(operation.query);
  const attempts = operation.reads ? (config.attempts ?? 3) : 1;
  const doFetch = config.fetch ?? fetch;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    ...(config.storeCode ? { Store: config.storeCode } : {}),
  };
  const body = JSON.stringify({ query: operation.query, variables: options.variables ?? {} });

  for (let attempt = 1; ; attempt++) {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
      text = await response.text();
    } catch (error) {
      if (attempt < attempts) {
        await sleep(200 * 2 ** attempt);
        continue;
      }
      throw new MagentoGraphqlError(
        'unavailable',
        `Magento's GraphQL is unreachable for ${name}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (response.status >= 500 && attempt < attempts) {
      await sleep(200 * 2 ** attempt);
      continue;
    }
    return read(operation, name, response.status, text);
  }
}

function read<T>(operation: GraphqlOperation<T>, name: string, status: number, text: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (status === 401 || status === 403)
      throw new MagentoGraphqlError('unauthorized', `Magento refused ${name} with ${status}`);
    throw new MagentoGraphqlError('unavailable', `Magento answered ${status} to ${name} with no JSON`, {
      cause: error,
    });
  }
  const answer = graphqlAnswer.safeParse(json);
  if (!answer.success)
    throw new MagentoGraphqlError('unavailable', `Magento answered ${status} to ${name} in no GraphQL shape`);
  const errors = answer.data.errors ?? [];
  const signedOut = errors.find((error) => SIGNED_OUT.has(error.extensions?.category ?? ''));
  if (signedOut || status === 401 || status === 403)
    throw new MagentoGraphqlError(
      'unauthorized',
      `Magento ran ${name} as a guest: ${signedOut?.message ?? status}`,
      {
        ...(signedOut ? { magentoMessage: signedOut.message } : {}),
      },
    );
  const first = errors[0];
  if (first) {
    // Magento's own exceptions carry a category; a syntax or validation error (a query this Magento does
    // not know) and a masked internal error carry none, or graphql-php 14's 'graphql' / 'internal'.
    const category = first.extensions?.category;
    const refused = category !== undefined && category.startsWith('graphql-');
    throw new MagentoGraphqlError(
      refused ? 'refused' : 'unavailable',
      `Magento answered ${status} to ${name}: ${first.message}`,
      { magentoMessage: first.message },
    );
  }
  if (status < 200 || status >= 300)
    throw new MagentoGraphqlError('unavailable', `Magento answered ${status} to ${name}`);
  const data = operation.data.safeParse(answer.data.data);
  if (!data.success)
    throw new MagentoGraphqlError(
      'unavailable',
      `Unexpected answer from Magento to ${name}: ${z.prettifyError(data.error)}`,
      { cause: data.error },
    );
  return data.data;
}
