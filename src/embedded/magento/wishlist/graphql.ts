/**
 * The executable wish-list schema and one request through it: graphql-js parses, validates against the
 * schema and executes with the resolvers, and the outcome is shaped and given a status the way Magento
 * 2.4.9's GraphQL controller does (WISHLIST.md §5; webonyx/graphql-php 15's error shape).
 */
import {
  buildSchema,
  execute,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
} from 'graphql';
import type { WishlistContext } from './context.ts';
import { ClientSafeError, INTERNAL_ERROR_MESSAGE } from './errors.ts';
import {
  addProductsToWishlist,
  clearWishlist,
  removeProductsFromWishlist,
  updateProductsInWishlist,
} from './mutations.ts';
import { customerQuery, wishlistQuery } from './nodes.ts';
import { WISHLIST_SDL } from './sdl.ts';
import { addWishlistItemsToCart } from './to-cart.ts';

export const wishlistSchema = buildSchema(WISHLIST_SDL);

/**
 * The root objects: graphql-js calls a root field's method with its arguments and the request context.
 * Query and Mutation fields have distinct names, so one object serves both operation types.
 */
const rootValue = {
  customer: (_args: unknown, context: WishlistContext) => customerQuery(context),
  storeConfig: () => ({
    // `wishlist/general/active`: always on here (Magento's default), as the String Magento answers.
    magento_wishlist_general_is_enabled: '1',
    // The storefront's product URLs are `/<url_key>`, as `ProductInterface.url_suffix` says.
    product_url_suffix: '',
    // The one store view, under Magento's code for the default store view.
    store_code: 'default',
  }),
  wishlist: (_args: unknown, context: WishlistContext) => wishlistQuery(context),
  addProductsToWishlist,
  removeProductsFromWishlist,
  updateProductsInWishlist,
  addWishlistItemsToCart,
  clearWishlist,
};

export interface GraphQlReply {
  readonly status: number;
  readonly body: { errors?: GraphQLFormattedError[]; data?: unknown };
}

/** A syntax error as webonyx words it: graphql-js ends the message with a period, webonyx does not. */
export function syntaxErrorReply(error: GraphQLError): GraphQlReply {
  const { message, locations } = error.toJSON();
  return {
    status: 400,
    body: { errors: [{ message: message.replace(/\.$/, ''), ...(locations ? { locations } : {}) }] },
  };
}

/** Parses a query, answering a syntax error with Magento's 400 (the caller returns it as is). */
export function parseQuery(query: string): DocumentNode | GraphQlReply {
  try {
    return parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return syntaxErrorReply(error);
    throw error;
  }
}

/** The document's operation type as `HttpVerbValidator` finds it: the last operation's. */
export const lastOperationType = (document: DocumentNode): string | undefined =>
  document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION).at(-1)
    ?.operation;

/**
 * An execution error as the client sees it: Magento's own exceptions keep their message and category;
 * anything else (a bug, a non-null violation, a failed type resolution) is masked like webonyx does
 * outside developer mode, keeping only where it happened.
 */
function formatExecutionError(error: GraphQLError, log?: (message: string) => void): GraphQLFormattedError {
  if (error.cause instanceof ClientSafeError) return error.toJSON();
  const { locations, path } = error.toJSON();
  // Magento writes the real text to its log; the client only learns where it happened.
  log?.(
    `GraphQL error at ${(path ?? []).join('.')}: ${error.cause instanceof Error ? error.cause.stack : error.message}`,
  );
  return { message: INTERNAL_ERROR_MESSAGE, ...(locations ? { locations } : {}), ...(path ? { path } : {}) };
}

/** `getHttpResponseCode()`: the first error with a category decides; authentication 401, authorization 403. */
function statusOf(errors: readonly GraphQLFormattedError[]): number {
  const category = errors.find((error) => typeof error.extensions?.['category'] === 'string')?.extensions?.[
    'category'
  ];
  if (category === 'graphql-authentication') return 401;
  if (category === 'graphql-authorization') return 403;
  return 200;
}

/**
 * Validates and executes a parsed document. Validation errors stop it before execution, so they carry no
 * `data` key (nor, in webonyx 15, `extensions`) and keep HTTP 200; so do variables that do not coerce.
 * Magento passes no operation name to the executor, so neither do we.
 */
export async function runDocument(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  context: WishlistContext,
  log?: (message: string) => void,
): Promise<GraphQlReply> {
  const invalid = validate(wishlistSchema, document);
  if (invalid.length > 0) return { status: 200, body: { errors: invalid.map((error) => error.toJSON()) } };
  const result = await execute({
    schema: wishlistSchema,
    document,
    rootValue,
    contextValue: context,
    variableValues: variables ?? null,
  });
  if (!('data' in result))
    return { status: 200, body: { errors: (result.errors ?? []).map((e) => e.toJSON()) } };
  if (!result.errors?.length) return { status: 200, body: { data: result.data } };
  const errors = result.errors.map((error) => formatExecutionError(error, log));
  return { status: statusOf(errors), body: { errors, data: result.data } };
}
