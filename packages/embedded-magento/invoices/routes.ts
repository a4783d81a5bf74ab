/**
 * Invoice services (admin or integration token), each under the ACL resource Magento 2.4's
 * Sales/etc/webapi.xml gives it: make an order's invoice, read one, search them, list one's comments.
 */
import type { z } from 'zod';
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import type { StoreSettings } from '../store-view.ts';
import { invoiceOrder, type InvoiceOrderRequest } from './invoice-order.ts';
import { getInvoice, invoiceComments, searchInvoices } from './read.ts';

const RESOURCE = 'Magento_Sales::sales_invoice';

/** `InvoiceOrderInterface::execute()`'s parameters. */
const invoiceOrderBody = m.params({
  capture: m.bool().optional(),
  items: m
    .array(m.dto({ order_item_id: m.int(), qty: m.float(), extension_attributes: m.mixed() }))
    .optional(),
  notify: m.bool().optional(),
  appendComment: m.bool().optional(),
  comment: m
    .dto({ comment: m.string(), is_visible_on_front: m.int(), extension_attributes: m.mixed() })
    .optional(),
  arguments: m.dto({ extension_attributes: m.mixed() }).optional(),
});

type InvoiceOrderBody = z.output<typeof invoiceOrderBody>;

/** The bound body as the service reads it: a data object's missing qty is PHP's null, so 0. */
function invoiceRequest(body: InvoiceOrderBody): InvoiceOrderRequest {
  const items = (body.items ?? []).flatMap((item) =>
    item?.order_item_id == null ? [] : [{ orderItemId: item.order_item_id, qty: item.qty ?? 0 }],
  );
  return {
    items,
    notify: body.notify ?? false,
    appendComment: body.appendComment ?? false,
    comment: body.comment
      ? { comment: body.comment.comment ?? '', isVisibleOnFront: Boolean(body.comment.is_visible_on_front) }
      : undefined,
  };
}

export function invoiceRoutes(db: Database, settings: StoreSettings): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/order/:orderId/invoice',
      resource: RESOURCE,
      ...withBody(invoiceOrderBody, ({ params }, body) =>
        invoiceOrder(db, intParam(params['orderId'], 'orderId'), invoiceRequest(body)),
      ),
    },
    {
      method: 'GET',
      path: '/V1/invoices',
      resource: RESOURCE,
      handle: (request) => searchInvoices(db, parseSearchCriteria(searchCriteriaParam(request)), settings),
    },
    {
      method: 'GET',
      path: '/V1/invoices/:id',
      resource: RESOURCE,
      handle: ({ params }) => getInvoice(db, intParam(params['id'], 'id'), settings),
    },
    {
      method: 'GET',
      path: '/V1/invoices/:id/comments',
      resource: RESOURCE,
      handle: ({ params }) => invoiceComments(db, intParam(params['id'], 'id')),
    },
  ];
}
