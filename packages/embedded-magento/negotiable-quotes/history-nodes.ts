/**
 * The negotiation's history as the buyer's GraphQL answers it (`NegotiableQuoteHistoryEntry`): who changed
 * what and when, each entry's status change, comment, new total and new expiry, as Adobe's history log
 * records them. The first entry is the request (CREATED), a close is CLOSED, the store's own changes (an
 * expiry) UPDATED_BY_SYSTEM.
 */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { jsonRecord } from '../json.ts';
import { customerName, money, sellerName } from './people.ts';
import { buyerStatus, STATUS } from './status.ts';
import { encodeUid } from './uid.ts';

const historyRow = z.object({
  history_id: sqlNumber,
  is_seller: sqlNumber,
  author_id: sqlNumber,
  is_system: sqlNumber,
  status: z.string(),
  log_data: z.string(),
  created_at: z.string(),
});
type HistoryRow = z.output<typeof historyRow>;

const logSchema = z.object({
  status: z.object({ old: z.string().nullable(), new: z.string() }).optional(),
  comment: z.string().optional(),
  total: z.object({ old: z.number().nullable(), new: z.number() }).optional(),
  expiration: z.object({ old: z.string().nullable(), new: z.string().nullable() }).optional(),
});

function changeType(row: HistoryRow, first: boolean): string {
  if (first) return 'CREATED';
  if (row.is_system === 1) return 'UPDATED_BY_SYSTEM';
  return row.status === STATUS.closed ? 'CLOSED' : 'UPDATED';
}

function changesOf(context: GraphQlContext, log: z.output<typeof logSchema>) {
  return {
    statuses: log.status
      ? {
          changes: [
            {
              old_status: log.status.old === null ? null : buyerStatus(log.status.old),
              new_status: buyerStatus(log.status.new),
            },
          ],
        }
      : null,
    comment_added: log.comment === undefined ? null : { comment: log.comment },
    total: log.total
      ? {
          old_price: log.total.old === null ? null : money(context, log.total.old),
          new_price: money(context, log.total.new),
        }
      : null,
    expiration: log.expiration
      ? { old_expiration: log.expiration.old, new_expiration: log.expiration.new }
      : null,
  };
}

export function historyView(context: GraphQlContext, quoteId: number) {
  const rows = context.db.all(
    historyRow,
    'SELECT * FROM negotiable_quote_history WHERE quote_id = ? ORDER BY history_id',
    quoteId,
  );
  return rows.map((row, index) => ({
    uid: encodeUid(row.history_id),
    created_at: row.created_at,
    author:
      row.is_seller === 1 || row.is_system === 1 ? sellerName(context) : customerName(context, row.author_id),
    change_type: changeType(row, index === 0),
    changes: changesOf(context, logSchema.parse(jsonRecord(row.log_data))),
  }));
}
