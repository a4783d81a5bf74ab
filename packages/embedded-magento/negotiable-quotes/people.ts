/**
 * What every part of a negotiable quote's answer names the same way: an amount as `Money` in the store's
 * currency, the buyer by their names, and the seller as the buyer sees them.
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';

export const money = (context: GraphQlContext, value: number) => ({
  value,
  currency: context.store.currency,
});

const personRow = z.object({ firstname: z.string(), lastname: z.string(), email: z.string() });

export const customerName = (context: GraphQlContext, customerId: number) =>
  context.db.get(personRow, 'SELECT firstname, lastname, email FROM customers WHERE id = ?', customerId) ?? {
    firstname: '',
    lastname: '',
    email: '',
  };

/** The seller as the buyer sees them: the store (Adobe names the admin user, whom a buyer does not know). */
export const sellerName = (context: GraphQlContext) => ({
  firstname: context.returns.store.name,
  lastname: '',
});
