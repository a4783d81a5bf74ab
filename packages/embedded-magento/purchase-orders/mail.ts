/**
 * The purchase orders' e-mails, as Magento_PurchaseOrder sends them at each step: to the approvers when a
 * purchase order waits for them, and to the buyer when it is approved, rejected (with the approver's last
 * comment) or its order placed. Each links to the purchase order's page on the storefront
 * (`/company/purchase-orders/<uid>`, on the store's base URL) and goes through the back end's mailer, after
 * the transaction that made the change (a failed send is logged by the mailer, never fails the call).
 */
import { storeLetter, type StoreContact, type StoreMail } from '../email/message.ts';

export type PurchaseOrderMailKind = 'approval_required' | 'approved' | 'rejected' | 'order_placed';

export interface PurchaseOrderMailFacts {
  readonly kind: PurchaseOrderMailKind;
  readonly store: StoreContact;
  /** The store's base URL (the storefront's address). */
  readonly storeUrl: string;
  readonly to: { readonly address: string; readonly name: string };
  readonly number: string;
  readonly uid: string;
  readonly buyer: string;
  readonly grandTotal: string;
  /** The rejection's comment, or the order's number once placed. */
  readonly detail?: string | undefined;
}

const SUBJECT: Readonly<Record<PurchaseOrderMailKind, (number: string) => string>> = {
  approval_required: (number) => `Purchase Order #${number} requires your approval`,
  approved: (number) => `Purchase Order #${number} has been approved`,
  rejected: (number) => `Purchase Order #${number} has been rejected`,
  order_placed: (number) => `An order has been placed for Purchase Order #${number}`,
};

function lines(facts: PurchaseOrderMailFacts): string[] {
  const po = `Purchase Order #${facts.number} (${facts.grandTotal}) placed by ${facts.buyer}`;
  switch (facts.kind) {
    case 'approval_required':
      return [`${po} is waiting for your approval.`];
    case 'approved':
      return [`${po} has been approved.`];
    case 'rejected':
      return [`${po} has been rejected.`, ...(facts.detail ? [`Comment: ${facts.detail}`] : [])];
    case 'order_placed':
      return [`Order #${facts.detail ?? ''} has been placed from ${po}.`];
  }
}

export function purchaseOrderMail(facts: PurchaseOrderMailFacts): StoreMail {
  const subject = SUBJECT[facts.kind](facts.number);
  const link = `${facts.storeUrl.replace(/\/+$/, '')}/company/purchase-orders/${encodeURIComponent(facts.uid)}`;
  return storeLetter({
    store: facts.store,
    to: facts.to,
    subject,
    paragraphs: lines(facts),
    link: { href: link, text: `View Purchase Order #${facts.number}` },
  });
}
