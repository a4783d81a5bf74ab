/**
 * Starts the embedded Magento back end: opens (and on first run seeds) its SQLite file, writes the demo
 * pictures and the demo CMS blocks' drawings, and listens. Kept apart from the app so tests start it on a
 * throwaway file and a free port.
 */
import { Server as HttpServer } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { SERVER_DEADLINES } from '@cleaning-shop/kit/server-deadlines.ts';
import { ensureIntegrationToken } from './auth/auth.ts';
import { ensureOAuthIntegration, type IntegrationCredentials } from './auth/oauth.ts';
import { carriersConfig, DEMO_CARRIERS, type CarriersConfig } from './checkout/carrier-config.ts';
import { DEMO_PAYMENTS, paymentsConfig, type PaymentsConfig } from './checkout/payment-config.ts';
import type { CheckoutSettings } from './checkout/settings.ts';
import { createMagentoApp } from './app.ts';
import { ensureCustomerGroups } from './customers/groups.ts';
import type { Database } from './db.ts';
import { openDatabase } from './schema.ts';
import { generateCatalogue } from './seed/catalogue.ts';
import { copyDemoBlockPictures, ensureDemoCmsBlocks, type DemoBlocks } from './seed/cms-blocks.ts';
import { writeProductImages } from './seed/images.ts';
import { ensureDemoPickupLocations } from './seed/pickup-locations.ts';
import { ensureDemoSalesRules } from './seed/sales-rules.ts';
import { ensureDemoReviews } from './seed/reviews.ts';
import { isSeeded, seedDatabase } from './seed/seed-database.ts';
import { ensureDemoTrade } from './seed/trade.ts';
import { ensureDemoCompanies } from './seed/company.ts';
import { magentoDate } from './db.ts';
import { ensureDemoGuestOrder } from './returns/demo-orders.ts';
import { ensureReturnLookups } from './returns/lookups.ts';
import type { ReturnsRuntime } from './returns/runtime.ts';
import { DEFAULT_STORE_CONTACT, type StoreContact } from './email/message.ts';
import { checkReturnSettings, SHOP_RETURN_SETTINGS, type ReturnSettings } from './returns/settings.ts';
import { NO_MAILER, smtpMailer } from './email/mailer.ts';
import { startAlertMailing } from './product-alerts/mailing.ts';
import { checkReviewSettings, DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from './reviews/settings.ts';
import type { OnSaved } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { systemClock, type Clock } from '@cleaning-shop/kit/clock.ts';

export interface EmbeddedMagentoConfig {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly dbFile: string;
  readonly mediaDir: string;
  /** The CMS blocks the demo shop starts with, and where their drawings are; none: no demo blocks. */
  readonly demoBlocks?: DemoBlocks;
  readonly admin: { readonly username: string; readonly password: string };
  readonly integrationToken: string;
  /** The integration's OAuth 1.0a consumer key and secret, access token and secret; none: no OAuth sign-in. */
  readonly integrationOAuth?: IntegrationCredentials;
  /**
   * Magento's `oauth/consumer/enable_integration_as_bearer`: whether integration tokens may be sent as
   * bearer tokens. Default true, so the demo works as before; Magento 2.4.4+ defaults to false.
   */
  readonly integrationAsBearer?: boolean;
  readonly tokenLifetimes: { readonly customer: number; readonly admin: number };
  readonly catalogue: { readonly seed: number; readonly productCount: number; readonly brand: string };
  /** The delivery carriers (`carriers/*`); the demo shop's when left out. */
  readonly carriers?: CarriersConfig;
  /**
   * Pay on account (`payment/purchaseorder/*`) and the customer groups it is offered to
   * (`checkout/payment-config.ts`); the demo shop's when left out: on, for the Trade group (5) only.
   */
  readonly payments?: PaymentsConfig;
  /**
   * The store view's product reviews, Magento's `catalog/review/active` and `allow_guest`
   * (`reviews/settings.ts`); Magento's defaults when left out: reviews on, guests may write.
   */
  readonly reviews?: ReviewSettings;
  /**
   * Mage-OS's returns module's `rma/*` settings (`returns/settings.ts`); the shop's when left out (the
   * module's, but processing orders can be returned too, and the admin's e-mail goes to `store.email`).
   */
  readonly returns?: ReturnSettings;
  /** The store's name and general contact, as its e-mails name it and send from (the shop's defaults when left out). */
  readonly store?: StoreContact;
  /** Where the back end sends its e-mails (`smtp://host:port`); none: it sends none. */
  readonly smtpUrl?: string;
  /**
   * The store's base URL (`web/secure/base_url`): where its e-mails' links go, the storefront's address
   * (SITE_URL); the back end's own when left out.
   */
  readonly storeUrl?: string;
  /** How often the product alerts' mailing runs on its own, in ms (default a minute; it also runs after every admin write). */
  readonly alertIntervalMs?: number;
  /** The store's time zone, in which discount codes' and special prices' dates are days (default Europe/London). */
  readonly timezone?: string;
  /**
   * The store's clock (default the system's): special prices and discount codes' dates go by it, and the
   * demo data's dates are relative to the day it reads when the database is seeded.
   */
  readonly clock?: Clock;
  readonly writeImages?: boolean;
  /** Told of each admin save or delete: a product's (with its sku) or a CMS block's (with its identifier). */
  readonly onSaved?: OnSaved;
  readonly log?: (message: string) => void;
}

export interface RunningMagento {
  readonly url: string;
  readonly db: Database;
  close(): Promise<void>;
}

export async function prepareDatabase(config: EmbeddedMagentoConfig): Promise<Database> {
  const db = openDatabase(config.dbFile);
  // Magento's install data: the seed's customers and trade prices name these groups.
  ensureCustomerGroups(db);
  if (!isSeeded(db)) {
    const started = performance.now();
    const catalogue = generateCatalogue(config.catalogue);
    const generated = performance.now();
    const { carriers, timezone } = checkoutSettings(config);
    await seedDatabase(db, catalogue, config.admin, carriers, {
      now: new Date((config.clock ?? systemClock).now()),
      timezone,
    });
    const written = performance.now();
    if (config.writeImages !== false) await writeProductImages(catalogue, config.mediaDir);
    const ms = (from: number, to: number) => `${String(Math.round(to - from))} ms`;
    const done = performance.now();
    config.log?.(
      `Seeded ${catalogue.products.length} demo products in ${ms(started, done)} (catalogue ${ms(started, generated)}, database ${ms(generated, written)}, pictures ${ms(written, done)})`,
    );
  }
  // A database seeded before trade accounts, discount codes, CMS blocks or reviews existed gets the demo ones now.
  if (
    await ensureDemoTrade(
      db,
      checkoutSettings(config).carriers,
      new Date((config.clock ?? systemClock).now()),
    )
  )
    config.log?.('Wrote the demo trade account, its prices and its orders');
  if (await ensureDemoCompanies(db, new Date((config.clock ?? systemClock).now())))
    config.log?.('Wrote the demo companies (B2B), their roles and users');
  ensureDemoSalesRules(db, magentoDate());
  if (ensureDemoPickupLocations(db)) config.log?.('Wrote the demo pickup locations and their stock');
  ensureReturnLookups(db);
  const guestOrder = ensureDemoGuestOrder(
    db,
    checkoutSettings(config).carriers,
    new Date((config.clock ?? systemClock).now()),
  );
  if (guestOrder) config.log?.(`Wrote the demo guest's order ${guestOrder}, to try returns with`);
  const reviews = ensureDemoReviews(db, new Date((config.clock ?? systemClock).now()));
  if (reviews) config.log?.(`Wrote ${reviews.reviews} demo reviews of ${reviews.products} products`);
  if (config.demoBlocks) await writeDemoBlocks(db, config.demoBlocks, config);
  ensureIntegrationToken(db, config.integrationToken);
  ensureOAuthIntegration(db, config.integrationOAuth);
  return db;
}

/**
 * The demo blocks this database never had, and their drawings into Magento media; without the drawings
 * the blocks still work, so a failure to copy them only logs.
 */
async function writeDemoBlocks(db: Database, demo: DemoBlocks, config: EmbeddedMagentoConfig): Promise<void> {
  const blocks = ensureDemoCmsBlocks(db, magentoDate(), demo.blocks);
  if (blocks.length > 0) config.log?.(`Created ${blocks.length} demo CMS blocks: ${blocks.join(', ')}`);
  try {
    await copyDemoBlockPictures(demo, config.mediaDir);
  } catch (error) {
    config.log?.(
      `The demo CMS blocks' pictures were not copied from ${demo.artDir}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * The checkout's settings: GBP, the store's time zone, the carriers and the payment methods, checked at
 * start-up so that a carrier, a payment method or a time zone configured wrongly stops the back end with
 * the field named.
 */
export function checkoutSettings(config: EmbeddedMagentoConfig): CheckoutSettings {
  const parsed = carriersConfig.safeParse(config.carriers ?? DEMO_CARRIERS);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `carriers.${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The embedded back end's carrier configuration is not valid:\n${problems.join('\n')}`);
  }
  const payments = paymentsConfig.safeParse(config.payments ?? DEMO_PAYMENTS);
  if (!payments.success) {
    const problems = payments.error.issues.map(
      (issue) => `payments.${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`The embedded back end's payment configuration is not valid:\n${problems.join('\n')}`);
  }
  const timezone = config.timezone ?? 'Europe/London';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: timezone });
  } catch {
    throw new Error(
      `The embedded back end's timezone "${timezone}" is no IANA time zone: use one such as Europe/London.`,
    );
  }
  return { currency: 'GBP', timezone, carriers: parsed.data, payments: payments.data };
}

/** The returns module's settings (checked), clock, store and mailer. */
export function returnsRuntime(config: EmbeddedMagentoConfig): ReturnsRuntime {
  const store = config.store ?? DEFAULT_STORE_CONTACT;
  return {
    settings: checkReturnSettings(
      config.returns ?? { ...SHOP_RETURN_SETTINGS, adminNotifyEmail: store.email },
    ),
    clock: config.clock ?? systemClock,
    store,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, store, config.log) : NO_MAILER,
    storeUrl: config.storeUrl ?? `http://${config.host}:${String(config.port)}`,
  };
}

