/**
 * One negotiable quote (issue 68, /company/quotes/view?uid=…): its lines at the quoted price beside the
 * catalogue's, the delivery price, the day the prices end, and the negotiation's history and comments.
 * Once we answered, the buyer may change quantities, ask again with a comment, or order at these prices
 * with a PO number; an expired quote says so and offers no order.
 */
import { useState } from 'react';
import { mayChange, mayOrder, quotesTexts as t, readQuote, type Quote } from '../../features/quotes/index.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { QuoteActions } from './QuoteActions.tsx';
import { when } from './when.ts';
import '../../styles/forms.css';
import './quotes.css';

function Lines({ quote }: { quote: Quote }) {
  return (
    <table className="quote-table">
      <caption className="visually-hidden">{quote.name}</caption>
      <thead>
        <tr>
          <th scope="col">{t.product}</th>
          <th scope="col">{t.quantity}</th>
          <th scope="col">{t.cataloguePrice}</th>
          <th scope="col">{t.quotedPrice}</th>
          <th scope="col">{t.lineTotal}</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.uid} data-sku={line.sku}>
            <td data-label={t.product}>{line.href ? <a href={line.href}>{line.name}</a> : line.name}</td>
            <td data-label={t.quantity}>{line.quantity}</td>
            <td data-label={t.cataloguePrice}>{t.price(line.catalogue)}</td>
            <td data-label={t.quotedPrice} className="quote-price">
              {t.price(line.price)}
            </td>
            <td data-label={t.lineTotal}>{t.price(line.rowTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Facts({ quote }: { quote: Quote }) {
  return (
    <dl className="quote-facts">
      <dt>{t.statusLabel}</dt>
      <dd className="quote-status">{t.status[quote.status]}</dd>
      <dt>{t.delivery}</dt>
      <dd>{quote.delivery === null ? t.notYetPriced : t.price(quote.delivery)}</dd>
      <dt>{t.total}</dt>
      <dd>{quote.total === null ? '' : t.price(quote.total)}</dd>
      <dt>{t.expires}</dt>
      <dd className="quote-expires">{quote.expires ? when(quote.expires) : t.noExpiry}</dd>
    </dl>
  );
}

function History({ quote }: { quote: Quote }) {
  return (
    <section className="quote-section" aria-labelledby="quote-history">
      <h2 id="quote-history">{t.history}</h2>
      <ol className="quote-history">
        {quote.history.map((event, index) => (
          <li key={index}>
            <p>
              {when(event.at)} {t.by(event.by)}
            </p>
            {event.status && <p>{t.statusChanged(t.status[event.status])}</p>}
            {event.comment && <blockquote>{event.comment}</blockquote>}
            {event.total !== null && <p>{t.totalChanged(t.price(event.total))}</p>}
            {event.expires && <p>{t.expiryChanged(when(event.expires))}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Shown({ first }: { first: Quote }) {
  const [quote, setQuote] = useState(first);
  return (
    <div className="quote-view">
      <p>
        <a href="/company/quotes">{t.back}</a>
      </p>
      <h1>{quote.name}</h1>
      <Facts quote={quote} />
      {quote.status === 'EXPIRED' && (
        <p className="quote-expired" role="status">
          {t.expiredNote}
        </p>
      )}
      {(quote.status === 'SUBMITTED' || quote.status === 'PENDING') && <p>{t.waiting}</p>}
      <Lines quote={quote} />
      {(mayChange(quote) || mayOrder(quote)) && <QuoteActions quote={quote} onChange={setQuote} />}
      <History quote={quote} />
    </div>
  );
}

const uidFromAddress = (): string => new URLSearchParams(window.location.search).get('uid') ?? '';

export default function QuoteView() {
  const { state, retry } = useLoad(() => readQuote(uidFromAddress()), { signIn: true, comeBack: true });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  return <Shown first={state.value} />;
}
