/**
 * `components/orders/`: the React islands that show a shopper's orders: My orders (OrdersList,
 * OrdersTable), the latest ones on My Account (RecentOrders), one order for its customer (CustomerOrder)
 * or a guest (OrderLookup), both drawn by this file's OrderView with its lines (OrderLines), "Buy again"
 * (use-buy-again.ts) and invoices (OrderInvoices). What an order is and how it is fetched lives in
 * `features/orders/`.
 *
 * One order as the shopper reads it, for a signed-in customer's order page and the guest lookup alike:
 * its lines (a thumbnail linking to the product page while the shop still sells it: the product facts
 * files, no back-end call; the name and prices always from the order itself; a configurable's line with
 * its chosen options, named by its child's facts, and linking to the parent's page with them chosen), the totals, the addresses
 * (or, for click & collect, where it is collected and where that stands), how it was sent and paid. "Buy again" puts the whole order, or one line, into the basket; "Print" gives
 * a clean sheet (orders.css hides the shop around it).
 */
import type { OrderAddress, OrderDetail } from '../../features/orders/order.ts';
import { OrderInvoices } from './OrderInvoices.tsx';
import { CollectionPanel } from './order-panels.tsx';
import { OrderLines } from './OrderLines.tsx';
import { strings } from '../../strings.ts';
import { isoDay, orderDate, orderMoney } from '../../ui/order-format.ts';
import { useBuyAgain, type BuyAgain } from './use-buy-again.ts';

const t = strings.orders;

type Heading = 'h1' | 'h2';

function Address({ title, address }: { title: string; address: OrderAddress | null }) {
  return (
    <section className="order__address" aria-label={title}>
      <h2>{title}</h2>
      {address ? (
        <address>
          {[address.name, ...address.lines, address.country, address.telephone ?? '']
            .filter(Boolean)
            .map((line, index) => (
              <span key={index}>{line}</span>
            ))}
        </address>
      ) : (
        <p>–</p>
      )}
    </section>
  );
}

/** The order's number, date and status, with "Buy again" for the whole order and "Print". */
function OrderHead({ order, heading, buying }: { order: OrderDetail; heading: Heading; buying: BuyAgain }) {
  const Heading = heading;
  return (
    <div className="order__head">
      <Heading id="order-title" className="page-title">
        {t.orderTitle(order.number)}
      </Heading>
      <p className="order__meta">
        <span>
          {t.placedOn} <time dateTime={isoDay(order.placedAt)}>{orderDate(order.placedAt)}</time>
        </span>
        <span className="order__status">
          {t.status}: <strong>{order.status}</strong>
        </span>
      </p>
      <div className="form-actions order__actions">
        <button
          type="button"
          className="button"
          aria-disabled={buying.busy || undefined}
          onClick={() => void buying.again(order.lines)}
        >
          {buying.busy ? t.buyingAgain : t.buyAgain}
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t.print}
        </button>
      </div>
    </div>
  );
}

function OrderTotals({ order, money }: { order: OrderDetail; money: (amount: number) => string }) {
  return (
    <dl className="order__totals">
      <dt>{t.subtotal}</dt>
      <dd>{money(order.subtotal)}</dd>
      <dt>{t.shipping}</dt>
      <dd>{money(order.shipping)}</dd>
      {order.discount !== null && (
        <>
          <dt>{order.discountFor ? `${t.discount} (${order.discountFor})` : t.discount}</dt>
          <dd>{money(order.discount)}</dd>
        </>
      )}
      {order.vat !== null && (
        <>
          <dt>{t.vat}</dt>
          <dd>{money(order.vat)}</dd>
        </>
      )}
      <dt className="order__grand">{t.grandTotal}</dt>
      <dd className="order__grand">{money(order.total)}</dd>
    </dl>
  );
}

/**
 * Where the order goes and how it is paid: the two addresses (a click & collect order's point instead of
 * the delivery address, which is the point's), the delivery, the payment (and PO number).
 */
function OrderAddresses({ order }: { order: OrderDetail }) {
  return (
    <div className="order__addresses">
      <Address title={t.billingAddress} address={order.billingAddress} />
      {order.collection ? (
        <CollectionPanel collection={order.collection} />
      ) : (
        <Address title={t.shippingAddress} address={order.shippingAddress} />
      )}
      <section className="order__address" aria-label={t.shippingMethod}>
        <h2>{t.shippingMethod}</h2>
        <p>{order.shippingMethod ?? '–'}</p>
        <h2>{t.payment}</h2>
        <p>{order.payment}</p>
        {order.refunded !== null && (
          <p>
            {t.refunded}: <strong>{orderMoney(order.refunded, order.currency)}</strong>
          </p>
        )}
        {order.poNumber && (
          <p>
            {t.poNumber}: <strong>{order.poNumber}</strong>
          </p>
        )}
      </section>
    </div>
  );
}

export function OrderView({
  order,
  heading,
  downloadInvoice,
}: {
  order: OrderDetail;
  heading: Heading;
  /** A guest's order: how to download one of its invoices (a signed-in customer's are plain links). */
  downloadInvoice?: (invoice: string) => Promise<void>;
}) {
  const buying = useBuyAgain(order.lines);
  const money = (amount: number) => orderMoney(amount, order.currency);
  return (
    <article className="order" aria-labelledby="order-title">
      <OrderHead order={order} heading={heading} buying={buying} />
      <OrderLines lines={order.lines} buying={buying} money={money} />
      <OrderTotals order={order} money={money} />
      <OrderAddresses order={order} />
      <OrderInvoices order={order} download={downloadInvoice} />
    </article>
  );
}
