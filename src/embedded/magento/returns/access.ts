/**
 * Whose return and order a GraphQL request may reach: the signed-in customer's own
 * (`CustomerRmaAccessTrait`), or a guest's order by its number and e-mail (`GuestOrderLookupTrait`). What
 * is not the caller's answers as what does not exist (this shop: the module says "not authorized").
 */
import type { GraphQlContext } from '../graphql/context.ts';
import { returnErrors } from './errors.ts';
import { findOrderByNumber, type ReturnOrder } from './orders.ts';
import { findRma, type RmaRow } from './rmas.ts';

/** The request's customer, or the module's refusal of a guest. */
export function requireCustomer(context: GraphQlContext): number {
  if (context.customerId === undefined) throw returnErrors.notCustomer();
  return context.customerId;
}

/** `loadCustomerRma()`: the customer's return `rmaId`. */
export function customerRma(context: GraphQlContext, rmaId: number): RmaRow {
  const customerId = requireCustomer(context);
  if (!rmaId) throw returnErrors.rmaIdRequired();
  const rma = findRma(context.db, rmaId);
  if (!rma || rma.customer_id !== customerId) throw returnErrors.rmaNotFound(rmaId);
  return rma;
}

/** `findGuestOrder()`: the order by number, its e-mail compared without regard to case. */
export function guestOrder(context: GraphQlContext, orderNumber: string, email: string): ReturnOrder {
  const order = findOrderByNumber(context.db, orderNumber);
  if (!order) throw returnErrors.guestOrderNotFound(orderNumber);
  if (order.customer_email.toLowerCase() !== email.toLowerCase()) throw returnErrors.guestEmailMismatch();
  return order;
}
