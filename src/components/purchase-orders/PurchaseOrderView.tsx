/**
 * One purchase order (issue 68, /company/purchase-orders/{uid}): its status, lines and totals, the
 * approval flow, comments and history, and the steps Magento lets the signed-in customer take now, each
 * with the comment box (a rejection needs its comment; every step shows in the history). Just placed at
 * the checkout (`?placed=1`), it says so first: waiting for approval.
 */
import { useState } from 'react';
import {
  PURCHASE_ORDERS_PAGE,
  purchaseOrderTexts as t,
  readOnePurchaseOrder,
  uidOfPage,
  type PurchaseOrderAnswer,
} from '../../features/purchase-orders/index.ts';
import { orderPath } from '../../features/orders/index.ts';
import { Leave } from '../../shop-api/navigation.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { PurchaseOrderDetails } from './PurchaseOrderDetails.tsx';
import { PurchaseOrderSteps } from './PurchaseOrderSteps.tsx';
import '../../styles/forms.css';
import './purchase-orders.css';

function Placed({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <section className="po-placed" aria-labelledby="po-placed-title">
      <h2 id="po-placed-title">{t.placedTitle}</h2>
      <p>{t.placedText}</p>
      <p>{t.placedNumber(order.number)}</p>
    </section>
  );
}

function Shown({ first, placed }: { first: PurchaseOrderAnswer; placed: boolean }) {
  const [order, setOrder] = useState(first);
  return (
    <div className="purchase-order">
      <h1>{t.heading(order.number)}</h1>
      {placed && order.status !== 'ORDER_PLACED' && <Placed order={order} />}
      <p>
        {t.status}: <strong data-po-status={order.status}>{t.statusText(order.status)}</strong>
        {order.order && (
          <>
            {' '}
            <a href={orderPath(order.order)}>{t.viewOrder}</a>
          </>
        )}
      </p>
      <PurchaseOrderSteps order={order} onChanged={setOrder} />
      <PurchaseOrderDetails order={order} />
      <p>
        <a href={PURCHASE_ORDERS_PAGE}>{t.back}</a>
      </p>
    </div>
  );
}

export default function PurchaseOrderView() {
  const [asked] = useState(() =>
    typeof window === 'undefined' ? undefined : uidOfPage(window.location.pathname, window.location.search),
  );
  const { state, retry } = useLoad(
    async () => (asked ? readOnePurchaseOrder(asked.uid) : new Leave(PURCHASE_ORDERS_PAGE)),
    { signIn: true },
  );
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  return <Shown first={state.value} placed={asked?.placed ?? false} />;
}
