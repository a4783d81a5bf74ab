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
  reservedPickup,
  reserve,
  type CartLine,
  type CollectDeps,
} from './collect.server.ts';
import { collectionPoints, type Point } from './points.server.ts';
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

/** A collection order Magento placed: its basket's lines as paid for, where, and whom to write to. */
export interface PlacedCollectOrder {
  readonly cartId: number;
  readonly orderId: number;
  readonly lines: readonly CartLine[];
  readonly pickupPoint: string;
  /** Magento's order number, when it was read back. */
  readonly number: string | undefined;
  readonly email: string | undefined;
}

export interface CollectAtPayment {
  /** For a basket to be collected, its lines reserved for paying; throws CollectRefused. */
  beforePayment(cart: CollectCart): Promise<void>;
  /** The point a basket's live reservation is for: what a placed order is, when it cannot be read back. */
  reservedPickup(cartId: number): Promise<string | undefined>;
  /**
   * The collection order's reservation kept for it (reserved once more under the lock) and its
   * confirmation queued, once per order. Never throws: the order stands whatever happens here.
   */
  placed(order: PlacedCollectOrder): Promise<void>;
}

/** Queues the collection order's confirmation: where, when, what to bring, how long it is kept. */
async function confirmByMail(deps: CollectDeps, order: PlacedCollectOrder, point: Point): Promise<void> {
  const { mail } = deps;
  const { orderId, number, email } = order;
  if (!mail || !number || !email) return;
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

/** The order's reservation kept, and what the point no longer has said in the log for the shop. */
async function keepAndConfirm(deps: CollectDeps, order: PlacedCollectOrder): Promise<void> {
  const point = (await collectionPoints(deps)).find((each) => each.code === order.pickupPoint);
  if (!point) throw new Error(`${order.pickupPoint} is not a collection point`);
  const short = await keepForPlacedOrder(
    deps,
    { id: order.cartId, lines: order.lines },
    point.settings,
    order.orderId,
  );
  if (short.length > 0)
    deps.log(
      `Order ${order.number ?? order.orderId} to collect from ${point.code}: the shelf no longer has ${short
        .map((line) => `${line.sku} (${line.free} of ${line.wanted})`)
        .join(', ')}; it was placed while paying outlasted its reservation`,
    );
  await confirmByMail(deps, order, point);
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
    reservedPickup: (cartId) => reservedPickup(deps, cartId),
    async placed(order) {
      await keepAndConfirm(deps, order).catch((error: unknown) =>
        deps.log(`Collection order ${order.orderId} not kept or confirmed: ${String(error)}`),
      );
    },
  };
}
