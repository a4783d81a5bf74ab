/**
 * My quotes (issue 68, /company/quotes): the company buyer's negotiable quotes with their status, the day
 * their prices end and their total, each leading to its page.
 */
import { quotePage, quotesTexts as t, readQuotes, type QuoteSummary } from '../../features/quotes/index.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { when } from './when.ts';
import '../../styles/forms.css';
import './quotes.css';

function Rows({ quotes }: { quotes: readonly QuoteSummary[] }) {
  if (quotes.length === 0) return <p>{t.empty}</p>;
  return (
    <table className="quote-table">
      <caption className="visually-hidden">{t.title}</caption>
      <thead>
        <tr>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.statusLabel}</th>
          <th scope="col">{t.updated}</th>
          <th scope="col">{t.quantity}</th>
          <th scope="col">{t.total}</th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((quote) => (
          <tr key={quote.uid}>
            <td data-label={t.name}>
              <a href={quotePage(quote.uid)}>{quote.name}</a>
            </td>
            <td data-label={t.statusLabel}>{t.status[quote.status]}</td>
            <td data-label={t.updated}>{when(quote.updatedAt)}</td>
            <td data-label={t.quantity}>{quote.quantity}</td>
            <td data-label={t.total}>{quote.total === null ? '' : t.price(quote.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function MyQuotes() {
  const { state, retry } = useLoad(readQuotes, { signIn: true });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  return <Rows quotes={state.value} />;
}
