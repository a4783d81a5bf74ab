/** The secrets no built file may contain, from the validated environment. */
import {
  loadEnv,
  type CdnSettings,
  type EmbeddedSettings,
  type MagentoSettings,
  type PublishingSettings,
  type StoreSettings,
} from '../../config/env.ts';
import { configuredOAuth, EMBEDDED_DEMO_OAUTH, embeddedIntegrationOAuth } from '../../config/magento.ts';
import {
  DEMO_REBUILD_SECRET,
  DEMO_STATUS_PASSWORD,
  rebuildSecret,
  statusPassword,
} from '../../config/publishing.ts';

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
