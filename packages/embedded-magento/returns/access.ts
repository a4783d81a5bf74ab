/**
 * Whose return and order a GraphQL request may reach: the signed-in customer's own
 * (`CustomerRmaAccessTrait`), or a guest's order by its number and e-mail (`GuestOrderLookupTrait`). What
 * is not the caller's is refused as the module refuses it: "not authorized" (the storefront shows it as Not Found).
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

/** `loadCustomerRma()`: the customer's return `rmaId`; `action` names the refusal of another's. */
export function customerRma(
  context: GraphQlContext,
  rmaId: number,
  action: 'view' | 'comment on' = 'view',
): RmaRow {
  const customerId = requireCustomer(context);
  if (!rmaId) throw returnErrors.rmaIdRequired();
  const rma = findRma(context.db, rmaId);
  if (!rma) throw returnErrors.rmaNotFound(rmaId);
  if (rma.customer_id !== customerId) throw returnErrors.notYourReturn(action);
  return rma;
}

/** `findGuestOrder()`: the order by number, its e-mail compared without regard to case. */
export function guestOrder(context: GraphQlContext, orderNumber: string, email: string): ReturnOrder {
  const order = findOrderByNumber(context.db, orderNumber);
  if (!order) throw returnErrors.guestOrderNotFound(orderNumber);
  if (order.customer_email.toLowerCase() !== email.toLowerCase()) throw returnErrors.guestEmailMismatch();
  return order;
}
