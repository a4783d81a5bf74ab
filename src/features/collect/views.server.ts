/**
 * What the collect routes answer of a point: its name, address, phone, map and opening hours as shoppers
 * read them.
 */
import { formatTime } from '../../delivery/format.ts';
import { WEEKDAYS } from '../../calendar/day-text.ts';
import type { Point } from './points.server.ts';
import { WEEKDAY_KEYS } from './settings.ts';
import { collectTexts as t } from './texts.ts';

/** "Monday 8.30 am – 5.30 pm", "Sunday Closed", Monday first. */
export function hoursLines(point: Point): string[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  return order.map((index) => {
    const hours = point.settings.hours[WEEKDAY_KEYS[index] ?? 'sun'];
    const text = hours ? `${formatTime(hours[0])} – ${formatTime(hours[1])}` : t.closed;
    return `${WEEKDAYS[index] ?? ''} ${text}`;
  });
}

/** A point as the routes answer it. */
export const pointView = (point: Point) => ({
  code: point.code,
  name: point.name,
  phone: point.phone ?? null,
  description: point.description ?? null,
  address: point.address,
  mapUrl: point.mapUrl,
  hours: hoursLines(point),
});
