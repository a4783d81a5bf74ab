/**
 * Returns as the storefront server hands them to the browser and takes them back: the facts the return
 * form is drawn from (lines, what is returnable and why not, the store's lists), the request it sends, and
 * a return as its page shows it. Each schema sits beside its type; the server's answers are read with them
 * in the browser (api.ts), the browser's requests on the server (server/shopper/returns.ts).
 */
import { z } from '../../magento/wire/zod.ts';

/** One entry of the store's lists (reasons, resolution types, item conditions), by Magento's id. */
export const returnChoiceSchema = z.object({
  id: z.number().int(),
  /** @example "unopened" */
  code: z.string(),
  /** What the shopper reads. @example "Unopened" */
  label: z.string(),
});
export type ReturnChoice = z.infer<typeof returnChoiceSchema>;

/** One line of the order as the return form shows it. */
export const returnLineFactsSchema = z.object({
  /** Magento's order item id: what the return names. */
  orderItemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  ordered: z.number().int(),
  /** Already asked for in this order's returns. */
  inReturns: z.number().int(),
  /** How many may still be returned (0 when `why` says why none). */
  returnable: z.number().int(),
  /** The named category whose rules apply, if any. @example "Detergents" */
  category: z.string().nullable(),
  /** The condition codes it may come back in; null: any. */
  conditions: z.array(z.string()).nullable(),
  /** The last instant of its return window (ISO 8601). */
  windowEnds: z.string(),
  /** Why it cannot be returned; null when it can. */
  why: z.string().nullable(),
});
export type ReturnLineFacts = z.infer<typeof returnLineFactsSchema>;

/** What the return form of an order is drawn from. */
export const returnFactsSchema = z.object({
  order: z.string(),
  placedAt: z.string(),
  lines: z.array(returnLineFactsSchema),
  reasons: z.array(returnChoiceSchema),
  resolutions: z.array(returnChoiceSchema),
  conditions: z.array(returnChoiceSchema),
});
export type ReturnFacts = z.infer<typeof returnFactsSchema>;

const id = z.number().int().positive().max(2_147_483_647);

/** What the shopper asks to return: lines with a quantity of 0 are left out by the form. */
export const returnRequestSchema = z.object({
  reason: id,
  resolution: id,
  lines: z
    .array(
      z.object({
        orderItemId: id,
        /** Checked against what is returnable by the rules (checkReturn), not here. */
        qty: z.number(),
        condition: id.nullable(),
      }),
    )
    .max(200),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The guest order lookup's proof: the order number with its billing e-mail and postcode. */
export const guestProofSchema = z.object({
  number: z.string().max(64),
  email: z.string().trim().min(3).max(254),
  postcode: z.string().trim().min(1).max(20),
});
export type GuestProof = z.infer<typeof guestProofSchema>;

/** What is wrong with a request: `field` names the form's field it belongs beside. */
export interface ReturnProblem {
  /** `reason`, `resolution`, `lines`, `qty-{orderItemId}` or `condition-{orderItemId}`. */
  readonly field: string;
  readonly message: string;
}

export const returnCommentSchema = z.object({
  /** `merchant` for the shop's own comments. */
  author: z.enum(['customer', 'merchant']),
  name: z.string(),
  text: z.string(),
  at: z.string(),
});
export type ReturnComment = z.infer<typeof returnCommentSchema>;

export const returnSummarySchema = z.object({
  /** Magento's id of the return (`rma_id`): what its page's address names. */
  id: z.number().int(),
  /** The number the shopper is told. @example "RMA-000001" */
  number: z.string(),
  order: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnRecordSchema = returnSummarySchema.extend({
  reason: z.string(),
  resolution: z.string(),
  items: z.array(
    z.object({ name: z.string(), sku: z.string(), qty: z.number(), condition: z.string().nullable() }),
  ),
  comments: z.array(returnCommentSchema),
});
export type ReturnRecord = z.infer<typeof returnRecordSchema>;

/** The longest comment a shopper may add. */
export const MAX_COMMENT = 2000;

export const RETURNS_PATH = '/customer/returns';
/** One return of the signed-in customer. */
export const returnPath = (id: number): string => `/customer/return?id=${id}`;
