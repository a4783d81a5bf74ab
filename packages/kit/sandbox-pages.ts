/**
 * How a provider sandbox answers a browser: a page with no script and one same-origin stylesheet, under a
 * strict Content-Security-Policy; a 303 redirect that also carries a page to follow by hand; plain text;
 * and an amount as its currency writes it.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No script at all; one same-origin stylesheet. form-action is left out on purpose: browsers apply it to
  // the redirect that follows a form POST, and the payment ends with a redirect to the shop.
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

export function sendPage(c: Context, status: ContentfulStatusCode, html: string): Response {
  return c.body(html, status, PAGE_HEADERS);
}

/** 303 See Other: the browser GETs `location` (the shop's return address) after its POST. */
export function sendRedirect(c: Context, location: string, html: string): Response {
  return c.body(html, 303, { ...PAGE_HEADERS, Location: location });
}

export function sendText(
  c: Context,
  status: ContentfulStatusCode,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return c.body(text, status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
}

/** `pence` in `currency` as en-GB writes it (£12.50), or `12.50 XYZ` for a currency it does not know. */
export function formatAmount(pence: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(pence / 100);
  } catch {
    return `${(pence / 100).toFixed(2)} ${currency}`;
  }
}
