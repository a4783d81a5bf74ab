/**
 * The customer's orders and invoices as a part of the embedded GraphQL schema (`../graphql/schema.ts`):
 * `Customer.orders`, on the `Customer` the wish-list part's `customer` query answers (a guest never
 * reaches it: that query refuses with "The current customer isn't authorized.").
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { customerOrders } from './nodes.ts';
import { CUSTOMER_ORDERS_SDL } from './sdl.ts';

export const customerOrdersPart: SchemaPart = {
  sdl: CUSTOMER_ORDERS_SDL,
  fields: {
    Customer: {
      orders: (_source: unknown, args: unknown, context: GraphQlContext) => customerOrders(context, args),
    },
  },
};
