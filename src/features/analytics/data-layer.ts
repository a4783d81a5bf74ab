/**
 * The page's `dataLayer`, as Google's tags read it (docs/analytics.md): Base.astro's inline script
 * creates it and sets Google Consent Mode v2's defaults before anything else runs, and everything here
 * only appends to it. Pushing sends nothing anywhere: a tag reads the queue only once one is loaded, which
 * happens after consent (tag.ts, loaded only then).
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/**
 * Google's `gtag()`: it queues its `arguments` object itself, which is what Google's tags look for (an
 * array would be read as a plain data push).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- typed for callers; `arguments` is queued
export function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}
