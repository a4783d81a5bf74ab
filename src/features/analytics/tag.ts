/**
 * Loads the merchant's Google tag (ANALYTICS_TAG: a Tag Manager container `GTM-…` or a GA4 measurement id
 * `G-…`), once per page, and only when called: the consent code calls it after the shopper allowed
 * analytics or marketing cookies. Google Consent Mode's defaults are already in the `dataLayer` (Base.astro),
 * so the tag starts from them and from the update the choice pushed.
 */
import { dataLayer, gtag } from './data-layer.ts';

const TAG_ORIGIN = 'https://www.googletagmanager.com';

/** Whether `id` is a GA4 measurement id, which gtag.js loads (events then go through `gtag('event')`). */
export const isMeasurementId = (id: string): boolean => id.startsWith('G-');

export function loadTag(id: string): void {
  if (document.querySelector('script[data-analytics-tag]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.dataset['analyticsTag'] = id;
  if (isMeasurementId(id)) {
    gtag('js', new Date());
    gtag('config', id);
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
