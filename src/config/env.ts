/**
 * The environment (src/config/): every setting the shop reads from it, declared once in sections (the shop,
 * Magento, payments, rebuilds, the shared store, the CDN, the embedded back ends; a file each in
 * src/config/env/), merged here and validated at start-up. A wrong value stops start-up with a message naming
 * the variable, what was wrong and how to fix it. This is the one file that reads `process.env`
 * (eslint.config.js enforces it). The shop's entry points (src/start.ts, scripts/serve.ts, scripts/sync.ts…)
 * call `loadConfig` once and hand each module the sections it reads, as values: `config.shop`, or
 * `{ ...config.magento, ...config.embedded }` for a module typed `MagentoSettings & EmbeddedSettings`, so
 * each call site shows what the module is given, and no module reads the environment behind its caller's
 * back. `loadEnv` parses the same way into one flat `Env`, for what parses a flat environment of its own (the
 * site build, tests, benchmarks).
 */
import { z } from 'zod';
import { cdnSection } from './env/cdn.ts';
import { embeddedSection } from './env/embedded.ts';
import { magentoSection } from './env/magento.ts';
import { paymentsSection } from './env/payments.ts';
import { rebuildsSection } from './env/rebuilds.ts';
import { shopSection } from './env/shop.ts';
import { storeSection } from './env/store.ts';

/** Every variable, the sections merged: `Env` is one flat object (`env.MAGENTO_URL`) with every section. */
export const envSchema = z.object({
  ...shopSection.shape,
  ...magentoSection.shape,
  ...paymentsSection.shape,
  ...rebuildsSection.shape,
  ...storeSection.shape,
  ...cdnSection.shape,
  ...embeddedSection.shape,
});

export type Env = z.infer<typeof envSchema>;

/** One section's settings: a module takes the sections it reads, never the whole `Env`. */
export type ShopSettings = z.infer<typeof shopSection>;
export type MagentoSettings = z.infer<typeof magentoSection>;
export type PaymentSettings = z.infer<typeof paymentsSection>;
export type PublishingSettings = z.infer<typeof rebuildsSection>;
export type StoreSettings = z.infer<typeof storeSection>;
export type CdnSettings = z.infer<typeof cdnSection>;
export type EmbeddedSettings = z.infer<typeof embeddedSection>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The integration's four OAuth values, in the order Magento's admin shows them. */
export const OAUTH_VARIABLES = [
  'MAGENTO_CONSUMER_KEY',
  'MAGENTO_CONSUMER_SECRET',
  'MAGENTO_ACCESS_TOKEN',
  'MAGENTO_ACCESS_TOKEN_SECRET',
] as const;

/** Values a message must not repeat: a wrong one is described by its length. */
const SECRETS = new Set<string>([
  ...OAUTH_VARIABLES,
  'MAGENTO_TOKEN',
  'EMBEDDED_INTEGRATION_TOKEN',
  'EMBEDDED_ADMIN_PASSWORD',
  'REBUILD_SECRET',
  'REBUILD_STATUS_PASSWORD',
  'DATABASE_URL',
  'SIGN_IN_KEY',
  'SIGN_IN_KEY_PREVIOUS',
  'FASTLY_API_TOKEN',
  'CLOUDFLARE_API_TOKEN',
  'PAYPAL_CLIENT_SECRET',
  'SMTP_URL',
]);

/** The integration's credentials: all four OAuth values or none, not both kinds, and some with MAGENTO_URL. */
function integrationProblems(env: MagentoSettings): string[] {
  const set = OAUTH_VARIABLES.filter((name) => env[name] !== undefined);
  const missing = OAUTH_VARIABLES.filter((name) => env[name] === undefined);
  if (set.length > 0 && missing.length > 0)
    return [
      `  ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: an integration's OAuth credentials are four values (consumer key and secret, access token and secret), so set all of them, as Magento shows them in the integration's details, or none.`,
    ];
  if (set.length > 0 && env.MAGENTO_TOKEN)
    return [
      '  MAGENTO_TOKEN and the four OAuth values are both set: keep the OAuth values (Magento 2.4.4+ refuses integration tokens sent as bearer tokens by default) and unset MAGENTO_TOKEN.',
    ];
  if (env.MAGENTO_URL && set.length === 0 && !env.MAGENTO_TOKEN)
    return [
      `  MAGENTO_URL needs the integration's credentials: create an integration in Magento (docs/magento.md, "Connecting a real Magento") and set ${OAUTH_VARIABLES.join(', ')} to its four values (or MAGENTO_TOKEN to its access token where Magento allows integration tokens as bearer tokens).`,
    ];
  return [];
}

