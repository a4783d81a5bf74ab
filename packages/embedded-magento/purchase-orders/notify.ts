/**
 * Who each purchase-order e-mail goes to, and sending it (`mail.ts`) through the back end's mailer after the
 * change is committed: the approvers a purchase order waits for (the company's users an open approver line
 * names), or its buyer.
 */
import { companyCustomers, companyUser } from '../company/index.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { approverMatches, approverRows } from './access.ts';
import { purchaseOrderMail, type PurchaseOrderMailKind } from './mail.ts';
import { encodeUid, fullName, personById, type PurchaseOrderRow } from './store.ts';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** The customers an open approver line of the purchase order names, its creator never (`RuleApprover`). */
function pendingApprovers(context: GraphQlContext, po: PurchaseOrderRow): number[] {
  const { db } = context;
  const open = approverRows(db, po.entity_id).filter((row) => row.status === 0);
  const others = companyCustomers(db, po.company_id).filter((customerId) => customerId !== po.creator_id);
  return others.filter((customerId) => {
    const user = companyUser(db, customerId);
    return user?.active === true && open.some((row) => approverMatches(db, user, po, row));
  });
}

/** Sends the e-mail of a step to its recipients. */
export async function notify(
  context: GraphQlContext,
  po: PurchaseOrderRow,
  kind: PurchaseOrderMailKind,
  detail?: string,
): Promise<void> {
  const { db, returns } = context;
  const buyer = personById(db, po.creator_id);
  const recipients = kind === 'approval_required' ? pendingApprovers(context, po) : [po.creator_id];
  for (const customerId of recipients) {
    const person = personById(db, customerId);
    if (!person) continue;
    await returns.mailer.send(
      purchaseOrderMail({
        kind,
        store: returns.store,
        storeUrl: returns.storeUrl ?? '',
        to: { address: person.email, name: fullName(person) },
        number: po.increment_id,
        uid: encodeUid(po.entity_id),
        buyer: fullName(buyer),
        grandTotal: gbp.format(po.grand_total),
        detail,
      }),
    );
  }
}
