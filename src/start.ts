/**
 * Start-up: the whole shop on this machine as one function. `startShop` starts the embedded
 * Magento-compatible back end (seeded on first run) unless MAGENTO_URL points at a real Magento, the
 * payment sandbox unless OPAYO_REGISTRATION_URL points at a real Opayo, the PayPal sandbox unless a
 * PayPal app is configured, and the mail catcher unless SMTP_URL names an SMTP server; syncs the catalogue, builds the
 * site when it is stale, and serves it as one replica (src/replica.ts: the site, the signed hook the back
 * end calls after an admin save, `/rebuild/status`, with its state in the shared store) and prints every
 * URL it starts. Its options
 * are explicit: `npm start` (scripts/start.ts) passes this process's environment, the end-to-end server
 * (scripts/e2e-server.ts) it and its own ports and folders, and nothing rewrites `process.env`. The
 * settings are parsed once (`loadConfig`), and each part is handed the sections it reads.
 */
import { resolve } from 'node:path';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import { loadConfig, type Config, type Env } from './config/env.ts';
import { EMBEDDED_DEMO_OAUTH, embeddedIntegrationOAuth } from './config/magento.ts';
import { startEmbeddedMagento } from '@cleaning-shop/embedded-magento';
import { startPaymentSandbox } from '@cleaning-shop/opayo-sandbox';
import { startPayPalSandbox } from '@cleaning-shop/paypal-sandbox';
import {
  embeddedMagentoConfig,
  mailCatcherConfig,
  paymentSandboxConfig,
  payPalSandboxConfig,
  usesMailCatcher,
  usesPaymentSandbox,
} from './standins/settings.ts';
import { startMailCatcher } from '@cleaning-shop/mail-catcher';
import { smtpServerShown, smtpUrlOf } from './mail/settings.ts';
import { usesPayPalSandbox } from './payments/providers/paypal/settings.ts';
import { warmRendererClient } from './publish/render/warm-client.ts';
import { rebuildOnSave } from './publish/rebuild/hook-client.ts';
import { startReplica } from './replica.ts';
import { startupMessage, syncAndBuild, type FirstBuildSite } from './publish/render/first-build.ts';

type Variables = Readonly<Record<string, string | undefined>>;

export interface ShopLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface StartShopOptions {
  /** The project (where astro.config.mjs and node_modules are). */
  readonly root: string;
  /** The served folder (`dist`), relative to `root` or absolute. */
  readonly distDir: string;
  /** The variables the shop is configured from and its builds inherit (`processEnvironment()`: this process's). */
  readonly environment: Variables;
  /** Settings over the environment's, e.g. the end-to-end server's ports and folders. */
  readonly settings?: Readonly<Partial<Record<keyof Env, string>>>;
  /** Always the embedded Magento and payment sandboxes, never a configured real one (end-to-end tests). */
  readonly embeddedOnly?: boolean;
  readonly log?: ShopLog;
}

export interface RunningShop {
  readonly urls: {
    readonly shop: string;
    /** The embedded Magento, when it runs. */
    readonly magento?: string;
    /** The payment sandbox's registration URL, when it runs. */
    readonly paymentSandbox?: string;
    /** The PayPal sandbox's REST host, when it runs. */
    readonly payPalSandbox?: string;
    /** The mail catcher's page of sent mail (and JSON API), when it runs. */
    readonly mailCatcher?: string;
  };
  /** Stops the rebuilder, the server and the embedded back ends. */
  close(): Promise<void>;
}

/** The variables a real Magento, Opayo or PayPal would be configured by: ignored with `embeddedOnly`. */
const REAL_BACK_ENDS = [
  'MAGENTO_URL',
  'OPAYO_REGISTRATION_URL',
  'PAYMENT_NOTIFICATION_BASE_URL',
  'PAYPAL_API_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  'SMTP_URL',
];

export { startupMessage };

function variablesOf(options: StartShopOptions): Variables {
  const variables = Object.entries({ ...options.environment, ...options.settings });
  return Object.fromEntries(
    options.embeddedOnly ? variables.filter(([name]) => !REAL_BACK_ENDS.includes(name)) : variables,
  );
}

/** Closes what has started, newest first. */
type Closer = () => Promise<void> | undefined;

/**
 * What starting the back ends reads: Magento's and the embedded back end's settings, the sandbox's vendor,
 * where the back end's rebuild hook goes (its secret and URL) and the shop's clock.
 */
type BackEndSections = Pick<Config, 'magento' | 'embedded' | 'payments' | 'publishing' | 'shop'>;

