/**
 * What the browser writes of an availability answer (collect-calls.ts): the product page's line says every
 * answer, and to call when there is none; a card's line only what can be collected, naming the point at
 * its end, and nothing otherwise: a card stays quiet rather than wrong.
 */
import { callToCheck, collectBrowserTexts as t } from './browser-texts.ts';
import type { ItemAvailability, PointInfo } from './collect-calls.ts';

/** "Call Clearwater Cleaning Leeds on 0113 … to check stock", as the server says it for an unknown one. */
export const callText = (point: Pick<PointInfo, 'name' | 'phone'> | undefined): string =>
  point ? callToCheck(point.name, point.phone) : t.callShop;

/** The product page's line: the answer's own words, else to call the point (or the shop). */
export const pageLine = (item: ItemAvailability | undefined, point: PointInfo | undefined): string =>
  item?.text || callText(point);

/**
 * A card's line: "Collect today: 3 in stock at Clearwater Cleaning Leeds", "Order by 4 pm, collect tomorrow
 * at Clearwater Cleaning Leeds"; '' for anything else.
 */
export function cardLine(item: ItemAvailability | undefined, pointName: string): string {
  if (!item || (item.kind !== 'shelf' && item.kind !== 'transfer')) return '';
  return pointName ? t.cardAt(item.text.replace(` from ${pointName}`, ''), pointName) : item.text;
}
