/** GA4's `search` event (docs/analytics.md): what the shopper searched for, pushed by the results page. */
import { dataLayer } from './data-layer.ts';

export function pushSearch(term: string): void {
  if (term.trim()) dataLayer().push({ event: 'search', search_term: term.trim() });
}
