/**
 * `/graphql` as Magento 2.4.9's GraphQL front controller answers it, for the whole schema (`schema.ts`) (Controller/GraphQl.php and its
 * request validators; WISHLIST.md §1, §5): a JSON POST, or a GET with `query` and `variables` in the URL for
 * queries only. The request is read first ("Unable to parse the request."), then its content type and verb
 * are checked, then the query is parsed, validated and executed. Refusals before execution are HTTP 400
 * with Magento's `graphql-input` category; nothing unexpected leaks more than "Internal server error".
 */
import { Hono, type Context } from 'hono';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { createReviewLoaders } from '../reviews/loaders.ts';
import type { ReviewSettings } from '../reviews/settings.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { jsonResponse } from '../http/body.ts';
import { isRecord } from '../json.ts';
import { requestCustomer, type GraphQlContext } from './context.ts';
import { ClientSafeError, INTERNAL_ERROR_MESSAGE, requestErrors } from './errors.ts';
import { lastOperationType, parseQuery, runDocument, type GraphQlReply } from './execute.ts';
import { magentoSchema } from './schema.ts';

export interface GraphQlOptions {
  readonly db: Database;
  /** The store's cart and checkout settings: prices go out in its currency. */
  readonly cart: CheckoutSettings;
  /** The store view's `catalog/review/*` settings. */
  readonly reviews: ReviewSettings;
  /** The returns module's settings, clock, store contact and mailer. */
  readonly returns: ReturnsRuntime;
  /** Largest accepted request body in bytes, the REST side's limit. */
  readonly maxBodyBytes: number;
  readonly log?: (message: string) => void;
}

/** What the controller reads from a request: `$data['query']` and `$data['variables']`. */
interface RequestData {
  readonly query: string;
  readonly variables: Record<string, unknown> | undefined;
}

/**
 * A refusal before execution (a `GraphQlInputException` the controller catches): one error entry with its
 * category and no locations, HTTP 400 in 2.4.9.
 */
const refusal = (error: ClientSafeError, status = 400): GraphQlReply => ({
  status,
  body: { errors: [{ message: error.message, extensions: error.extensions }] },
});

/** Reads at most `limit` bytes, or undefined past it (whatever Content-Length claimed). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return undefined;
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    throw requestErrors.unparseableRequest();
  }
}

/** The query and variables of a body or URL; anything that is not a JSON object counts as empty. */
function requestData(data: unknown, variables: unknown): RequestData {
  const query = isRecord(data) && typeof data['query'] === 'string' ? data['query'] : '';
  return { query, variables: isRecord(variables) ? variables : undefined };
}

/**
 * `getDataFromRequest()`: a POST's JSON body (an empty one is no data), a GET's URL parameters. A body over
 * the limit is refused with the message later Magento lines use, as 413 like the REST side's (2.4.9 itself
 * leaves the limit to the web server in front of it).
 */
async function readRequest(c: Context, maxBodyBytes: number): Promise<RequestData | GraphQlReply> {
  if (c.req.method === 'POST') {
    const text = await readLimited(c.req.raw, maxBodyBytes);
    if (text === undefined) return refusal(requestErrors.bodyTooLarge(), 413);
    const data = text === '' ? {} : parseJson(text);
    return requestData(data, isRecord(data) ? data['variables'] : undefined);
  }
  const params = new URL(c.req.url).searchParams;
  const variables = params.get('variables');
  return requestData({ query: params.get('query') ?? '' }, variables ? parseJson(variables) : undefined);
}

async function answer(c: Context, options: GraphQlOptions): Promise<GraphQlReply> {
  const data = await readRequest(c, options.maxBodyBytes);
  if ('status' in data) return data;
  // ContentTypeValidator: a POST must say JSON somewhere in its Content-Type.
  if (c.req.method === 'POST' && !(c.req.header('content-type') ?? '').includes('application/json'))
    throw requestErrors.contentTypeNotJson();
  const document = parseQuery(data.query);
  if (!('kind' in document)) return document;
  // HttpVerbValidator: mutations only over POST (before validation, so even an invalid one is refused).
  if (c.req.method !== 'POST' && lastOperationType(document) === 'mutation')
    throw requestErrors.mutationOverGet();
  const { db, cart } = options;
  const context: GraphQlContext = {
    db,
    customerId: requestCustomer(db, c.req.header('authorization')),
    product: { mediaUrl: `${new URL(c.req.url).origin}/media/catalog/product`, currency: cart.currency },
    store: cart,
    checkout: cart,
    reviews: options.reviews,
    reviewLoaders: createReviewLoaders(db),
    returns: options.returns,
  };
  return runDocument(magentoSchema, document, data.variables, context, options.log);
}

/** The `/graphql` endpoint as a sub-app, mounted before the REST catch-all. */
export function graphQlEndpoint(options: GraphQlOptions): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    try {
      const { status, body } = await answer(c, options);
      return jsonResponse(status, body);
    } catch (error) {
      if (error instanceof ClientSafeError) return jsonResponse(400, refusal(error).body);
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      options.log?.(`Unexpected error on ${c.req.method} /graphql: ${detail}`);
      return jsonResponse(500, { errors: [{ message: INTERNAL_ERROR_MESSAGE }] });
    }
  });
  // The controller answers a CORS preflight with an empty 204.
  app.options('/graphql', () => new Response(null, { status: 204 }));
  return app;
}
