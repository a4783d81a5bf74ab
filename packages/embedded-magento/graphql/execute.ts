/**
 * One request through the executable schema (`schema.ts`): graphql-js parses, validates against the schema
 * and executes with the resolvers, and the outcome is shaped and given a status the way Magento 2.4.9's
 * GraphQL controller does (WISHLIST.md §5; webonyx/graphql-php 15's error shape).
 */
import {
  execute,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
} from 'graphql';
import type { GraphQlContext } from './context.ts';
import { ClientSafeError, INTERNAL_ERROR_MESSAGE } from './errors.ts';
import type { ExecutableSchema } from './schema.ts';
import { WEBONYX_RULES } from './webonyx-rules.ts';
import { variableErrors } from './webonyx-variables.ts';

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
 * The document's one operation, whose variables are checked before execution; with several (and no
 * operation name, which Magento never passes) graphql-js refuses the document in webonyx's words.
 */
function soleOperation(document: DocumentNode): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Validates and executes a parsed document. Validation runs webonyx's rules in webonyx's words
 * (`webonyx-rules.ts`), and the variables are checked as webonyx checks them (`webonyx-variables.ts`), so a
 * client sees Magento's messages. Validation errors stop it before execution, so they carry no
 * `data` key (nor, in webonyx 15, `extensions`) and keep HTTP 200; so do variables that do not coerce.
 * Magento passes no operation name to the executor, so neither do we.
 */
export async function runDocument(
  { schema, rootValue }: ExecutableSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  context: GraphQlContext,
  log?: (message: string) => void,
): Promise<GraphQlReply> {
  const invalid = validate(schema, document, WEBONYX_RULES);
  if (invalid.length > 0) return { status: 200, body: { errors: invalid.map((error) => error.toJSON()) } };
  const operation = soleOperation(document);
  const refused = operation ? variableErrors(schema, operation, variables ?? {}) : [];
  if (refused.length > 0) return { status: 200, body: { errors: refused.map((error) => error.toJSON()) } };
  const result = await execute({
    schema,
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
