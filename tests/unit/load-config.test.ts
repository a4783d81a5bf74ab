/**
 * `loadConfig` hands out the settings by section, each holding only its own variables, parsed as `loadEnv`
 * parses them: the same defaults, and a wrong value still stops start-up naming the variable.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnv, type Config } from '../../src/config/env.ts';

/** The ConfigError message for this environment (fails the test when it loads). */
function configError(source: Record<string, string>): string {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the environment');
}

/** One variable of each section, set. */
const ONE_EACH = {
  SHOP_NAME: 'Test Shop',
  MAGENTO_MEDIA_URL: 'https://media.example.com/catalog/product/',
  OPAYO_VENDOR: 'testvendor',
  REBUILD_POLL_MINUTES: '5',
  STORE_FILE: 'var/test/shop.sqlite',
  CDN_MAX_AGE: '60',
  EMBEDDED_MAGENTO_PORT: '8181',
};

describe('loadConfig', () => {
  it('gives each section only its own variables, and every variable to one section', () => {
    const config = loadConfig(ONE_EACH);
    const sections = Object.entries(config) as [keyof Config, object][];
    const owners = new Map<string, string[]>();
    for (const [section, settings] of sections)
      for (const name of Object.keys(settings)) owners.set(name, [...(owners.get(name) ?? []), section]);
    const doubled = [...owners].filter(([, owning]) => owning.length > 1);
    expect(doubled, 'variables in more than one section').toEqual([]);
    const env = loadEnv(ONE_EACH);
    expect([...owners.keys()].sort(), 'the sections together are loadEnv’s variables').toEqual(
      Object.keys(env).sort(),
    );
  });

  it('puts each variable in its section, parsed', () => {
    const config = loadConfig(ONE_EACH);
    expect(config.shop.SHOP_NAME).toBe('Test Shop');
    expect(config.magento.MAGENTO_MEDIA_URL).toBe('https://media.example.com/catalog/product');
    expect(config.payments.OPAYO_VENDOR).toBe('testvendor');
    expect(config.publishing.REBUILD_POLL_MINUTES).toBe(5);
    expect(config.store.STORE_FILE).toBe('var/test/shop.sqlite');
    expect(config.cdn.CDN_MAX_AGE).toBe(60);
    expect(config.embedded.EMBEDDED_MAGENTO_PORT).toBe(8181);
    expect('SHOP_NAME' in config.magento).toBe(false);
    expect('EMBEDDED_MAGENTO_PORT' in config.shop).toBe(false);
  });

  it('applies the defaults, and leaves unset optional variables out', () => {
    const config = loadConfig({});
    expect(config.shop.SITE_URL).toBe('http://127.0.0.1:4321');
    expect(config.shop.PORT).toBe(4321);
    expect(config.shop.TRUSTED_PROXIES).toEqual([]);
    expect(config.embedded.EMBEDDED_MAGENTO_PORT).toBe(8080);
    expect(config.embedded.EMBEDDED_INTEGRATION_AS_BEARER).toBe(true);
    expect(config.cdn.CDN_PURGE).toBe('none');
    expect(config.publishing.PRICE_RECONCILE_AT).toBe('00:10');
    expect('MAGENTO_URL' in config.magento).toBe(false);
    expect('DATABASE_URL' in config.store).toBe(false);
  });

  it('throws the ConfigError naming a wrong variable, with its hint', () => {
    const message = configError({ EMBEDDED_MAGENTO_PORT: 'eighty' });
    expect(message).toContain('EMBEDDED_MAGENTO_PORT must be a port number (got "eighty")');
    expect(message).toContain('Pick a free port');
  });

  it('keeps the checks across sections', () => {
    expect(configError({ CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'service' })).toContain(
      'CDN_PURGE=fastly needs FASTLY_API_TOKEN',
    );
    expect(configError({ MAGENTO_URL: 'https://magento.example.com' })).toContain(
      "MAGENTO_URL needs the integration's credentials",
    );
  });
});
