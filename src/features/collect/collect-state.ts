/**
 * The collection point the shopper chose, kept in the browser like the VAT choice (localStorage
 * `collect-point`; '' before a choice, or when what is stored is not a point code).
 */
import { persistentAtom } from '@nanostores/persistent';

export const COLLECT_POINT_KEY = 'collect-point';

const isPointCode = (value: string): boolean => /^[a-z0-9_-]{1,64}$/.test(value);

export const $collectPoint = persistentAtom<string>(COLLECT_POINT_KEY, '', {
  encode: (value) => value,
  decode: (stored) => (isPointCode(stored) ? stored : ''),
});

export function choosePoint(code: string): void {
  if (isPointCode(code)) $collectPoint.set(code);
}
