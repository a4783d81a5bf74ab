/**
 * The masked id a customer's cart goes by in GraphQL (`customerCart { id }`, Magento's QuoteIdMask): made
 * the first time it is asked for, kept for the cart's life and then the negotiable quote's uid.
 */
import { z } from 'zod';
import { createCustomerCart } from './carts.ts';
import { randomString } from '../crypto.ts';
import { sqlNumber, type Database } from '../db.ts';

const MASK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const maskRow = z.object({ quote_id: sqlNumber, masked_id: z.string() });

export function maskOf(db: Database, quoteId: number): string {
  const known = db.get(maskRow, 'SELECT quote_id, masked_id FROM quote_id_mask WHERE quote_id = ?', quoteId);
  if (known) return known.masked_id;
  const masked = randomString(32, MASK_ALPHABET);
  db.run('INSERT INTO quote_id_mask (quote_id, masked_id) VALUES (?, ?)', quoteId, masked);
  return masked;
}

/** `customerCart`: the customer's active cart (made if none), by its masked id. */
export const customerCartMask = (db: Database, customerId: number): string =>
  db.transaction(() => maskOf(db, createCustomerCart(db, customerId)));

export const cartOfMask = (db: Database, masked: string): number | undefined =>
  db.get(maskRow, 'SELECT quote_id, masked_id FROM quote_id_mask WHERE masked_id = ?', masked)?.quote_id;
