/**
 * What the storefront server's /requisition-lists routes answer (src/server/shopper/requisition-lists.ts):
 * the customer's lists with their lines, and what going to the basket did.
 */

/** One line of a list: a product and how many. */
export interface RequisitionLine {
  /** Magento's uid of the line: what changing or removing it names. */
  readonly uid: string;
  readonly sku: string;
  readonly name: string;
  /** The product page, `/{url_key}`; null when Magento names no page. */
  readonly href: string | null;
  readonly quantity: number;
}

export interface RequisitionList {
  readonly uid: string;
  readonly name: string;
  readonly description: string | null;
  readonly updatedAt: string | null;
  readonly lines: readonly RequisitionLine[];
}

export interface RequisitionListsAnswer {
  readonly lists: readonly RequisitionList[];
}

/** What `POST /requisition-lists/:uid/basket` answers: whether every line went in, and why not. */
export interface ToBasketAnswer {
  readonly added: boolean;
  readonly problems: readonly string[];
}
