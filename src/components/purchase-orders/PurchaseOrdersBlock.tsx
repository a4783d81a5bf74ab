/**
 * My Account's way to the company's purchase orders (issue 68): shown only to a customer whose company
 * approves its orders, with the way to the approval rules for a role that may see them.
 */
import { useEffect, useState } from 'react';
import {
  APPROVAL_RULES_PAGE,
  PURCHASE_ORDERS_PAGE,
  purchaseOrderAccess,
  purchaseOrderTexts as t,
  type PurchaseOrderAccess,
} from '../../features/purchase-orders/index.ts';

export function PurchaseOrdersBlock() {
  const [access, setAccess] = useState<PurchaseOrderAccess | undefined>();
  useEffect(() => {
    // A customer in no company (or a back end without B2B) sees nothing here.
    purchaseOrderAccess().then(setAccess, () => undefined);
  }, []);
  if (!access?.enabled) return null;
  return (
    <section className="account-block" aria-labelledby="my-purchase-orders">
      <h2 id="my-purchase-orders">{t.title}</h2>
      <p>{t.accountIntro}</p>
      <p>
        <a href={PURCHASE_ORDERS_PAGE}>{t.accountLink}</a>
        {access.rules && (
          <>
            {' · '}
            <a href={APPROVAL_RULES_PAGE}>{t.accountRulesLink}</a>
          </>
        )}
      </p>
    </section>
  );
}