export async function startEmbeddedMagento(config: EmbeddedMagentoConfig): Promise<RunningMagento> {
  const reviews = checkReviewSettings(config.reviews ?? DEFAULT_REVIEW_SETTINGS);
  const returns = returnsRuntime(config);
  const db = await prepareDatabase(config);
  const alerts = startAlertMailing({
    db,
    store: { ...checkoutSettings(config), ...(config.clock ? { clock: config.clock } : {}) },
    contact: returns.store,
    mailer: returns.mailer,
    storeUrl: config.storeUrl ?? `http://${config.host}:${String(config.port)}`,
    ...(config.alertIntervalMs ? { intervalMs: config.alertIntervalMs } : {}),
    ...(config.log ? { log: config.log } : {}),
  });
  const app = createMagentoApp({
    alerts,
    db,
    mediaDir: config.mediaDir,
    checkout: checkoutSettings(config),
    reviews,
    returns,
    ...(config.clock ? { clock: config.clock } : {}),
    tokens: config.tokenLifetimes,
    integrationAsBearer: config.integrationAsBearer ?? true,
    maxBodyBytes: 1024 * 1024,
    ...(config.onSaved ? { onSaved: config.onSaved } : {}),
    ...(config.log ? { log: config.log } : {}),
  });
  const server = createAdaptorServer({ fetch: app.fetch, serverOptions: SERVER_DEADLINES });
  if (!(server instanceof HttpServer)) throw new Error('Expected an HTTP/1.1 server');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    db,
    close: () =>
      new Promise<void>((resolve) => {
        alerts.stop();
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