async function startBackEnds(
  config: BackEndSections,
  log: ShopLog,
  closers: Closer[],
): Promise<Omit<RunningShop['urls'], 'shop'>> {
  let urls: { magento?: string; paymentSandbox?: string; payPalSandbox?: string; mailCatcher?: string } = {};
  if (config.magento.MAGENTO_URL) {
    log.info(`Using Magento at ${config.magento.MAGENTO_URL}`);
  } else {
    // After an admin save (a product, a CMS block), the embedded back end calls the storefront's signed rebuild hook.
    const magento = await startEmbeddedMagento({
      ...embeddedMagentoConfig(
        {
          ...config.embedded,
          ...config.magento,
          ...config.shop,
          EMBEDDED_MAGENTO_SMTP_URL: magentoSmtp(config),
        },
        (line) => log.info(line),
      ),
      ...rebuildOnSave({ ...config.publishing, ...config.magento, ...config.shop }, (line) => log.info(line)),
    });
    closers.push(() => magento.close());
    urls = { magento: magento.url };
    log.info(`Embedded Magento REST back end: ${magento.url}/rest/V1`);
    log.info(
      `  admin token: POST ${magento.url}/rest/V1/integration/admin/token (user "${config.embedded.EMBEDDED_ADMIN_USERNAME}")`,
    );
    log.info(`  media:       ${magento.url}/media/catalog/product/...`);
    const oauth = embeddedIntegrationOAuth({ ...config.magento, ...config.embedded });
    log.info(
      oauth
        ? `  integration: OAuth 1.0a signed${oauth === EMBEDDED_DEMO_OAUTH ? ' (demo values: README, "Demo credentials")' : ''}${config.embedded.EMBEDDED_INTEGRATION_AS_BEARER ? ', or its token as a bearer token' : '; integration tokens as bearer tokens refused'}`
        : '  integration: its token as a bearer token (EMBEDDED_INTEGRATION_TOKEN)',
    );
  }
  if (usesPaymentSandbox(config.payments)) {
    const sandbox = await startPaymentSandbox(
      paymentSandboxConfig({ ...config.embedded, ...config.payments }, (line) => log.info(line)),
    );
    closers.push(() => sandbox.close());
    urls = { ...urls, paymentSandbox: sandbox.registrationUrl };
    log.info(`Payment sandbox (Opayo Server 4.00): ${sandbox.registrationUrl}`);
  } else {
    log.info(`Using Opayo at ${config.payments.OPAYO_REGISTRATION_URL}`);
  }
  if (usesPayPalSandbox(config.payments)) {
    const payPal = await startPayPalSandbox(
      payPalSandboxConfig({ ...config.embedded, ...config.payments, ...config.shop }, (line) =>
        log.info(line),
      ),
    );
    closers.push(() => payPal.close());
    urls = { ...urls, payPalSandbox: payPal.url };
    log.info(`PayPal sandbox (REST, Orders v2): ${payPal.url}`);
    log.info(`  test controls: ${payPal.url}/sandbox/orders, ${payPal.url}/sandbox/webhooks`);
  } else {
    log.info(`Using PayPal at ${config.payments.PAYPAL_API_URL}`);
  }
  return { ...urls, ...(await startMail(config, log, closers)) };
}

/**
 * Where the embedded back end sends Magento's own e-mails (the returns module's): EMBEDDED_MAGENTO_SMTP_URL, else
 * the shop's SMTP server, else the mail catcher, so a newcomer reads them on the same page as the shop's.
 */
const magentoSmtp = ({ embedded, shop }: Pick<Config, 'shop' | 'embedded'>): string =>
  embedded.EMBEDDED_MAGENTO_SMTP_URL ?? smtpUrlOf({ ...shop, ...embedded });

/** The mail catcher unless SMTP_URL names a server: the shop's e-mails land on its page. */
async function startMail(
  config: Pick<Config, 'shop' | 'embedded'>,
  log: ShopLog,
  closers: Closer[],
): Promise<{ mailCatcher?: string }> {
  if (!usesMailCatcher(config.shop)) {
    log.info(`Sending e-mail through ${smtpServerShown(config.shop.SMTP_URL ?? '')}`);
    return {};
  }
  const catcher = await startMailCatcher(mailCatcherConfig(config.embedded, (line) => log.info(line)));
  closers.push(() => catcher.close());
  log.info(`Mail catcher (every e-mail the shop sends): ${catcher.url}/`);
  log.info(`  SMTP: ${catcher.smtpUrl}; JSON: ${catcher.url}/messages`);
  return { mailCatcher: catcher.url };
}

type Site = FirstBuildSite;

/** Starts the shop; on a failure, stops whatever had started and throws. */
export async function startShop(options: StartShopOptions): Promise<RunningShop> {
  const log = options.log ?? { info: (line) => console.info(line), warn: (line) => console.warn(line) };
  const closers: Closer[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const variables = variablesOf(options);
    const config = loadConfig(variables);
    const site: Site = {
      root: options.root,
      distDir: resolve(options.root, options.distDir),
      config,
      variables,
      log,
      clock: shopClock(config.shop.SHOP_CLOCK_FILE),
    };
    const urls = await startBackEnds(config, log, closers);
    const renderer = warmRendererClient({
      root: site.root,
      env: variables,
      log: (line) => log.info(line),
    });
    closers.push(() => void renderer.close());
    await syncAndBuild(site, renderer);
    const replica = await startReplica({ ...site, renderer });
    closers.push(() => replica.close());
    return { urls: { ...urls, shop: replica.url }, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** `startShop` as a command: stops on SIGINT/SIGTERM, and prints a failure and exits non-zero. */
export async function runShop(options: StartShopOptions): Promise<void> {
  let shop: RunningShop | undefined;
  const stop = (code: number) => void (shop?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  try {
    shop = await startShop(options);
  } catch (error) {
    console.error(startupMessage(error));
    stop(1);
  }
}
