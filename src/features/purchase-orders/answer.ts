/**
 * What the storefront server's /purchase-orders routes answer (src/server/shopper/purchase-orders.ts), one
 * schema for the server that writes it and the company pages that read it. Money is in pounds (GBP, the
 * shop's one currency); times are Magento's `YYYY-MM-DD HH:MM:SS` (UTC).
 */
import { z } from '../../magento/wire/zod.ts';

export const LIST_KINDS = ['mine', 'approval', 'company'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** Adobe's `PurchaseOrderAction`s the storefront offers. */
export const ACTIONS = ['APPROVE', 'REJECT', 'CANCEL', 'PLACE_ORDER'] as const;
export type Action = (typeof ACTIONS)[number];

/** One purchase order in a list. */
export const purchaseOrderRow = z.object({
  uid: z.string(),
  number: z.string(),
  /** Adobe's `PurchaseOrderStatus` (`APPROVAL_REQUIRED`, `ORDER_PLACED`, …). */
  status: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  total: z.number().nullable(),
  /** The order's number once it is placed. */
  order: z.string().nullable(),
});
export type PurchaseOrderRow = z.infer<typeof purchaseOrderRow>;

export const listAnswer = z.object({ kind: z.enum(LIST_KINDS), items: z.array(purchaseOrderRow) });
export type ListAnswer = z.infer<typeof listAnswer>;

const lineAnswer = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number().nullable(),
  rowTotal: z.number().nullable(),
});

const flowAnswer = z.object({
  rule: z.string(),
  events: z.array(
    z.object({
      role: z.string(),
      name: z.string().nullable(),
      status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
      message: z.string().nullable(),
      at: z.string().nullable(),
    }),
  ),
});

/** One purchase order with what its page shows. */
export const purchaseOrderAnswer = purchaseOrderRow.extend({
  lines: z.array(lineAnswer),
  subtotal: z.number().nullable(),
  delivery: z.number().nullable(),
  comments: z.array(z.object({ at: z.string(), author: z.string().nullable(), text: z.string() })),
  history: z.array(z.object({ at: z.string(), activity: z.string(), message: z.string() })),
  approvals: z.array(flowAnswer),
  /** What the signed-in customer may do with it now, as Magento says. */
  actions: z.array(z.enum(ACTIONS)),
});
export type PurchaseOrderAnswer = z.infer<typeof purchaseOrderAnswer>;

/** What a change answers: the purchase order as it now is, and the order's number if one was placed. */
export const changedAnswer = z.object({ purchaseOrder: purchaseOrderAnswer, placed: z.string().nullable() });
export type ChangedAnswer = z.infer<typeof changedAnswer>;

/** The checkout's purchase order (placed instead of the order when the company uses them). */
export const placedPurchaseOrder = z.object({
  uid: z.string(),
  number: z.string(),
  status: z.string(),
  /** Approved at once (no rule applied) and its order placed: the order's number. */
  order: z.string().nullable(),
});
export type PlacedPurchaseOrder = z.infer<typeof placedPurchaseOrder>;
