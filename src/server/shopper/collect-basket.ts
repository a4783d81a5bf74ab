/**
 * The collect routes' answers about the shopper's own basket (src/server/shopper/collect.ts): for each
 * point, when it could be collected there (`POST /collect/basket`), and reserving it at one
 * (`POST /collect/hold`), with what cannot be collected said line by line and the points that have it all.
 */
import {
  todayAt,
  type CollectDeps,
  basketAt,
  reserve,
  type ShortLine,
  collectionPoints,
  type Point,
  pointView,
} from '../../features/collect/index.server.ts';
import { collectDayText, collectTexts as t } from '../../features/collect/index.ts';
import { HttpError, jsonReply, SessionEnded } from '../../http/index.ts';
import { MagentoApiError } from '../../magento/client.ts';
import { isMaskedCartId } from '../../magento/wire/shopper-cart.ts';
import type { CheckoutCart, MagentoCheckout, ShopperCartRef } from '../../payments/magento-checkout.ts';
import { strings } from '../../strings.ts';

export interface BasketConfig {
  readonly deps: CollectDeps;
  /** Reads the shopper's own cart (their token or guest code proves it is theirs). */
  readonly checkout: Pick<MagentoCheckout, 'readCart'>;
}

/** The point a request names: 404 for one that is not a collection point. */
export function pointNamed(points: readonly Point[], code: string): Point {
  const point = points.find((each) => each.code === code);
  if (!point) throw new HttpError(404, t.noSuchPoint);
  return point;
}

/** The shopper's own cart, as the payment routes read it; 409 when there is none. */
export async function shopperCart(config: BasketConfig, token: string | undefined, guestCode: string) {
  if (!token && !isMaskedCartId(guestCode)) throw new HttpError(409, strings.checkout.emptyCart);
  const ref: ShopperCartRef = token ? { kind: 'customer', token } : { kind: 'guest', guestCart: guestCode };
  try {
    const cart = await config.checkout.readCart(ref);
    if (cart.lines.length === 0) throw new HttpError(409, strings.checkout.emptyCart);
    return cart;
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401 && token)
      throw new SessionEnded(strings.checkout.sessionEnded);
    if (error instanceof MagentoApiError && error.status === 404)
      throw new HttpError(409, strings.checkout.emptyCart);
    throw error;
  }
}

/** The basket's lines that cannot be collected, named as the basket names them. */
const shortLines = (cart: CheckoutCart, short: readonly ShortLine[]) => {
  const names = new Map(cart.lines.map((line) => [line.sku, line.name ?? line.sku]));
  return short.map((line) => {
    const name = names.get(line.sku) ?? line.sku;
    const text = line.most === undefined ? t.shortLine(name, line.free) : t.overLine(name, line.most);
    return { ...line, name, text };
  });
};

/** The answer for a basket that cannot all be collected from `point`: its lines, and the points that have all of it. */
async function shortAnswer(
  deps: CollectDeps,
  cart: CheckoutCart,
  point: Point,
  points: readonly Point[],
  short: readonly ShortLine[],
) {
  const others: { code: string; name: string }[] = [];
  for (const other of points.filter((each) => each.code !== point.code))
    if ((await basketAt(deps, cart, other.settings)).short.length === 0)
      others.push({ code: other.code, name: other.name });
  return jsonReply(200, {
    kind: 'short',
    message: t.shortAtPoint(point.name),
    short: shortLines(cart, short),
    // How many of the basket's products could be collected there: with some, the basket can be split.
    kept: new Set(cart.lines.map((line) => line.sku)).size - short.length,
    others,
  });
}

/** `POST /collect/basket`: for every point, when the basket could be collected there, or what it lacks. */
export async function basketAnswer(config: BasketConfig, guestCode: string, token: string | undefined) {
  const { deps } = config;
  const points = await collectionPoints(deps);
  const cart = await shopperCart(config, token, guestCode);
  const day = todayAt(deps);
  const answers = await Promise.all(
    points.map(async (point) => {
      const { day: ready, short } = await basketAt(deps, cart, point.settings);
      return {
        point: pointView(point),
        ...(ready ? { day: ready, dayText: collectDayText(ready, day) } : {}),
        short: shortLines(cart, short),
      };
    }),
  );
  return jsonReply(200, { points: answers });
}

/** `POST /collect/hold`. */
export async function holdAnswer(
  config: BasketConfig,
  body: { readonly point: string; readonly guestCode?: string | undefined },
  token: string | undefined,
) {
  const { deps } = config;
  const points = await collectionPoints(deps);
  const point = pointNamed(points, body.point);
  const cart = await shopperCart(config, token, body.guestCode ?? '');
  const reservation = await reserve(deps, cart, point.settings, 'hold');
  if (reservation.kind === 'busy') throw new HttpError(409, t.busy);
  if (reservation.kind === 'spent') throw new HttpError(409, t.holdSpent(point.name, reservation.minutes));
  if (reservation.kind === 'short') return shortAnswer(deps, cart, point, points, reservation.lines);
  // Only a payment goes on past the basket's reservation time ('free'); a hold is 'spent' then.
  if (reservation.kind !== 'held') throw new HttpError(409, t.collectNotHeld);
  return jsonReply(200, {
    kind: 'held',
    until: new Date(reservation.until).toISOString(),
    day: reservation.day,
    dayText: collectDayText(reservation.day, todayAt(deps)),
    point: pointView(point),
  });
}
