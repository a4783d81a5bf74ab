/**
 * The collection point the shopper chose, kept as the VAT choice is (localStorage `collect-point`, '' before
 * a choice; anything stored that is not a plausible point code reads as no choice). Until the shopper
 * chooses, the shop's first point (the first `/collect/points` lists) is the one product pages and cards
 * speak of. Which points there are is a live answer of the storefront server (collect-calls.ts).
 */
import { persistentAtom } from '@nanostores/persistent';
import { COLLECT_POINT_KEY, decodePoint, isPointCode } from './collect-point.ts';

/** The shopper's choice, or '' before they made one. */
export const $collectPoint = persistentAtom<string>(COLLECT_POINT_KEY, '', {
  encode: (value) => value,
  decode: decodePoint,
});

export function choosePoint(code: string): void {
  if (isPointCode(code)) $collectPoint.set(code);
}

/** The point pages speak of: the chosen one while it is still a point, else the first listed. */
export function shownPoint<T extends { readonly code: string }>(
  points: readonly T[],
  chosen: string,
): T | undefined {
  return points.find((point) => point.code === chosen) ?? points[0];
}
