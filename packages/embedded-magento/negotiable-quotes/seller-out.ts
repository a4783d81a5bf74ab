/**
 * A negotiable quote as the admin REST answers it: the cart (`CartInterface`) with its lines at the offered
 * prices, each with `extension_attributes.negotiable_quote_item` (the catalogue price it was quoted at), and
 * `extension_attributes.negotiable_quote` (Adobe's NegotiableQuoteInterface fields this back end keeps).
 */
import { z } from 'zod';
import { quoteAddress, serializeQuoteAddress } from '../carts/addresses.ts';
import { sqlNumber, type Database } from '../db.ts';
import { quotePrices } from './pricing.ts';
import type { NegotiableRow } from './quotes.ts';

const customerRow = z.object({
  id: sqlNumber,
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});

export function sellerQuoteOut(db: Database, row: NegotiableRow) {
  const prices = quotePrices(db, row);
  const shipping = quoteAddress(db, row.quote_id, 'shipping');
  return {
    id: row.quote_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_active: false,
    items: prices.lines.map((line) => ({
      item_id: line.item_id,
      sku: line.sku,
      qty: line.qty,
      name: line.name,
      price: line.price,
      product_type: line.product_type,
      quote_id: String(row.quote_id),
      extension_attributes: {
        negotiable_quote_item: {
          item_id: line.item_id,
          original_price: line.original_price,
          original_tax_amount: 0,
          original_discount_amount: 0,
        },
      },
    })),
    items_count: prices.lines.length,
    items_qty: prices.quantity,
    customer:
      db.get(
        customerRow,
        'SELECT id, email, firstname, lastname FROM customers WHERE id = ?',
        row.customer_id,
      ) ?? null,
    extension_attributes: {
      shipping_assignments: [
        {
          shipping: {
            address: serializeQuoteAddress(shipping.id, shipping.data),
            method: row.shipping_method,
          },
        },
      ],
      negotiable_quote: {
        quote_id: row.quote_id,
        is_regular_quote: false,
        status: row.status,
        negotiated_price_type: row.negotiated_price_type,
        negotiated_price_value: row.negotiated_price_value,
        shipping_price: row.shipping_price,
        quote_name: row.quote_name,
        expiration_period: row.expiration_period,
        creator_id: row.creator_id,
        creator_type: 3,
        original_total_price: prices.originalTotal,
        negotiated_total_price: prices.total,
      },
    },
  };
}

const commentRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  creator_type: sqlNumber,
  is_decline: sqlNumber,
  is_draft: sqlNumber,
  creator_id: sqlNumber,
  comment: z.string(),
  created_at: z.string(),
});

/** `GET /V1/negotiableQuote/:quoteId/comments`: CommentInterface[], oldest first. */
export const commentsOut = (db: Database, quoteId: number) =>
  db
    .all(commentRow, 'SELECT * FROM negotiable_quote_comment WHERE parent_id = ? ORDER BY entity_id', quoteId)
    .map((row) => ({
      ...row,
      is_decline: row.is_decline === 1,
      is_draft: row.is_draft === 1,
      attachments: [],
    }));
