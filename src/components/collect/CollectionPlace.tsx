/**
 * A collection point as a shopper reads it after ordering (issue 55): its name and address, phone, a map
 * link and its opening hours; what to bring and how long the order is kept. The order page's collection
 * block and the confirmations draw it. When the point could not be read, its code is said instead.
 */
import { collectAfterTexts as a } from '../../features/collect/after-texts.ts';
import { collectTexts as t } from '../../features/collect/texts.ts';
import type { CollectionPlace } from '../../features/orders/index.ts';
import './collection-place.css';

export function PlaceAddress({ place, code }: { place: CollectionPlace | null; code: string }) {
  if (!place) return <p>{a.pointUnreadable(code)}</p>;
  return (
    <>
      <address className="collection__address">
        <strong>{place.name}</strong>
        {place.lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
        {place.phone && (
          <span>
            {a.phone}: <a href={`tel:${place.phone.replace(/\s+/g, '')}`}>{place.phone}</a>
          </span>
        )}
      </address>
      <p>
        <a href={place.mapUrl} rel="noopener" target="_blank">
          {a.mapLink(place.name)}
        </a>
      </p>
      <h3>{t.hours}</h3>
      <ul className="collection__hours">
        {place.hours.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** "We keep it for you for 7 days." and what to bring, when known. */
export function KeepAndBring({ keptForDays, bring }: { keptForDays: number | null; bring: string | null }) {
  return (
    <>
      {keptForDays !== null && <p>{t.keptFor(keptForDays)}</p>}
      {bring && (
        <>
          <h3>{t.bring}</h3>
          <p>{bring}</p>
        </>
      )}
    </>
  );
}
