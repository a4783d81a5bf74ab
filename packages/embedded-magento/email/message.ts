/**
 * The store's e-mails as every module sends them (Magento_Email): who a message goes to and what it
 * says, and the store as its e-mails name it. The returns module's (returns/mail.ts) and in-store
 * pickup's "ready for pickup" (inventory/notify.ts) are written by their modules and sent by one mailer
 * (mailer.ts).
 */

/** Who a message goes to and what it says. */
export interface StoreMail {
  readonly to: { readonly address: string; readonly name: string };
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The store as its e-mails name it: `general/store_information/name` and the general contact. */
export interface StoreContact {
  readonly name: string;
  readonly email: string;
}

/** The store's name and general contact when none is configured (the shop's SHOP_NAME and SHOP_EMAIL defaults). */
export const DEFAULT_STORE_CONTACT: StoreContact = { name: 'Clearwater Cleaning', email: 'shop@example.com' };
