/**
 * Loads the merchant's Google tag (ANALYTICS_TAG: a Tag Manager container `GTM-…` or a GA4 measurement id
 * `G-…`), once per page, and only when called: the consent code calls it after the shopper allowed
 * analytics or marketing cookies. Google Consent Mode's defaults are already in the `dataLayer` (Base.astro),
 * so the tag starts from them and from the update the choice pushed.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import { dataLayer, gtag } from '../../features/analytics/data-layer.ts';

const TAG_ORIGIN = 'https://www.googletagmanager.com';

/** Whether `id` is a GA4 measurement id, which gtag.js loads. */
const isMeasurementId = (id: string): boolean => id.startsWith('G-');

/**
 * gtag.js reads only gtag() commands, not the `{event, ecommerce}` pushes Tag Manager reads (ga4.ts):
 * each of those, the ones already queued first, is handed to it as `gtag('event', name, params)`.
 */
export function forwardEvents(): void {
  const layer = dataLayer();
  const forward = (entry: unknown) => {
    if (!isRecord(entry) || !('event' in entry)) return;
    const { event, ecommerce, ...rest } = entry;
    if (typeof event === 'string' && !event.startsWith('gtm.')) gtag('event', event, ecommerce ?? rest);
  };
  const queued = [...layer];
  const push = layer.push.bind(layer);
  layer.push = (...entries: unknown[]) => {
    const length = push(...entries);
    entries.forEach(forward);
    return length;
  };
  queued.forEach(forward);
}

export function loadTag(id: string): void {
  if (document.querySelector('script[data-analytics-tag]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.dataset['analyticsTag'] = id;
  if (isMeasurementId(id)) {
    gtag('js', new Date());
    gtag('config', id);
    forwardEvents();
    script.src = `${TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  } else {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    script.src = `${TAG_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  }
  document.head.append(script);
}

/**
 * After consent is withdrawn: Google's analytics and advertising cookies on this site go (`_ga`, `_ga_…`,
 * `_gid`, `_gcl_…`), on this host and the domains above it, where the tag may have set them.
 */
export function dropTagCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => /^(_ga|_gid|_gat|_gcl_)/.test(name));
  const host = location.hostname.split('.');
  const domains = host
    .map((_, index) => host.slice(index).join('.'))
    .filter((domain) => domain.includes('.'));
  for (const name of names)
    for (const domain of ['', ...domains])
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
}
