/**
 * `POST /V1/negotiableQuote/request` (NegotiableQuoteManagementInterface::create), the admin REST's way to
 * make a company buyer's cart a negotiable quote: Adobe gives it to an admin or integration token only (its
 * docs: "All negotiable quote calls require an admin authorization token"; the customer's REST schema has
 * no such route), so a buyer's own token is refused naming the resource (`routes.ts`). The cart is the one
 * the buyer filled (`POST /V1/carts/mine`, `…/items`). Answers `true`.
 *
 * Derived: a cart that is no longer active (ordered, or made a purchase order) is answered as not found,
 * as Adobe's GraphQL says of its own request ("The cart ID must be active. You cannot create a negotiable
 * quote if the quote is cancelled or converted to an order."); Adobe's REST finds such a quote and would go on.
 * Attachments (`files`) are checked as Adobe checks them but not kept: this back end keeps no attachments.
 */
import { z } from 'zod';
import type { Caller } from '../caller.ts';
import { soldItems } from '../carts/items.ts';
import { quoteRow } from '../carts/rows.ts';
import { companyUser } from '../company/index.ts';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import type { StoreSettings } from '../store-view.ts';
import { CREATOR_TYPE, makeNegotiable } from './create.ts';
import { checkRequest, type AttachedFile } from './request-checks.ts';

/** The one integration of this back end (`../auth/oauth.ts`): its id as a creator. */
const INTEGRATION_ID = 1;

export interface QuoteRequest {
  readonly quoteId: number;
  readonly quoteName: string;
  readonly comment: string;
  readonly files: readonly AttachedFile[];
}

const notFound = (quoteId: number) =>
  new MagentoError(404, 'Requested quote is not found. Row ID: %fieldName = %fieldValue', {
    fieldName: 'quoteId',
    fieldValue: quoteId,
  });

const existsRow = z.object({ quote_id: sqlNumber });

/** The seller's side that asked: an admin user, or the integration. */
function creatorOf(caller: Caller) {
  return caller.kind === 'admin'
    ? { type: CREATOR_TYPE.admin, id: caller.adminId }
    : { type: CREATOR_TYPE.integration, id: INTEGRATION_ID };
}

export function requestBySeller(db: Database, store: StoreSettings, caller: Caller, request: QuoteRequest) {
  return db.transaction(() => {
    const cart = db.get(quoteRow, 'SELECT * FROM quotes WHERE id = ?', request.quoteId);
    const negotiable =
      db.get(existsRow, 'SELECT quote_id FROM negotiable_quote WHERE quote_id = ?', request.quoteId) !==
      undefined;
    if (!cart || (!negotiable && cart.is_active !== 1)) throw notFound(request.quoteId);
    const itemCount = soldItems(db, cart.id).length;
    checkRequest(db, { cart, negotiable, files: request.files, itemCount });
    const customerId = cart.customer_id ?? 0;
    const creator = creatorOf(caller);
    // `create` drops the cart's coupon (and gift cards): a quote's discount is the seller's to give.
    db.run('UPDATE quotes SET coupon_code = NULL WHERE id = ?', cart.id);
    makeNegotiable(db, store, {
      cart,
      customerId,
      companyId: companyUser(db, customerId)?.companyId ?? 0,
      name: request.quoteName,
      comment: request.comment,
      commentBy: { by: 'seller', authorId: creator.id },
      creator,
    });
    return true;
  });
}
