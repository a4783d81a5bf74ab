/**
 * Click & collect at payment: before any money is taken, a basket to be collected is reserved at its
 * point again for the time it takes to pay (the shelf read afresh, under the reservations' lock); what has
 * gone meanwhile is a typed refusal the payment routes turn into the shopper's message, and nothing is
 * charged. Once Magento has placed the order, its reservation is kept for it until it is collected, and
 * the shopper is e-mailed where and when to collect it (order-mail.ts).
 */
import { HttpError } from '../../http/index.ts';
import { PICKUP_SHIPPING_METHOD } from '../../magento/wire/pickup.ts';
import {
  keepForPlacedOrder,
  readyDayOfOrder,
  release,
  reserve,
  type CartLine,
  type CollectDeps,
} from './collect.server.ts';
import { collectionPoints } from './points.server.ts';
import { weekdayText } from '../day-text.ts';
import { collectOrderMail } from './order-mail.ts';
import { collectTexts as t } from './texts.ts';

/** Why a basket to collect cannot be paid for. */
export type CollectRefusal =
  /** Something is no longer free at the point (or its reservation lapsed and another took it). */
  | 'gone'
  /** The cart names no point, or one that is no longer a collection point. */
  | 'no-point'
  /** Another reservation is being made: try again in a moment. */
  | 'busy'
  /** Magento or the store could not be read: the shelf cannot be checked. */
  | 'unavailable';

export class CollectRefused extends Error {
  readonly reason: CollectRefusal;
  /** The point's name, for the shopper's message. */
  readonly pointName: string;
  constructor(reason: CollectRefusal, pointName: string) {
    super(`Collection refused: ${reason} (${pointName})`);
    this.name = 'CollectRefused';
    this.reason = reason;
    this.pointName = pointName;
  }
}

/** The shopper's answer to a refusal: 409 for what they can change, 503 when the shelf cannot be checked. */
export function collectionProblem(refused: CollectRefused): HttpError {
  switch (refused.reason) {
    case 'gone':
      return new HttpError(409, t.soldOutWhilePaying(refused.pointName));
    case 'no-point':
      return new HttpError(409, t.noSuchPoint);
    case 'busy':
      return new HttpError(409, t.busy);
    case 'unavailable':
      return new HttpError(503, t.holdFailed);
  }
}

/** The cart as the payment steps read it. */
export interface CollectCart {
  readonly id: number;
  readonly lines: readonly CartLine[];
  readonly shippingMethod: string | undefined;
  readonly pickupPoint: string | undefined;
}

/** What placing read back of the order: its number, the shopper's e-mail, the point it is collected from. */
export interface PlacedCollectOrder {
  readonly number: string | undefined;
  readonly email?: string | undefined;
  readonly pickupPoint: string | undefined;
}

export interface CollectAtPayment {
  /** For a basket to be collected, its lines reserved for paying; throws CollectRefused. */
  beforePayment(cart: CollectCart): Promise<void>;
  /**
   * The basket's reservation kept for the order Magento placed for it, and a collection order's
   * confirmation queued (once per order) when `order` says where it is collected and to whom to write.
   * Never throws: the order stands whatever happens here.
   */
  placed(cartId: number, orderId: number, order?: PlacedCollectOrder): Promise<void>;
}

/** Queues the collection order's confirmation: where, when, what to bring, how long it is kept. */
async function confirmByMail(deps: CollectDeps, orderId: number, order: PlacedCollectOrder): Promise<void> {
  const { mail } = deps;
  const { number, email, pickupPoint } = order;
  if (!mail || !number || !email || !pickupPoint) return;
  const point = (await collectionPoints(deps)).find((each) => each.code === pickupPoint);
  if (!point) throw new Error(`${pickupPoint} is not a collection point`);
  const day = await readyDayOfOrder(deps, point.settings, orderId);
  const { key, mail: message } = collectOrderMail(mail.sender, mail.siteUrl, {
    orderId,
    number,
    to: email,
    point,
    when: day && weekdayText(day),
    keptForDays: deps.settings.collectWithinDays,
    bring: deps.settings.bring,
  });
  await mail.outbox.enqueue(key, message);
}

const isCollection = (cart: CollectCart): boolean => cart.shippingMethod === PICKUP_SHIPPING_METHOD;

export function collectAtPayment(deps: CollectDeps): CollectAtPayment {
  return {
    async beforePayment(cart) {
      // A basket once reserved and then sent for delivery: its reservation must not become the order's.
      if (!isCollection(cart)) return release(deps, cart.id).catch(() => undefined);
      const code = cart.pickupPoint ?? '';
      let outcome;
      try {
        const point = (await collectionPoints(deps)).find((each) => each.code === code);
        if (!point) throw new CollectRefused('no-point', code);
        outcome = {
          point,
          reservation: await reserve(deps, cart, point.settings, deps.settings.payingMinutes),
        };
      } catch (error) {
        if (error instanceof CollectRefused) throw error;
        deps.log(`Collection at ${code} not checked for cart ${cart.id}: ${String(error)}`);
        throw new CollectRefused('unavailable', code);
      }
      const { point, reservation } = outcome;
      if (reservation.kind === 'short') throw new CollectRefused('gone', point.name);
      if (reservation.kind === 'busy') throw new CollectRefused('busy', point.name);
    },
    async placed(cartId, orderId, order) {
      try {
        await keepForPlacedOrder(deps, cartId, orderId);
      } catch (error) {
        // The order stands; its units are then free again on the site until Magento ships them.
        deps.log(`Reservation of cart ${cartId} not kept for order ${orderId}: ${String(error)}`);
      }
      if (order)
        await confirmByMail(deps, orderId, order).catch((error: unknown) =>
          deps.log(`Collection order ${orderId} not confirmed by e-mail: ${String(error)}`),
        );
    },
  };
}
