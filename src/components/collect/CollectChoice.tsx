/**
 * Click & collect in the shipping step's delivery options: one "Collect from {point}" option per collection
 * point, with the day the basket would be ready there and "Free" (CollectOptions), and below the options what
 * choosing one did (CollectStatus): the basket reserved until a time, with the point's address and hours and
 * no delivery address asked for; or, said plainly, what cannot be collected there, with the ways on
 * (deliver everything instead, another point that has it all, or collect what it has and set the rest aside
 * for delivery after this order). The checkout draws them through its fulfilment slot (collect-way.tsx).
 */
import { untilText, collectTexts as t } from '../../features/collect/index.ts';
import type { CollectState } from './use-collect.ts';

export function CollectOptions({ collect, form }: { collect: CollectState; form: string }) {
  return (
    <>
      {collect.points?.map(({ point, dayText }) => (
        <label key={point.code} className="checkout-delivery__option">
          <input
            type="radio"
            name="delivery"
            form={form}
            value={`collect:${point.code}`}
            checked={collect.chosen?.code === point.code}
            onChange={() => collect.collect(point.code)}
          />
          <span className="checkout-delivery__name">{t.collectFrom(point.name)}</span>
          <span className="checkout-delivery__price">{t.free}</span>
          <span className="checkout-delivery__date">
            {dayText ? t.collectOn(dayText) : t.notAllCollectable}
          </span>
        </label>
      ))}
    </>
  );
}

interface CollectStatusProps {
  collect: CollectState;
  /** Back to delivery, with its cheapest method. */
  deliverAll: () => void;
}

export function CollectStatus({ collect, deliverAll }: CollectStatusProps) {
  const { chosen, hold, busy, problem } = collect;
  if (!chosen) return collect.unavailable ? <p>{t.collectUnavailable}</p> : null;
  if (busy) return <p role="status">{t.reserving}</p>;
  if (problem) return <p role="alert">{problem}</p>;
  if (!hold) return null;
  if (hold.kind === 'held')
    return (
      <div className="checkout-collect" role="status">
        <p className="checkout-collect__reserved">
          {t.collectOn(hold.dayText)}. {t.reservedUntil(untilText(hold.until))}
        </p>
        <p>
          {[hold.point.address.street, hold.point.address.city, hold.point.address.postcode].join(', ')}
          {hold.point.phone ? ` · ${hold.point.phone}` : ''} · <a href={hold.point.mapUrl}>{t.map}</a>
        </p>
        <details>
          <summary>{t.hours}</summary>
          <ul>
            {hold.point.hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
        {collect.setAside > 0 && <p>{t.splitDone(collect.setAside)}</p>}
        <p>{t.noAddressNeeded}</p>
      </div>
    );
  return (
    <div className="checkout-collect" role="alert">
      <p>{hold.message}</p>
      <ul>
        {hold.short.map((line) => (
          <li key={line.sku}>{line.text}</li>
        ))}
      </ul>
      <div className="checkout-collect__ways">
        <button type="button" className="button button--secondary" onClick={deliverAll}>
          {t.deliverAll}
        </button>
        {collect.splittable && (
          <button type="button" className="button button--secondary" onClick={collect.split}>
            {t.split}
          </button>
        )}
        {hold.others.map((other) => (
          <button
            key={other.code}
            type="button"
            className="button button--secondary"
            onClick={() => collect.collect(other.code)}
          >
            {t.collectElsewhere(other.name)}
          </button>
        ))}
      </div>
    </div>
  );
}
