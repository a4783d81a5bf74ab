/**
 * What the collect routes answer of a point (its name, address, phone, map and opening hours as shoppers
 * read them), and the availability page for shoppers without JavaScript: every point's answer for one
 * product, linked from the product page.
 */
import { escapeHtml } from '../../components/escape-html.ts';
import { formatTime } from '../../delivery/format.ts';
import type { Point } from './collect.server.ts';
import { WEEKDAY_KEYS } from './settings.ts';
import { collectTexts as t } from './texts.ts';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Monday 8.30 am – 5.30 pm", "Sunday Closed", Monday first. */
export function hoursLines(point: Point): string[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  return order.map((index) => {
    const hours = point.settings.hours[WEEKDAY_KEYS[index] ?? 'sun'];
    const text = hours ? `${formatTime(hours[0])} – ${formatTime(hours[1])}` : t.closed;
    return `${DAY_NAMES[index] ?? ''} ${text}`;
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

/** A site path to go back to (the product page), never another site. */
const safeBack = (back: string | undefined): string | undefined =>
  back && /^\/(?!\/)[\w\-./]*$/.test(back) ? back : undefined;

export interface AvailabilityPage {
  readonly sku: string;
  readonly rows: readonly { readonly point: Point; readonly text: string }[];
  readonly chosen: string | undefined;
  readonly shop: { readonly name: string; readonly phone: string };
  readonly back: string | undefined;
}

const pointHtml = ({ point, text }: AvailabilityPage['rows'][number], chosen: boolean): string => `
<section${chosen ? ' aria-current="true"' : ''}>
  <h2>${escapeHtml(t.availabilityTitle(point.name))}</h2>
  <p><strong>${escapeHtml(text)}</strong></p>
  <p>${escapeHtml([point.address.street, point.address.city, point.address.postcode].join(', '))}${
    point.phone
      ? ` · <a href="tel:${escapeHtml(point.phone.replace(/\s+/g, ''))}">${escapeHtml(point.phone)}</a>`
      : ''
  } · <a href="${escapeHtml(point.mapUrl)}">${escapeHtml(t.map)}</a></p>
  <h3>${escapeHtml(t.hours)}</h3>
  <ul>${hoursLines(point)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul>
</section>`;

/** The page for one product: each point's availability, the chosen one first. */
export function availabilityPage(page: AvailabilityPage): string {
  const rows = [...page.rows].sort(
    (a, b) => Number(b.point.code === page.chosen) - Number(a.point.code === page.chosen),
  );
  const back = safeBack(page.back);
  const body =
    rows.length > 0
      ? rows.map((row) => pointHtml(row, row.point.code === page.chosen)).join('')
      : `<p>${escapeHtml(`Call ${page.shop.name} on ${page.shop.phone} to check stock`)}</p>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.availabilityOf(page.sku))} | ${escapeHtml(page.shop.name)}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}section{border-top:1px solid #ccc;padding:.5rem 0}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.availabilityOf(page.sku))}</h1>
${body}
${back ? `<p><a href="${escapeHtml(back)}">${escapeHtml('Back to the product')}</a></p>` : ''}
</main>
</body>
</html>`;
}
