/**
 * Configuring the integration's sign-in (src/config/env.ts, src/config/magento.ts): the four OAuth values
 * come all together or not at all, never beside MAGENTO_TOKEN, and a real Magento needs one or the other;
 * a wrong value is described by its length, never shown; the storefront signs whenever it has the four
 * values or the embedded back end refuses bearer integration tokens; and every OAuth secret is one no built
 * file may contain.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../../src/config/env.ts';
import { EMBEDDED_DEMO_OAUTH, magentoClientConfig } from '../../../src/config/magento.ts';
import { embeddedMagentoConfig } from '../../../src/standins/settings.ts';
import { buildSecrets } from '../../../src/publish/render/secrets.ts';
import { TEST_OAUTH, TEST_OAUTH_ENV } from '../../support/oauth.ts';

const MAGENTO_URL = 'https://magento.example.com';
const FOUR = TEST_OAUTH_ENV;
const CREDENTIALS = TEST_OAUTH;

/** The ConfigError message for this environment (fails the test when it loads). */
function refusal(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loaded: ${JSON.stringify(source)}`);
}

describe('the integration’s credentials', () => {
  it('are all four OAuth values or none, and the message names the ones missing', () => {
    const twoMissing = refusal({
      MAGENTO_URL,
      MAGENTO_CONSUMER_KEY: FOUR.MAGENTO_CONSUMER_KEY,
      MAGENTO_CONSUMER_SECRET: FOUR.MAGENTO_CONSUMER_SECRET,
    });
    expect(twoMissing).toContain('MAGENTO_ACCESS_TOKEN, MAGENTO_ACCESS_TOKEN_SECRET are missing');
    expect(twoMissing).toContain('set all of them');

    expect(refusal({ ...FOUR, MAGENTO_CONSUMER_SECRET: '' })).toContain('MAGENTO_CONSUMER_SECRET is missing');
  });

  it('are never both the OAuth values and MAGENTO_TOKEN', () => {
    const message = refusal({ MAGENTO_URL, MAGENTO_TOKEN: 'an-integration-access-token', ...FOUR });
    expect(message).toContain('MAGENTO_TOKEN and the four OAuth values are both set');
    expect(message).toContain('unset MAGENTO_TOKEN');
  });

  it('are needed with MAGENTO_URL, and the message says how to get them', () => {
    const message = refusal({ MAGENTO_URL });
    expect(message).toContain("MAGENTO_URL needs the integration's credentials");
    expect(message).toContain('docs/magento.md, "Connecting a real Magento"');
    expect(message).toContain(
      'MAGENTO_CONSUMER_KEY, MAGENTO_CONSUMER_SECRET, MAGENTO_ACCESS_TOKEN, MAGENTO_ACCESS_TOKEN_SECRET',
    );
    expect(() => loadEnv({ MAGENTO_URL, ...FOUR })).not.toThrow();
    expect(() => loadEnv({ MAGENTO_URL, MAGENTO_TOKEN: 'an-integration-access-token' })).not.toThrow();
  });

  it('describes a malformed value by its length, never by the value', () => {
    const wrong = 'pa$$-word copied with a space!';
    const message = refusal({ MAGENTO_URL, ...FOUR, MAGENTO_ACCESS_TOKEN_SECRET: wrong });
    expect(message).toContain(
      "MAGENTO_ACCESS_TOKEN_SECRET must be the 32 letters and digits Magento shows in the integration's details (got 30 characters)",
    );
    expect(message).not.toContain(wrong);
    expect(message).not.toContain('pa$$');
    // One character short is caught too: a value cut when copied.
    const short = refusal({ ...FOUR, MAGENTO_CONSUMER_KEY: FOUR.MAGENTO_CONSUMER_KEY.slice(1) });
    expect(short).toContain('MAGENTO_CONSUMER_KEY must be the 32 letters and digits');
    expect(short).toContain('(got 31 characters)');
    expect(short).not.toContain(FOUR.MAGENTO_CONSUMER_KEY.slice(1));
  });

  it('take true or false for EMBEDDED_INTEGRATION_AS_BEARER, true by default', () => {
    expect(loadEnv({}).EMBEDDED_INTEGRATION_AS_BEARER).toBe(true);
    expect(loadEnv({ EMBEDDED_INTEGRATION_AS_BEARER: 'false' }).EMBEDDED_INTEGRATION_AS_BEARER).toBe(false);
    expect(refusal({ EMBEDDED_INTEGRATION_AS_BEARER: 'maybe' })).toContain(
      'EMBEDDED_INTEGRATION_AS_BEARER must be true or false',
    );
  });
});

describe('how the storefront signs in as the integration', () => {
  it('signs with the four values against a real Magento, and sends no bearer token', () => {
    const config = magentoClientConfig(loadEnv({ MAGENTO_URL, ...FOUR }));
    expect(config).toEqual({ baseUrl: MAGENTO_URL, oauth: CREDENTIALS });
    expect(config.token).toBeUndefined();
  });

  it('sends MAGENTO_TOKEN as a bearer token when that is what is set', () => {
    expect(
      magentoClientConfig(loadEnv({ MAGENTO_URL, MAGENTO_TOKEN: 'an-integration-access-token' })),
    ).toEqual({
      baseUrl: MAGENTO_URL,
      token: 'an-integration-access-token',
    });
  });

  it('with the embedded back end: its bearer token by default, OAuth when it refuses bearer integration tokens', () => {
    const env = loadEnv({ EMBEDDED_MAGENTO_PORT: '8123' });
    expect(magentoClientConfig(env)).toEqual({
      baseUrl: 'http://127.0.0.1:8123',
      token: env.EMBEDDED_INTEGRATION_TOKEN,
    });
    expect(
      magentoClientConfig(
        loadEnv({ EMBEDDED_MAGENTO_PORT: '8123', EMBEDDED_INTEGRATION_AS_BEARER: 'false' }),
      ),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8123',
      oauth: EMBEDDED_DEMO_OAUTH,
    });
    expect(magentoClientConfig(loadEnv({ EMBEDDED_MAGENTO_PORT: '8123', ...FOUR }))).toEqual({
      baseUrl: 'http://127.0.0.1:8123',
      oauth: CREDENTIALS,
    });
  });

  it('gives the embedded back end the same integration the storefront signs with', () => {
    const refusing = loadEnv({ EMBEDDED_INTEGRATION_AS_BEARER: 'false' });
    expect(embeddedMagentoConfig(refusing)).toMatchObject({
      integrationOAuth: EMBEDDED_DEMO_OAUTH,
      integrationAsBearer: false,
    });
    expect(embeddedMagentoConfig(loadEnv({ ...FOUR })).integrationOAuth).toEqual(CREDENTIALS);
    // Taking bearer tokens and given no OAuth values, it has no OAuth integration: the public demo values
    // would otherwise let anyone in as the integration beside a private EMBEDDED_INTEGRATION_TOKEN.
    expect(embeddedMagentoConfig(loadEnv({})).integrationOAuth).toBeUndefined();
    // The demo's values pass the check a real integration's do.
    for (const value of Object.values(EMBEDDED_DEMO_OAUTH)) expect(value).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

describe('secrets no built file may contain', () => {
  it('include the consumer secret, the access token and its secret, not the (public) consumer key', () => {
    const secrets = buildSecrets(loadEnv({ MAGENTO_URL, ...FOUR }));
    expect(secrets).toEqual(
      expect.arrayContaining([
        { name: 'MAGENTO_CONSUMER_SECRET', value: FOUR.MAGENTO_CONSUMER_SECRET },
        { name: 'MAGENTO_ACCESS_TOKEN', value: FOUR.MAGENTO_ACCESS_TOKEN },
        { name: 'MAGENTO_ACCESS_TOKEN_SECRET', value: FOUR.MAGENTO_ACCESS_TOKEN_SECRET },
      ]),
    );
    expect(secrets.map((secret) => secret.value)).not.toContain(FOUR.MAGENTO_CONSUMER_KEY);
  });

  it('include the embedded integration’s demo values when it signs with them, marked as the public demo defaults', () => {
    // The demo OAuth integration exists only where the embedded back end refuses bearer integration tokens.
    expect(buildSecrets(loadEnv({})).map((secret) => secret.name)).not.toContain('MAGENTO_ACCESS_TOKEN');
    const secrets = buildSecrets(loadEnv({ EMBEDDED_INTEGRATION_AS_BEARER: 'false' }));
    expect(secrets).toEqual(
      expect.arrayContaining([
        { name: 'MAGENTO_CONSUMER_SECRET', value: EMBEDDED_DEMO_OAUTH.consumerSecret, demoDefault: true },
        { name: 'MAGENTO_ACCESS_TOKEN', value: EMBEDDED_DEMO_OAUTH.accessToken, demoDefault: true },
        {
          name: 'MAGENTO_ACCESS_TOKEN_SECRET',
          value: EMBEDDED_DEMO_OAUTH.accessTokenSecret,
          demoDefault: true,
        },
      ]),
    );
  });
});
