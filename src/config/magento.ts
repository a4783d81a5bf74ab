/** How the storefront reaches Magento: the configured one, or the embedded back end. */
import type { IntegrationConfig, OAuthCredentials } from '../magento/client.ts';
import type { EmbeddedSettings, MagentoSettings } from './env.ts';

/**
 * The embedded back end's demo integration (README, "Demo credentials"), in Magento's form of 32 letters and
 * digits each; public, so never used with a real Magento.
 */
export const EMBEDDED_DEMO_OAUTH: OAuthCredentials = {
  consumerKey: 'embeddeddemoconsumerkey000000000',
  consumerSecret: 'embeddeddemoconsumersecret000000',
  accessToken: 'embeddeddemoaccesstoken000000000',
  accessTokenSecret: 'embeddeddemotokensecret000000000',
};

/** The four MAGENTO_CONSUMER_KEY… values, when set (the environment's check makes it all four or none). */
export function configuredOAuth(env: MagentoSettings): OAuthCredentials | undefined {
  const { MAGENTO_CONSUMER_KEY, MAGENTO_CONSUMER_SECRET, MAGENTO_ACCESS_TOKEN, MAGENTO_ACCESS_TOKEN_SECRET } =
    env;
  if (
    !MAGENTO_CONSUMER_KEY ||
    !MAGENTO_CONSUMER_SECRET ||
    !MAGENTO_ACCESS_TOKEN ||
    !MAGENTO_ACCESS_TOKEN_SECRET
  )
    return undefined;
  return {
    consumerKey: MAGENTO_CONSUMER_KEY,
    consumerSecret: MAGENTO_CONSUMER_SECRET,
    accessToken: MAGENTO_ACCESS_TOKEN,
    accessTokenSecret: MAGENTO_ACCESS_TOKEN_SECRET,
  };
}

/**
 * The embedded back end's OAuth integration: the four configured values; the public demo ones only when it
 * refuses bearer integration tokens (EMBEDDED_INTEGRATION_AS_BEARER=false) and none are set; otherwise none,
 * so a private EMBEDDED_INTEGRATION_TOKEN is the only way in as the integration.
 */
export const embeddedIntegrationOAuth = (
  env: MagentoSettings & Pick<EmbeddedSettings, 'EMBEDDED_INTEGRATION_AS_BEARER'>,
): OAuthCredentials | undefined =>
  configuredOAuth(env) ?? (env.EMBEDDED_INTEGRATION_AS_BEARER ? undefined : EMBEDDED_DEMO_OAUTH);

/**
 * Magento as the integration. A real Magento: its four OAuth values, or MAGENTO_TOKEN as a bearer token.
 * The embedded back end: OAuth when the four are set or when it refuses bearer integration tokens
 * (EMBEDDED_INTEGRATION_AS_BEARER=false), else EMBEDDED_INTEGRATION_TOKEN as a bearer token.
 */
export function magentoClientConfig(env: MagentoSettings & EmbeddedSettings): IntegrationConfig {
  const oauth = configuredOAuth(env);
  if (env.MAGENTO_URL) {
    if (oauth) return { baseUrl: env.MAGENTO_URL, oauth };
    if (env.MAGENTO_TOKEN) return { baseUrl: env.MAGENTO_URL, token: env.MAGENTO_TOKEN };
  }
  const baseUrl = `http://${env.EMBEDDED_MAGENTO_HOST}:${env.EMBEDDED_MAGENTO_PORT}`;
  const embedded = embeddedIntegrationOAuth(env);
  return embedded ? { baseUrl, oauth: embedded } : { baseUrl, token: env.EMBEDDED_INTEGRATION_TOKEN };
}
