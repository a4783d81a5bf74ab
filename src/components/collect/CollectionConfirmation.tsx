/**
 * The confirmation's collection block (issue 55), on the paid page and after placing on account: where
 * (the point's name, address, phone, hours and map), when ("Ready tomorrow: we e-mail you when it is
 * waiting for you", or only that we e-mail when the day is not known), what to bring and how long it is
 * kept. The points are read from the storefront server; when they cannot be, the point's code is said.
 */
import { useEffect, useState } from 'react';
import { wallClock } from '../../calendar/working-days.ts';
import { collectAfterTexts as a } from '../../features/collect/after-texts.ts';
import {
  fetchCollectionPoints,
  type CollectingOrder,
  type CollectionPointsAnswer,
} from '../../features/collect/after-order.ts';
import { collectDayText, collectTexts as t } from '../../features/collect/texts.ts';
import type { CollectionPlace } from '../../features/orders/index.ts';
import { KeepAndBring, PlaceAddress } from './CollectionPlace.tsx';

type Loaded = { status: 'loading' } | { status: 'done'; answer: CollectionPointsAnswer | undefined };

function placeIn(answer: CollectionPointsAnswer | undefined, code: string): CollectionPlace | null {
  const point = answer?.points.find((each) => each.code === code);
  if (!point) return null;
  const { street, city, postcode } = point.address;
  return {
    name: point.name,
    lines: [street, city, postcode],
    phone: point.phone,
    hours: point.hours,
    mapUrl: point.mapUrl,
  };
}

export function CollectionConfirmation({ collecting }: { collecting: CollectingOrder }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    fetchCollectionPoints().then(
      (answer) => setLoaded({ status: 'done', answer }),
      () => setLoaded({ status: 'done', answer: undefined }),
    );
  }, []);
  if (loaded.status === 'loading') return null;
  const { answer } = loaded;
  const place = placeIn(answer, collecting.point);
  const today = wallClock(new Date()).day;
  return (
    <section className="collection-place checkout-collection" aria-labelledby="collection-title">
      <h2 id="collection-title">{place ? t.where(place.name) : a.collectionTitle}</h2>
      <p>{collecting.day ? t.when(collectDayText(collecting.day, today)) : a.readyUnknown}</p>
      <PlaceAddress place={place} code={collecting.point} />
      <KeepAndBring keptForDays={answer?.keptForDays ?? null} bring={answer?.bring ?? null} />
    </section>
  );
}
