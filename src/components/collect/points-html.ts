/**
 * The collection points as the product page's "Change" chooser lists them: one radio button each (the
 * shown point checked) labelled with its name and address, then its phone, a map link and its opening
 * hours. Shop data, escaped: never markup.
 */
import { collectBrowserTexts as t } from '../../features/collect/browser-texts.ts';
import { telOf, type PointInfo } from '../../features/collect/collect-calls.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

function pointHtml(point: PointInfo, checked: boolean): string {
  const id = escapeHtml(`collect-point-${point.code}`);
  const name = escapeHtml(point.name);
  const phone = point.phone
    ? `<a href="${escapeHtml(telOf(point.phone))}">${escapeHtml(point.phone)}</a> · `
    : '';
  const hours = point.hours.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  return (
    `<div class="collect-point"><input type="radio" name="collect-point" id="${id}" value="${escapeHtml(point.code)}"${checked ? ' checked' : ''}>` +
    `<label for="${id}"><strong>${name}</strong> <span>${escapeHtml(point.address)}</span></label>` +
    `<p class="collect-point__more">${phone}<a href="${escapeHtml(point.mapUrl)}" target="_blank" rel="noopener">${escapeHtml(t.map)}<span class="visually-hidden">: ${name}</span></a></p>` +
    (hours
      ? `<details class="collect-point__hours"><summary>${escapeHtml(t.hours)}<span class="visually-hidden">: ${name}</span></summary><ul>${hours}</ul></details>`
      : '') +
    `</div>`
  );
}

/** Every point, `shown` checked. */
export const pointsHtml = (points: readonly PointInfo[], shown: string): string =>
  points.map((point) => pointHtml(point, point.code === shown)).join('');
