/**
 * The signed-in customer's requisition lists through the storefront server's /requisition-lists routes
 * (src/server/shopper/requisition-lists.ts), for the shell-only pages' islands: each change answers the
 * lists as they now are. A 401 means the session is over: the shopper is a guest again.
 */
import { z } from 'zod';
import { sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import type { RequisitionListsAnswer, ToBasketAnswer } from './answer.ts';
import type { LineToAdd } from './paths.ts';

const listsAnswer = z.object({
  lists: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      updatedAt: z.string().nullable(),
      lines: z.array(
        z.object({
          uid: z.string(),
          sku: z.string(),
          name: z.string(),
          href: z.string().nullable(),
          quantity: z.number(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<RequisitionListsAnswer>;

const basketAnswer = z.object({
  added: z.boolean(),
  problems: z.array(z.string()),
}) satisfies z.ZodType<ToBasketAnswer>;

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

const path = (uid: string, rest = '') => `/requisition-lists/${encodeURIComponent(uid)}${rest}`;
const lists = (url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
  call(() => shopFetch(url, { method, body, schema: listsAnswer }));

export const readRequisitionLists = (): Promise<RequisitionListsAnswer> => lists('/requisition-lists', 'GET');
export const createRequisitionList = (name: string) => lists('/requisition-lists', 'POST', { name });
export const renameRequisitionList = (uid: string, name: string) => lists(path(uid), 'PUT', { name });
export const deleteRequisitionList = (uid: string) => lists(path(uid), 'DELETE');
export const addToRequisitionList = (uid: string, items: readonly LineToAdd[]) =>
  lists(path(uid, '/items'), 'POST', { items });
export const setLineQuantity = (uid: string, line: string, quantity: number) =>
  lists(path(uid, `/items/${encodeURIComponent(line)}`), 'PUT', { quantity });
export const removeLine = (uid: string, line: string) =>
  lists(path(uid, `/items/${encodeURIComponent(line)}`), 'DELETE');

/** The chosen lines (every line for none) into the basket. */
export const listToBasket = (uid: string, lines: readonly string[] = []): Promise<ToBasketAnswer> =>
  call(() =>
    shopFetch(path(uid, '/basket'), {
      method: 'POST',
      body: lines.length > 0 ? { items: lines } : {},
      schema: basketAnswer,
    }),
  );
