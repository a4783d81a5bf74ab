/**
 * One order as the shopper reads it, for a signed-in customer's order page and the guest lookup alike:
 * its lines (a thumbnail linking to the product page while the shop still sells it: the product facts
 * files, no back-end call; the name and prices always from the order itself; a configurable's line with
 * its chosen options, named by its child's facts, and linking to the parent's page with them chosen), the totals, the addresses,
 * how it was sent and paid. "Buy again" puts the whole order, or one line, into the basket; "Print" gives
 * a clean sheet (orders.css hides the shop around it).
 */
import { useEffect, useState } from 'react';
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import type { OrderAddress, OrderDetail, OrderLine } from '../../features/orders/order.ts';
import { OrderInvoices } from './OrderInvoices.tsx';
import { optionsText } from '../../features/cart/options.ts';
import { buyAgain } from '../../features/orders/reorder.ts';
import { loadFacts, type ProductFacts } from '../../features/product-data/facts.ts';
import { notify } from '../../features/notify/notice-state.ts';
import { problemText } from '../../features/problem.ts';
import { strings } from '../../strings.ts';
import { useBusy } from '../forms/use-busy.ts';
import { isoDay, orderDate, orderMoney } from './format.ts';

const t = strings.orders;

/** The products' facts by sku, for those the shop still sells; empty until read (or if reading failed). */
function useFacts(skus: readonly string[]): ReadonlyMap<string, ProductFacts> {
  const [facts, setFacts] = useState<ReadonlyMap<string, ProductFacts>>(new Map());
  const key = skus.join('\n');
  useEffect(() => {
    let current = true;
    loadFacts([...skus])
      .then((results) => {
        const found = new Map<string, ProductFacts>();
        for (const result of results)
          if (result.status === 'found') found.set(result.facts.sku, result.facts);
        if (current) setFacts(found);
      })
      // Without the facts the lines still show, from the order, with no picture or link.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key]);
  return facts;
}

/** Each configurable child's parent sku, from the facts read (Buy again adds the parent with its options). */
function parentSkus(facts: ReadonlyMap<string, ProductFacts>): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [sku, entry] of facts) if (entry.parent) parents.set(sku, entry.parent.sku);
  return parents;
}

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

function Product({ line, facts }: { line: OrderLine; facts: ProductFacts | undefined }) {
  const picture = facts?.image ? (
    <img
      className="order-line__picture"
      src={imageUrl(facts.image.file, 160)}
      srcSet={imageSrcset(facts.image.file, 320)}
      sizes="64px"
      width={64}
      height={64}
      alt=""
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className="order-line__picture order-line__picture--none" aria-hidden="true" />
  );
  // A configurable's line: its child's facts name the chosen options ("Volume: 5 l") and link to them.
  const options = line.options.length > 0 && facts?.parent ? optionsText(facts.parent.options) : '';
  return (
    <div className="order-line__product">
      {picture}
      <span className="order-line__name">
        {facts ? <a href={facts.href}>{line.name}</a> : <span>{line.name}</span>}
        {line.options.length > 0 && (
          // Its room is kept while the facts load, so the table does not move when they come.
          <span className="order-line__options">{options || '\u00a0'}</span>
        )}
      </span>
    </div>
  );
}

export function OrderView({
  order,
  heading,
  downloadInvoice,
}: {
  order: OrderDetail;
  heading: 'h1' | 'h2';
  /** A guest's order: how to download one of its invoices (a signed-in customer's are plain links). */
  downloadInvoice?: (invoice: string) => Promise<void>;
}) {
  const facts = useFacts(order.lines.map((line) => line.sku));
  const { busy, start, finish } = useBusy();
  const money = (amount: number) => orderMoney(amount, order.currency);
  const Heading = heading;

  /** Buys `lines` again; the basket opens when any were added, so the page stays busy until it goes. */
  async function again(lines: readonly OrderLine[]) {
    if (!start(true)) return;
    try {
      if (!(await buyAgain(lines, parentSkus(facts)))) finish();
    } catch (error) {
      notify(problemText(error), 'alert');
      finish();
    }
  }

  return (
    <article className="order" aria-labelledby="order-title">
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
            aria-disabled={busy || undefined}
            onClick={() => void again(order.lines)}
          >
            {busy ? t.buyingAgain : t.buyAgain}
          </button>
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            {t.print}
          </button>
        </div>
      </div>

      <table className="order-lines">
        <caption className="visually-hidden">{t.items}</caption>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.sku}</th>
            <th scope="col" className="order-lines__number">
              {t.qty}
            </th>
            <th scope="col" className="order-lines__number">
              {t.price}
            </th>
            <th scope="col" className="order-lines__number">
              {t.rowTotal}
            </th>
            <th scope="col" className="order-lines__again">
              <span className="visually-hidden">{t.buyAgain}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.sku}>
              <td data-label={t.product}>
                <Product line={line} facts={facts.get(line.sku)} />
              </td>
              <td data-label={t.sku}>{line.sku}</td>
              <td data-label={t.qty} className="order-lines__number">
                {line.qty}
              </td>
              <td data-label={t.price} className="order-lines__number">
                {money(line.price)}
              </td>
              <td data-label={t.rowTotal} className="order-lines__number">
                {money(line.rowTotal)}
              </td>
              <td className="order-lines__again">
                <button
                  type="button"
                  className="button button--secondary order-lines__button"
                  aria-disabled={busy || undefined}
                  onClick={() => void again([line])}
                >
                  {t.buyAgain}
                  <span className="visually-hidden">: {line.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

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

      <div className="order__addresses">
        <Address title={t.billingAddress} address={order.billingAddress} />
        <Address title={t.shippingAddress} address={order.shippingAddress} />
        <section className="order__address" aria-label={t.shippingMethod}>
          <h2>{t.shippingMethod}</h2>
          <p>{order.shippingMethod ?? '–'}</p>
          <h2>{t.payment}</h2>
          <p>{order.payment}</p>
          {order.poNumber && (
            <p>
              {t.poNumber}: <strong>{order.poNumber}</strong>
            </p>
          )}
        </section>
      </div>
      <OrderInvoices order={order} download={downloadInvoice} />
    </article>
  );
}
