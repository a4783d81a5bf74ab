/**
 * Click & collect at payment: before any money is taken, a basket to be collected is checked as Magento
 * will check it when placing the order (its shipping address is the point's, pickup-address.ts) and
 * reserved at its point again for the time it takes to pay (the shelf read afresh, under the
 * reservations' lock: a payer takes what other baskets merely hold). What would refuse the order is a
 * refusal in the shopper's words, and nothing is charged. It may be asked again for the same basket
 * (before a PayPal capture): it reserves the same lines again. Once Magento has placed the order, its
 * reservation is kept for it until it is collected, the order waits to be handed over, and the shopper is
 * e-mailed where and when to collect it (order-mail.ts). It is one of the payments' checks (payments/checks.ts).
 */
import type { CheckRefusal, CheckedOrder, PaymentCheck } from '../../payments/checks.ts';
import { PICKUP_SHIPPING_METHOD } from '../../magento/wire/pickup.ts';
import type { QuoteAddress } from '../../magento/wire/address.ts';
import { readyDayOfOrder, release, reservedPickup, type CollectDeps } from './collect.server.ts';
import { isPointAddress } from './pickup-address.ts';
import { collectionPoints, type Point } from './points.server.ts';
import { keepForPlacedOrder, reserve, type CartLine, type Reservation } from './reserve.server.ts';
import { weekdayText } from '../../calendar/day-text.ts';
import { collectOrderMail } from './order-mail.ts';
import { collectTexts as t } from './texts.ts';

/** Why a basket to collect cannot be paid for. */
export type CollectRefusal =
  /** Something is no longer free at the point (or its reservation lapsed and another took it). */
  | 'gone'
  /** The cart names no point, or one that is no longer a collection point. */
  | 'no-point'
  /** The cart's shipping address is not the point's: Magento would refuse the order. */
  | 'address'
  /** A line is for more units than one basket may collect (`mostPerLine`). */
  | 'too-many'
  /** Another reservation is being made: try again in a moment. */
  | 'busy'
  /** Magento or the store could not be read: the shelf cannot be checked. */
  | 'unavailable';

export class CollectRefused extends Error {
  readonly reason: CollectRefusal;
  /** The point's name, for the shopper's message. */
  readonly pointName: string;
  /** For `too-many`: the most units of a product one basket may collect. */
  readonly most: number;
  constructor(reason: CollectRefusal, pointName: string, most = 0) {
    super(`Collection refused: ${reason} (${pointName})`);
    this.name = 'CollectRefused';
    this.reason = reason;
    this.pointName = pointName;
    this.most = most;
  }
}

/** The shopper's message for a refusal. */
function refusalText(refused: CollectRefused): string {
  switch (refused.reason) {
    case 'gone':
      return t.soldOutWhilePaying(refused.pointName);
    case 'no-point':
      return t.noSuchPoint;
    case 'address':
      return t.notPointAddress(refused.pointName);
    case 'too-many':
      return t.tooManyToCollect(refused.pointName, refused.most);
    case 'busy':
      return t.busy;
    case 'unavailable':
      return t.holdFailed;
  }
}

/** The check's name among the payments' (and the word the PayPal return names its refusal by). */
const CHECK = 'collection';

/** The payments' refusal: 409 for what the shopper can change, 503 when the shelf cannot be checked. */
const checkRefusal = (refused: CollectRefused): CheckRefusal => ({
  check: CHECK,
  status: refused.reason === 'unavailable' ? 503 : 409,
  message: refusalText(refused),
  detail: refused.message,
});

/** The cart as the payment steps read it. */
interface CollectCart {
  readonly id: number;
  readonly lines: readonly CartLine[];
  readonly shippingMethod: string | undefined;
  readonly pickupPoint: string | undefined;
  /** The shipping address as Magento's cart answers it: for collection, it must be the point's. */
  readonly shipping: QuoteAddress | undefined;
}

/** A collection order Magento placed: its basket's lines as paid for, where, and whom to write to. */
interface PlacedCollectOrder {
  readonly cartId: number;
  readonly orderId: number;
  readonly lines: readonly CartLine[];
  readonly pickupPoint: string;
  /** Magento's order number, when it was read back. */
  readonly number: string | undefined;
  readonly email: string | undefined;
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

/** The refusal for a reservation that could not be made to pay. */
function refusalOf(reservation: Reservation, point: Point, most: number): CollectRefused | undefined {
  if (reservation.kind === 'busy') return new CollectRefused('busy', point.name);
  if (reservation.kind === 'spent') return new CollectRefused('gone', point.name);
  if (reservation.kind !== 'short') return undefined;
  const over = reservation.lines.some((line) => line.most !== undefined);
  return over ? new CollectRefused('too-many', point.name, most) : new CollectRefused('gone', point.name);
}

/** The basket's point checked and its lines reserved to pay; throws CollectRefused. */
async function reserveToPay(deps: CollectDeps, cart: CollectCart): Promise<void> {
  const code = cart.pickupPoint ?? '';
  let point: Point | undefined;
  let reservation: Reservation;
  try {
    point = (await collectionPoints(deps)).find((each) => each.code === code);
    if (!point) throw new CollectRefused('no-point', code);
    // Before reserving: a basket Magento would not place takes nobody's units.
    if (!isPointAddress(point.address, cart.shipping)) throw new CollectRefused('address', point.name);
    reservation = await reserve(deps, cart, point.settings, 'pay');
  } catch (error) {
    if (error instanceof CollectRefused) throw error;
    deps.log(`Collection at ${code} not checked for cart ${cart.id}: ${String(error)}`);
    throw new CollectRefused('unavailable', code);
  }
  const refusal = refusalOf(reservation, point, deps.settings.mostPerLine);
  if (refusal) throw refusal;
}

/** The point a placed order is collected from: Magento's word, or its reservation's when Magento did not answer. */
const pointOfOrder = async (deps: CollectDeps, order: CheckedOrder): Promise<string | undefined> =>
  order.read ? order.read.pickupPoint : reservedPickup(deps, order.cartId).catch(() => undefined);

/**
 * Click & collect as one of the payments' checks: a basket to collect is reserved to pay (one to be
 * delivered lets go of what it held), and a collection order keeps its reservation, waits to be handed
 * over and is confirmed by e-mail.
 */
export function collectAtPayment(deps: CollectDeps): PaymentCheck {
  return {
    name: CHECK,
    async beforePayment(cart) {
      // A basket once reserved and then sent for delivery: its reservation must not become the order's.
      if (!isCollection(cart)) {
        await release(deps, cart.id).catch(() => undefined);
        return undefined;
      }
      try {
        await reserveToPay(deps, cart);
        return undefined;
      } catch (error) {
        if (error instanceof CollectRefused) return checkRefusal(error);
        throw error;
      }
    },
    async placed(order) {
      const pickupPoint = await pointOfOrder(deps, order);
      if (!pickupPoint) return false;
      const { cartId, orderId, lines, email } = order;
      await keepAndConfirm(deps, {
        cartId,
        orderId,
        lines,
        pickupPoint,
        number: order.read?.number,
        email,
      }).catch((error: unknown) =>
        deps.log(`Collection order ${orderId} not kept or confirmed: ${String(error)}`),
      );
      return true;
    },
  };
}
