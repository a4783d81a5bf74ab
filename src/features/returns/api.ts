/**
 * Returns in the browser: calls to the storefront server's returns routes (server/shopper/returns.ts),
 * answers read with the schemas of returns.ts. A customer's 401 means the session is over (the marker is
 * dropped, as account calls do). Sending a return answers either the return or the problems the server
 * found, each naming its field, so the form can show them beside what was typed.
 */
import { z } from '../../magento/wire/zod.ts';
import { asCustomer } from '../account/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { ShopApiError, shopFetch, UNAVAILABLE } from '../../shop-api/shop-api.ts';
import {
  returnCommentSchema,
  returnFactsSchema,
  returnRecordSchema,
  returnSummarySchema,
  type GuestProof,
  type ReturnComment,
  type ReturnFacts,
  type ReturnProblem,
  type ReturnRecord,
  type ReturnRequest,
  type ReturnSummary,
} from './returns.ts';
import { returnTexts } from './texts.ts';

/** Where a return form's order is: the customer's own, or a guest's proven by the lookup. */
export type ReturnSource =
  | { readonly kind: 'customer'; readonly number: string }
  | { readonly kind: 'guest'; readonly proof: GuestProof };

export const fetchReturnFacts = (source: ReturnSource): Promise<ReturnFacts> =>
  source.kind === 'customer'
    ? asCustomer(() =>
        shopFetch(`/returns/orders/${encodeURIComponent(source.number)}`, { schema: returnFactsSchema }),
      )
    : shopFetch('/returns/lookup/facts', { method: 'POST', body: source.proof, schema: returnFactsSchema });

export type SendAnswer =
  { readonly sent: ReturnRecord } | { readonly problems: readonly ReturnProblem[]; readonly message: string };

const refusal = z.object({
  message: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** Sends the return: the return made, or the problems the rules or Magento found (422). */
export async function sendReturn(source: ReturnSource, request: ReturnRequest): Promise<SendAnswer> {
  const send = (path: string, body: unknown) =>
    shopFetch(path, { method: 'POST', body, schema: returnRecordSchema });
  try {
    return {
      sent:
        source.kind === 'customer'
          ? await send(`/returns/orders/${encodeURIComponent(source.number)}`, request)
          : await send('/returns/lookup', { ...source.proof, ...request }),
    };
  } catch (error) {
    const refused =
      error instanceof ShopApiError && error.status === 422 ? refusal.safeParse(error.answer) : undefined;
    if (refused)
      return { problems: refused.data?.problems ?? [], message: refused.data?.message ?? UNAVAILABLE };
    if (source.kind === 'customer') return asCustomer(() => Promise.reject(error));
    throw error;
  }
}

export const fetchReturns = (): Promise<ReturnSummary[]> =>
  asCustomer(() =>
    shopFetch('/returns/mine', { schema: z.object({ returns: z.array(returnSummarySchema) }) }),
  ).then((answer) => answer.returns);

/** One return: the customer's by id, or a guest's of the order the proof finds. */
export const fetchReturn = (id: number, proof?: GuestProof): Promise<ReturnRecord> =>
  proof
    ? shopFetch('/returns/lookup/return', {
        method: 'POST',
        body: { ...proof, id },
        schema: returnRecordSchema,
      })
    : asCustomer(() => shopFetch(`/returns/mine/${id}`, { schema: returnRecordSchema }));

/** The returns of a guest's order, newest first. */
export const fetchGuestReturns = (proof: GuestProof): Promise<ReturnRecord[]> =>
  shopFetch('/returns/lookup/list', {
    method: 'POST',
    body: proof,
    schema: z.object({ returns: z.array(returnRecordSchema) }),
  }).then((answer) => answer.returns);

export const addComment = (id: number, comment: string, proof?: GuestProof): Promise<ReturnComment> =>
  proof
    ? shopFetch('/returns/lookup/comment', {
        method: 'POST',
        body: { ...proof, id, comment },
        schema: returnCommentSchema,
      })
    : asCustomer(() =>
        shopFetch(`/returns/mine/${id}/comments`, {
          method: 'POST',
          body: { comment },
          schema: returnCommentSchema,
        }),
      );

/** What a failed returns call says: the shop or Magento down is the returns' own "can't be reached". */
export const returnsProblem = (error: unknown): string =>
  error instanceof ShopApiError && (error.status === 0 || error.status >= 500)
    ? returnTexts.unavailable
    : problemText(error);
