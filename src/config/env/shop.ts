/** The environment's shop variables: one section of `envSchema` (src/config/env.ts). */
import { z } from 'zod';
import { described, port, proxyList, url } from './fields.ts';

/** The shop as shoppers see it, where it is served and the catalogue snapshot it is built from. */
export const shopSection = z.object({
  SHOP_NAME: described(
    "The shop's name: in the header's logo, page titles, the footer, Open Graph and content files' `{provider}`, and in each payment's description sent to Opayo.",
    z.string().min(1).default('Clearwater Cleaning'),
  ),
  SHOP_PHONE: described(
    "Telephone number in the footer, the home page's call banner and content files' `{phone}`.",
    z.string().min(5).default('0800 123 4567'),
  ),
  SHOP_ORDER_PHONE: described(
    'The order-by-phone number on product pages.',
    z.string().min(5).default('0800 765 4321'),
  ),
  SHOP_EMAIL: described(
    "E-mail address in the footer and content files' `{email}`.",
    z.email({ error: 'must be an e-mail address' }).default('shop@example.com'),
  ),
  SHOP_ADDRESS: described(
    "Postal address in the footer and content files' `{address}`, and the seller's address on VAT invoices (split into lines at its commas).",
    z.string().min(1).default('Unit 4, Riverside Park, Leeds LS10 1AB, United Kingdom'),
  ),
  SHOP_VAT_NUMBER: described(
    "The seller's UK VAT registration number, printed on every VAT invoice (`GB` and 9 digits, or 12 for a branch).",
    z
      .string()
      .regex(/^\s*GB[\s\d]{9,16}$/i, 'a UK VAT number: GB followed by 9 or 12 digits')
      .default('GB123456782'),
  ),
  SHOP_COMPANY_NUMBER: described(
    "The seller's company registration number, printed on VAT invoices; unset: none is printed.",
    z.string().min(1).optional(),
  ),
  ANALYTICS_TAG: described(
    'A Google Tag Manager container (`GTM-…`) or a GA4 measurement ID (`G-…`): the pages load it only after the shopper allows analytics or marketing cookies, with Consent Mode v2 set first (`docs/analytics.md`). Unset: no tag loads, and the GA4 ecommerce events are still pushed to `dataLayer` for a tag manager the merchant adds.',
    z
      .string()
      .regex(/^(GTM-[A-Z0-9]{4,12}|G-[A-Z0-9]{4,16})$/, {
        error: 'must be a Tag Manager container id (GTM-XXXXXXX) or a GA4 measurement id (G-XXXXXXXXXX)',
      })
      .optional(),
  ),
  PRIVACY_POLICY_VERSION: described(
    'The version of the privacy and cookie policy shoppers give their consent to: change it when the policy changes, and every shopper is asked again.',
    z
      .string()
      .regex(/^[\w.-]{1,32}$/, { error: 'must be up to 32 letters, digits, dots, dashes or underscores' })
      .default('2022-02'),
  ),
  /**
   * The SMTP server the shop's e-mails go through, as a URL: `smtp://` (STARTTLS when offered) or `smtps://`
   * (TLS from the start), with the user and password percent-encoded.
   * @example smtp://shop%40example.com:app-password@smtp.example.com:587
   */
  SMTP_URL: described(
    "The SMTP server the shop's e-mails go through, as `smtp://user:password@host:587` (STARTTLS) or `smtps://user:password@host:465`, the user and password percent-encoded (server side only; never shown). Unset: `npm start` starts the embedded mail catcher and the shop sends there.",
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an SMTP server URL such as smtp://user:password@smtp.example.com:587',
      })
      .optional(),
  ),
  MAIL_FROM: described(
    "Who the shop's e-mails come from, as an address or `Name <address>`.",
    z
      .string()
      .regex(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
        error:
          'must be an e-mail address, or a name and an address as Clearwater Cleaning <shop@example.com>',
      })
      .optional(),
    { documentedDefault: '`SHOP_NAME <SHOP_EMAIL>`' },
  ),
  SITE_URL: described(
    'Public URL of the shop: canonical links, Open Graph, the sitemap and structured data, and the only origin the storefront accepts state-changing requests (sign-in, basket, checkout) from.',
    url.default('http://127.0.0.1:4321'),
  ),
  /**
   * Proxies in front of the storefront (a CDN, a load balancer) whose `X-Forwarded-For` names the client,
   * for the sign-in and status-page throttles. Unset: none; the connection's address is the client.
   * @example loopback,10.0.0.0/8
   */
  TRUSTED_PROXIES: described(
    "Proxies in front of the storefront (CDN, load balancer) whose `X-Forwarded-For` names the client for the sign-in and status-page throttles: `loopback`, `uniquelocal`, addresses or CIDR ranges, comma-separated. Unset: the connection's address is the client.",
    proxyList.default([]),
  ),
  HOST: described('Address the storefront server listens on.', z.string().min(1).default('127.0.0.1')),
  PORT: described('Its port.', port(4321)),
  IMAGE_CACHE_DIR: described(
    'Disk cache of resized pictures; delete it to re-create them from Magento.',
    z.string().min(1).default('var/image-cache'),
  ),
  CATALOGUE_SNAPSHOT: described(
    'The catalogue snapshot (an SQLite file of rows) `npm run sync` writes and the build reads.',
    z.string().min(1).default('var/catalogue/catalogue.db'),
  ),
  CATALOGUE_STRICT: described(
    '`true`: the sync fails on an invalid product instead of leaving it out and reporting it (for CI).',
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  /**
   * A file holding `{"offsetMs": n}` that moves the shop's clock (scheduled prices, in the embedded back end
   * too) by n ms, for tests and demos of a sale's first day (src/config/clock.ts). Unset: the system clock.
   */
  SHOP_CLOCK_FILE: described(
    'A file holding `{"offsetMs": n}` that moves the whole shop\'s clock (scheduled prices, the embedded back end\'s carts) by n ms, for tests and demos. Unset: the system clock.',
    z.string().min(1).optional(),
  ),
});
