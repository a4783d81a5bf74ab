/**
 * What a purchase order holds (PurchaseOrderView.tsx): its lines and totals, the approval flow of each rule
 * that applied, the comments and the history Magento keeps of every step.
 */
import { purchaseOrderTexts as t, type PurchaseOrderAnswer } from '../../features/purchase-orders/index.ts';
import { when } from './when.ts';

const money = (value: number | null): string => (value === null ? '' : t.price(value));

function Lines({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <section className="po-section" aria-labelledby="po-items">
      <h2 id="po-items">{t.items}</h2>
      <table className="po-table">
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.quantity}</th>
            <th scope="col">{t.unitPrice}</th>
            <th scope="col">{t.rowTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.sku}>
              <td data-label={t.product}>
                {line.name} <span className="po-sku">({line.sku})</span>
              </td>
              <td data-label={t.quantity}>{line.quantity}</td>
              <td data-label={t.unitPrice}>{money(line.price)}</td>
              <td data-label={t.rowTotal}>{money(line.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="po-totals">
        {order.subtotal !== null && (
          <>
            <dt>{t.subtotal}</dt>
            <dd>{money(order.subtotal)}</dd>
          </>
        )}
        {order.delivery !== null && (
          <>
            <dt>{t.delivery}</dt>
            <dd>{money(order.delivery)}</dd>
          </>
        )}
        <dt>{t.grandTotal}</dt>
        <dd>{money(order.total)}</dd>
      </dl>
    </section>
  );
}

function Approvals({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <section className="po-section" aria-labelledby="po-flow">
      <h2 id="po-flow">{t.approvalFlow}</h2>
      {order.approvals.length === 0 && <p>{t.noApprovalNeeded}</p>}
      {order.approvals.map((flow) => (
        <div key={flow.rule}>
          <h3>{flow.rule}</h3>
          <ul>
            {flow.events.map((event, at) => (
              <li key={at}>
                {event.role}: {t.flowStatus[event.status]}
                {event.name ? ` (${event.name})` : ''}
                {event.message ? `: ${event.message}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Comments({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <section className="po-section" aria-labelledby="po-comments">
      <h2 id="po-comments">{t.comments}</h2>
      {order.comments.length === 0 && <p>{t.noComments}</p>}
      <ul className="po-history">
        {order.comments.map((comment, at) => (
          <li key={at}>
            <strong>{comment.author ?? ''}</strong> ({when(comment.at)}): {comment.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function History({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <section className="po-section" aria-labelledby="po-history">
      <h2 id="po-history">{t.history}</h2>
      <ol className="po-history">
        {order.history.map((item, at) => (
          <li key={at}>
            {when(item.at)}: {item.message}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function PurchaseOrderDetails({ order }: { order: PurchaseOrderAnswer }) {
  return (
    <>
      <Lines order={order} />
      <Approvals order={order} />
      <Comments order={order} />
      <History order={order} />
    </>
  );
}
