/** The rebuild settings, from the validated environment. */
import {
  loadEnv,
  type CdnSettings,
  type EmbeddedSettings,
  type MagentoSettings,
  type PublishingSettings,
  type ShopSettings,
  type StoreSettings,
} from '../../config/env.ts';
import { configuredOAuth, EMBEDDED_DEMO_OAUTH, embeddedIntegrationOAuth } from '../../config/magento.ts';

/** The embedded setup's demo secret (README, "Demo credentials"); never used with a real Magento. */
export const DEMO_REBUILD_SECRET = 'embedded-demo-rebuild-secret';

/** The embedded setup's demo password of the status page (README, "Demo credentials"). */
export const DEMO_STATUS_PASSWORD = 'embedded-demo-status-password';

/** REBUILD_STATUS_PASSWORD; with the embedded back end the demo password; undefined (page off) otherwise. */
export const statusPassword = (
  env: Pick<PublishingSettings, 'REBUILD_STATUS_PASSWORD'> & Pick<MagentoSettings, 'MAGENTO_URL'>,
): string | undefined => env.REBUILD_STATUS_PASSWORD ?? (env.MAGENTO_URL ? undefined : DEMO_STATUS_PASSWORD);

/** REBUILD_SECRET; with the embedded back end the demo secret; undefined (hook off) otherwise. */
export const rebuildSecret = (
  env: Pick<PublishingSettings, 'REBUILD_SECRET'> & Pick<MagentoSettings, 'MAGENTO_URL'>,
): string | undefined => env.REBUILD_SECRET ?? (env.MAGENTO_URL ? undefined : DEMO_REBUILD_SECRET);

/** Where the embedded back end posts the hook: REBUILD_HOOK_URL, else the storefront's `/rebuild`. */
export const rebuildHookUrl = (
  env: Pick<PublishingSettings, 'REBUILD_HOOK_URL'> & Pick<ShopSettings, 'SITE_URL'>,
): string => env.REBUILD_HOOK_URL ?? `${env.SITE_URL}/rebuild`;

/**
 * The integration's OAuth secrets (the consumer key is public in OAuth): the configured ones, or with the
 * embedded back end its demo ones.
 */
function oauthSecrets(
  env: MagentoSettings & Pick<EmbeddedSettings, 'EMBEDDED_INTEGRATION_AS_BEARER'>,
): [string, string, string][] {
  const oauth = env.MAGENTO_URL ? configuredOAuth(env) : embeddedIntegrationOAuth(env);
  if (!oauth) return [];
  return [
    ['MAGENTO_CONSUMER_SECRET', oauth.consumerSecret, EMBEDDED_DEMO_OAUTH.consumerSecret],
    ['MAGENTO_ACCESS_TOKEN', oauth.accessToken, EMBEDDED_DEMO_OAUTH.accessToken],
    ['MAGENTO_ACCESS_TOKEN_SECRET', oauth.accessTokenSecret, EMBEDDED_DEMO_OAUTH.accessTokenSecret],
  ];
}

export interface NamedSecret {
  readonly name: string;
  readonly value: string;
  /** The public demo default (README): written in the code, so only its presence in served files counts. */
  readonly demoDefault?: boolean;
}

/** The password of a PostgreSQL URL, decoded; undefined when it has none. */
function databasePassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The secrets no built file may contain, by variable name (a check before every publish). Values shorter
 * than 8 characters are left out: they would match ordinary text.
 */
export function buildSecrets(
  env: MagentoSettings &
    EmbeddedSettings &
    Pick<PublishingSettings, 'REBUILD_SECRET' | 'REBUILD_STATUS_PASSWORD'> &
    Pick<StoreSettings, 'DATABASE_URL' | 'SIGN_IN_KEY' | 'SIGN_IN_KEY_PREVIOUS'> &
    Pick<CdnSettings, 'FASTLY_API_TOKEN' | 'CLOUDFLARE_API_TOKEN'>,
): NamedSecret[] {
  const defaults = loadEnv({});
  const candidates: [string, string | undefined, string | undefined][] = [
    ['MAGENTO_TOKEN', env.MAGENTO_TOKEN, undefined],
    ...oauthSecrets(env),
    ['EMBEDDED_INTEGRATION_TOKEN', env.EMBEDDED_INTEGRATION_TOKEN, defaults.EMBEDDED_INTEGRATION_TOKEN],
    ['EMBEDDED_ADMIN_PASSWORD', env.EMBEDDED_ADMIN_PASSWORD, defaults.EMBEDDED_ADMIN_PASSWORD],
    ['REBUILD_SECRET', rebuildSecret(env), DEMO_REBUILD_SECRET],
    ['REBUILD_STATUS_PASSWORD', statusPassword(env), DEMO_STATUS_PASSWORD],
    ['DATABASE_URL', env.DATABASE_URL, undefined],
    ['the password in DATABASE_URL', databasePassword(env.DATABASE_URL), undefined],
    ['SIGN_IN_KEY', env.SIGN_IN_KEY, undefined],
    ['SIGN_IN_KEY_PREVIOUS', env.SIGN_IN_KEY_PREVIOUS, undefined],
    ['FASTLY_API_TOKEN', env.FASTLY_API_TOKEN, undefined],
    ['CLOUDFLARE_API_TOKEN', env.CLOUDFLARE_API_TOKEN, undefined],
  ];
  return candidates.flatMap(([name, value, demo]) =>
    value && value.length >= 8 ? [{ name, value, ...(value === demo ? { demoDefault: true } : {}) }] : [],
  );
}
