/**
 * My alerts (issue 69, /customer/alerts): the signed-in customer's stock and price alerts in Magento's own
 * arrangement (its "My Product Alerts" page: a table per kind with when each was made, the product, a price
 * alert's price and "Unsubscribe", and "Unsubscribe from all …" under each), what the shopper did said
 * below. An alert e-mail's unsubscribe link opens this page asking for one removal, done once the list is
 * read (use-my-alerts.ts).
 */
import type { AlertKind, CustomerAlert } from '../../features/alerts/index.ts';
import { alertsTexts as t } from '../../features/alerts/index.ts';
import { strings } from '../../strings.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { LoadFailed, Loading } from '../../ui/forms/LoadStatus.tsx';
import { useMyAlerts } from './use-my-alerts.ts';
import '../../styles/forms.css';
import './my-alerts.css';

/** Magento's `add_date` (`YYYY-MM-DD HH:MM:SS`, UTC) as a UK date. */
const day = (since: string): string => {
  const date = new Date(`${since.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime())
    ? since
    : date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      });
};

interface TableProps {
  kind: AlertKind;
  alerts: readonly CustomerAlert[];
  busy: boolean;
  onRemove: (kind: AlertKind, sku: string) => void;
  onRemoveAll: (kind: AlertKind) => void;
}

function AlertTable({ kind, alerts, busy, onRemove, onRemoveAll }: TableProps) {
  const title = kind === 'stock' ? t.stockTitle : t.priceTitle;
  const id = `alerts-${kind}`;
  if (alerts.length === 0)
    return (
      <section className="my-alerts__kind" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <p>{kind === 'stock' ? t.noStock : t.noPrice}</p>
      </section>
    );
  return (
    <section className="my-alerts__kind" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="my-alerts__table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.created}</th>
            <th scope="col">{t.productName}</th>
            {kind === 'price' && <th scope="col">{t.subscribedPrice}</th>}
            <th scope="col">{t.action}</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert) => (
            <tr key={alert.sku}>
              <td data-label={t.created}>{day(alert.since)}</td>
              <td data-label={t.productName}>
                {alert.href ? <a href={alert.href}>{alert.name}</a> : alert.name}
                {kind === 'stock' && alert.sent && <span className="my-alerts__sent"> {t.sentOn}</span>}
              </td>
              {kind === 'price' && (
                <td data-label={t.subscribedPrice}>{alert.price === null ? '' : t.price(alert.price)}</td>
              )}
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={busy || undefined}
                  onClick={() => onRemove(kind, alert.sku)}
                >
                  {t.unsubscribe}
                  <span className="visually-hidden"> {alert.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => onRemoveAll(kind)}
      >
        {kind === 'stock' ? t.unsubscribeAllStock : t.unsubscribeAllPrice}
      </button>
    </section>
  );
}

export default function MyAlerts() {
  const { loaded, said, refused, busy, reload, removeOne, removeAll } = useMyAlerts();
  if (loaded.status === 'loading') return <Loading className="account-status" text={t.loading} />;
  if (loaded.status === 'failed')
    return (
      <LoadFailed
        className="account-status"
        message={loaded.message}
        retryText={strings.shopper.retry}
        onRetry={reload}
      />
    );
  return (
    <div className="my-alerts">
      <p>{t.intro}</p>
      <p className="my-alerts__said" role="status">
        {said}
      </p>
      <FormError id="my-alerts-error" message={refused} />
      {(['stock', 'price'] as const).map((kind) => (
        <AlertTable
          key={kind}
          kind={kind}
          alerts={loaded.alerts[kind]}
          busy={busy}
          onRemove={removeOne}
          onRemoveAll={removeAll}
        />
      ))}
    </div>
  );
}