/** PayPal's app: its client id, secret and webhook id together, or none of them (the embedded sandbox). */
function payPalProblems(env: PaymentSettings): string[] {
  const names = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_URL'] as const;
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === 0 || missing.length === names.length) return [];
  return [
    `  ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: a PayPal app is its REST host, client id, secret and webhook id (docs/payments.md, "PayPal"), so set all four, or none to use the embedded PayPal sandbox.`,
  ];
}

/** The purge the CDN_PURGE names has what it needs to reach the CDN. */
function cdnProblems(env: CdnSettings): string[] {
  const needs: Record<CdnSettings['CDN_PURGE'], readonly (keyof CdnSettings)[]> = {
    none: [],
    varnish: ['CDN_PURGE_URLS'],
    fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
    cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  };
  const missing = needs[env.CDN_PURGE].filter((name) => {
    const value = env[name];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
  return missing.length === 0
    ? []
    : [
        `  CDN_PURGE=${env.CDN_PURGE} needs ${missing.join(' and ')}: set ${missing.length === 1 ? 'it' : 'them'}, or CDN_PURGE=none.`,
      ];
}

const HINTS: Readonly<Partial<Record<string, string>>> = {
  MAGENTO_URL: 'Unset it to use the embedded back end.',
  EMBEDDED_MAGENTO_PORT: 'Pick a free port, e.g. EMBEDDED_MAGENTO_PORT=8081.',
};

/**
 * This process's environment variables as they are, for the child processes that must inherit them
 * (`astro build`) and for `loadConfig`'s and `loadEnv`'s default. Everything else takes parsed sections.
 */
export const processEnvironment = (): NodeJS.ProcessEnv => process.env;

/** The variables `envSchema` reads: the only ones whose values decide what `loadEnv` returns. */
const ENV_NAMES = Object.keys(envSchema.shape);

/** The last environment parsed, by the values of ENV_NAMES (one string). */
let lastParsed: { key: string; env: Env } | undefined;

/**
 * Parses the environment; throws a ConfigError whose message lists every wrong variable. The last result
 * is kept and handed out again (as a copy) while the variables it reads hold the same values (a build's
 * settings are parsed by its publisher, its Astro config and its warm renderer alike). The shop's entry points call `loadConfig`, which parses through this and
 * returns the sections; the flat `Env` is for what parses an environment of its own (the site build, tests,
 * benchmarks).
 */
export function loadEnv(source: Readonly<Record<string, string | undefined>> = processEnvironment()): Env {
  const key = ENV_NAMES.map((name) => source[name] ?? '').join('\0');
  if (lastParsed?.key === key) return { ...lastParsed.env };
  const env = parseEnv(source);
  lastParsed = { key, env };
  return { ...env };
}

function parseEnv(source: Readonly<Record<string, string | undefined>>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) {
    const problems = [
      ...integrationProblems(result.data),
      ...payPalProblems(result.data),
      ...cdnProblems(result.data),
    ];
    if (problems.length > 0) throw new ConfigError(`Configuration error:\n${problems.join('\n')}`);
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const got = source[name];
    const shown =
      got === undefined ? '' : SECRETS.has(name) ? ` (got ${got.length} characters)` : ` (got "${got}")`;
    return `  ${name} ${issue.message}${shown}. ${HINTS[name] ?? 'Fix or unset it to use the default.'}`;
  });
  throw new ConfigError(`Configuration error:\n${lines.join('\n')}`);
}

/** The settings by section, each holding only its own variables: what the entry points hand out. */
export interface Config {
  readonly shop: ShopSettings;
  readonly magento: MagentoSettings;
  readonly payments: PaymentSettings;
  readonly publishing: PublishingSettings;
  readonly store: StoreSettings;
  readonly cdn: CdnSettings;
  readonly embedded: EmbeddedSettings;
}

/**
 * One section of a parsed `Env`: the variables its schema declares, those the parse set. The cast is of
 * values `envSchema` has already parsed, whose shape is the sections' merged, so each key has its type.
 */
function sectionOf<S extends z.ZodObject>(section: S, env: Env): z.infer<S> {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => Object.hasOwn(section.shape, name)),
  ) as z.infer<S>;
}

/**
 * Parses the environment as `loadEnv` does (the same messages, cross-section checks and kept result) and
 * returns it by section. Called once by each entry point, which hands each module its sections.
 */
export function loadConfig(
  source: Readonly<Record<string, string | undefined>> = processEnvironment(),
): Config {
  const env = loadEnv(source);
  return {
    shop: sectionOf(shopSection, env),
    magento: sectionOf(magentoSection, env),
    payments: sectionOf(paymentsSection, env),
    publishing: sectionOf(rebuildsSection, env),
    store: sectionOf(storeSection, env),
    cdn: sectionOf(cdnSection, env),
    embedded: sectionOf(embeddedSection, env),
  };
}
