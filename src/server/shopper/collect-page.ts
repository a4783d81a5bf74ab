/**
 * Click & collect's availability page for shoppers without JavaScript (`GET /collect/availability/{sku}`,
 * linked from the product page): every point's answer for one product, the chosen point first, with its
 * address, phone, map and opening hours, and the way back to the product.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { type Point, hoursLines } from '../../features/collect/index.server.ts';
import { collectTexts as t } from '../../features/collect/index.ts';

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
