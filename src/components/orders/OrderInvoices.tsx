/**
 * An order's invoices (issue 38), each as a VAT invoice (PDF): a plain download link for a signed-in customer's
 * order, or, for a guest's (found by its details, not a session), `download` asks for it again with them.
 */
import { useState } from 'react';
import { invoiceFileName, invoicePdfPath, type OrderDetail } from '../../features/orders/order.ts';
import { problemText } from '../../shop-api/problem.ts';
import { strings } from '../../strings.ts';
import { isoDay, orderDate } from '../../ui/order-format.ts';

const t = strings.orders;

export function OrderInvoices({
  order,
  download,
}: {
  order: OrderDetail;
  download: ((invoice: string) => Promise<void>) | undefined;
}) {
  const [problem, setProblem] = useState('');
  if (order.invoices.length === 0) return null;
  return (
    <section className="order__invoices" aria-labelledby="order-invoices">
      <h2 id="order-invoices">{t.invoices}</h2>
      <ul>
        {order.invoices.map((invoice) => (
          <li key={invoice.number}>
            {t.invoiceLine(invoice.number)}{' '}
            <time dateTime={isoDay(invoice.issuedAt)}>{orderDate(invoice.issuedAt)}</time>{' '}
            {download ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setProblem('');
                  download(invoice.number).catch((error: unknown) => setProblem(problemText(error)));
                }}
              >
                {t.downloadInvoice}
              </button>
            ) : (
              <a
                className="button button--secondary"
                href={invoicePdfPath(order.number, invoice.number)}
                download={invoiceFileName(invoice.number)}
              >
                {t.downloadInvoice}
              </a>
            )}
          </li>
        ))}
      </ul>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
