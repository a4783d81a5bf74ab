/**
 * A click & collect order's collection on its page, in place of the delivery address: where it stands as a
 * badge (being got ready, ready to collect, collected, cancelled), the point it is collected from with
 * its address, phone, map and hours, how long it is kept there and what to bring. It fills the order
 * page's slot for where the order goes (components/orders/order-panels.tsx).
 */
import { collectAfterTexts as a } from '../../features/collect/index.ts';
import {
  orderTexts as t,
  type CollectionState,
  type OrderCollection as Collection,
} from '../../features/orders/index.ts';
import { KeepAndBring, PlaceAddress } from './CollectionPlace.tsx';

const BADGES: Readonly<Record<CollectionState, string>> = {
  awaiting: t.awaitingCollection,
  ready: t.readyToCollect,
  collected: t.collected,
  cancelled: a.cancelled,
};

export function OrderCollection({ collection }: { collection: Collection }) {
  const waiting = collection.state === 'awaiting' || collection.state === 'ready';
  return (
    <section className="order__address collection-place" aria-labelledby="order-collection">
      <h2 id="order-collection">{a.collectFromTitle}</h2>
      <p>
        <strong className={`collection-badge collection-badge--${collection.state}`}>
          {BADGES[collection.state]}
        </strong>
      </p>
      {collection.state === 'ready' && <p>{a.readyNow}</p>}
      {collection.state === 'awaiting' && <p>{a.readyUnknown}</p>}
      <PlaceAddress place={collection.place} code={collection.point} />
      {waiting && <KeepAndBring keptForDays={collection.keptForDays} bring={collection.bring} />}
    </section>
  );
}
