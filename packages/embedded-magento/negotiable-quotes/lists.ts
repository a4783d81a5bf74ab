/**
 * The buyer's reading calls, `negotiableQuote(uid)` and `negotiableQuotes(filter, pageSize, currentPage,
 * sort)`, and the batch calls `closeNegotiableQuotes` and `deleteNegotiableQuotes`, which answer each uid
 * with a success or a failure (`NoSuchEntityUidError`, `NegotiableQuoteInvalidStateError`) and an overall
 * status, as Adobe's batch mutations do.
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { inputError } from '../graphql/errors.ts';
import { buyer, ownQuote, visibleCustomers, visibleQuote } from './access.ts';
import { quoteErrors } from './errors.ts';
import { quoteView } from './nodes.ts';
import { addHistory, nowOf, quotesOf, setStatus, statusLog, type NegotiableRow } from './quotes.ts';
import { CLOSABLE, STATUS } from './status.ts';

const oneArgs = z.object({ uid: z.string() });

export function negotiableQuote(args: unknown, context: GraphQlContext) {
  const user = buyer(context, 'view');
  const { uid } = oneArgs.parse(args);
  const row = visibleQuote(context, user, uid);
  if (!row) throw quoteErrors.notFound([uid]);
  return quoteView(context, row);
}

const listArgs = z.object({
  filter: z
    .object({
      ids: z.object({ eq: z.string().nullish(), in: z.array(z.string()).nullish() }).nullish(),
      name: z.object({ match: z.string().nullish() }).nullish(),
    })
    .nullish(),
  pageSize: z.number().int().default(20),
  currentPage: z.number().int().default(1),
  sort: z.object({ sort_field: z.string(), sort_direction: z.enum(['ASC', 'DESC']) }).nullish(),
});
type ListArgs = z.output<typeof listArgs>;

const SORT_KEY: Readonly<Record<string, (row: NegotiableRow) => string>> = {
  QUOTE_NAME: (row) => row.quote_name.toLowerCase(),
  CREATED_AT: (row) => row.created_at,
  UPDATED_AT: (row) => row.updated_at,
};

function matching(rows: readonly NegotiableRow[], filter: ListArgs['filter']): NegotiableRow[] {
  const ids = filter?.ids?.in ?? (filter?.ids?.eq ? [filter.ids.eq] : undefined);
  const name = filter?.name?.match?.toLowerCase();
  return rows.filter(
    (row) => (!ids || ids.includes(row.uid)) && (!name || row.quote_name.toLowerCase().includes(name)),
  );
}

/** Newest first unless a sort is asked for (Adobe's grid order). */
function sorted(rows: NegotiableRow[], sort: ListArgs['sort']): NegotiableRow[] {
  const key = SORT_KEY[sort?.sort_field ?? ''];
  if (!key || !sort) return rows.sort((a, b) => b.quote_id - a.quote_id);
  const sign = sort.sort_direction === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => sign * key(a).localeCompare(key(b)) || b.quote_id - a.quote_id);
}

export function negotiableQuotes(args: unknown, context: GraphQlContext) {
  const user = buyer(context, 'view');
  const { filter, pageSize, currentPage, sort } = listArgs.parse(args);
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  const rows = sorted(
    matching(quotesOf(context.db, context.store, visibleCustomers(context, user)), filter),
    sort,
  );
  const start = (currentPage - 1) * pageSize;
  return {
    items: rows.slice(start, start + pageSize).map((row) => quoteView(context, row)),
    total_count: rows.length,
    page_info: {
      current_page: currentPage,
      page_size: pageSize,
      total_pages: Math.ceil(rows.length / pageSize),
    },
  };
}

const batchArgs = z.object({ input: z.object({ quote_uids: z.array(z.string()) }) });

type Outcome =
  | { ok: true; uid: string }
  | { ok: false; uid: string; error: { __typename: string; message: string; uid?: string } };

function batchAnswer(outcomes: readonly Outcome[], failure: string) {
  const failed = outcomes.filter((one) => !one.ok).length;
  return {
    result_status: failed === 0 ? 'SUCCESS' : failed === outcomes.length ? 'FAILURE' : 'MIXED_RESULTS',
    operation_results: outcomes.map((one) =>
      one.ok
        ? { __typename: 'NegotiableQuoteUidOperationSuccess', quote_uid: one.uid }
        : { __typename: failure, quote_uid: one.uid, errors: [one.error] },
    ),
  };
}

const notFound = (uid: string): Outcome => ({
  ok: false,
  uid,
  error: {
    __typename: 'NoSuchEntityUidError',
    message: `Could not find quotes with the following UIDs: ${uid}`,
    uid,
  },
});
const badState = (uid: string): Outcome => ({
  ok: false,
  uid,
  error: {
    __typename: 'NegotiableQuoteInvalidStateError',
    message: `The quotes with the following UIDs have a status that does not allow them to be edited or submitted: ${uid}`,
  },
});

/** Runs `change` on each of the user's quotes the uids name that is in one of `states`. */
function batch(
  args: unknown,
  context: GraphQlContext,
  states: readonly string[],
  change: (row: NegotiableRow, customerId: number) => void,
) {
  const user = buyer(context, 'manage');
  const { input } = batchArgs.parse(args);
  return context.db.transaction(() => {
    const outcomes = input.quote_uids.map((uid): Outcome => {
      let row: NegotiableRow;
      try {
        row = ownQuote(context, user, uid);
      } catch {
        return notFound(uid);
      }
      if (!states.includes(row.status)) return badState(uid);
      change(row, user.customerId);
      return { ok: true, uid };
    });
    return outcomes;
  });
}

/** `closeNegotiableQuotes`: CLOSED, for good. */
export function closeQuotes(args: unknown, context: GraphQlContext) {
  const outcomes = batch(args, context, CLOSABLE, (row, customerId) => {
    const now = nowOf(context.store);
    setStatus(context.db, row.quote_id, STATUS.closed, now);
    addHistory(context.db, row.quote_id, {
      by: 'buyer',
      authorId: customerId,
      status: STATUS.closed,
      at: now,
      log: statusLog(row.status, STATUS.closed),
    });
  });
  return batchAnswer(outcomes, 'CloseNegotiableQuoteOperationFailure');
}

/** `deleteNegotiableQuotes`: hidden from the buyer and the seller; the rows stay, as Adobe keeps them. */
export function deleteQuotes(args: unknown, context: GraphQlContext) {
  const outcomes = batch(args, context, [...CLOSABLE, STATUS.closed], (row) => {
    context.db.run(
      'UPDATE negotiable_quote SET is_deleted = 1, updated_at = ? WHERE quote_id = ?',
      nowOf(context.store),
      row.quote_id,
    );
  });
  return batchAnswer(outcomes, 'DeleteNegotiableQuoteOperationFailure');
}
