/**
 * What one part of the GraphQL schema brings (schema.ts puts the parts together, as Magento merges every
 * module's `schema.graphqls`): its SDL, its root fields' resolvers, its `storeConfig` fields and the
 * resolvers of fields it adds to other parts' types. A module of its own so the parts (wish list, reviews,
 * the customer's orders) name the shape without importing the schema that imports them.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { GraphQlContext } from './context.ts';

/** A root field's resolver: graphql-js calls it as a method of the root object, with its arguments. */
export type RootField = (args: unknown, context: GraphQlContext) => unknown;

/** A resolver of a field of another type; `source` is the object its parent field answered. */
// The source's type is the parent field's value, which differs per type, hence `any` at this seam.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldResolver = GraphQLFieldResolver<any, GraphQlContext>;

export interface SchemaPart {
  /** SDL extending the shared types; every type it names exists once the parts are put together. */
  readonly sdl: string;
  /** Resolvers of its `Query` and `Mutation` fields, by name (the two never share a name in Magento). */
  readonly root?: Readonly<Record<string, RootField>>;
  /** The `StoreConfig` fields it adds, for the request's store. */
  readonly storeConfig?: (context: GraphQlContext) => Readonly<Record<string, unknown>>;
  /** Resolvers of fields it adds to other types, by type name; an interface's go to each of its types. */
  readonly fields?: Readonly<Record<string, Readonly<Record<string, FieldResolver>>>>;
}
