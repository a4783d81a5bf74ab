/**
 * The product page's delivery estimate, worked out in the browser when the page is viewed: the page is
 * static and may be served for days, so only the shopper's clock knows which days an order placed now
 * arrives. `[data-delivery-estimate="carrier/method"]` holds the transit time ("2–3 working days") until
 * then, which is what shoppers without JavaScript read. Worked out again when the tab comes back into
 * view, since a page left open overnight would otherwise promise yesterday's days.
 */
import { estimateDelivery } from '../../delivery/delivery.ts';
import { formatEstimate } from '../../delivery/format.ts';

function fill(now: Date): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-delivery-estimate]')) {
    const [carrier = '', method = ''] = (element.dataset['deliveryEstimate'] ?? '').split('/');
    const estimate = estimateDelivery(carrier, method, now);
    if (estimate) element.textContent = formatEstimate(estimate);
  }
}

export function initDeliveryEstimate(): void {
  fill(new Date());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') fill(new Date());
  });
}
