/** A test integration as Magento makes one: four values of 32 letters and digits (random, made for the tests). */
import type { OAuthCredentials } from '../../src/magento/oauth.ts';

export const TEST_OAUTH: OAuthCredentials = {
  consumerKey: '9fbfa25dbdabcf4f31c79b8c6f907a53',
  consumerSecret: '0eed6e274075a8e88779f08f066b2783',
  accessToken: '9ed43c8fb9353e5ab3eae63951dee059',
  accessTokenSecret: '6af3468c3d8099ff59666a79f9c4cc24',
};

/** The same four values as the environment sets them. */
export const TEST_OAUTH_ENV = {
  MAGENTO_CONSUMER_KEY: TEST_OAUTH.consumerKey,
  MAGENTO_CONSUMER_SECRET: TEST_OAUTH.consumerSecret,
  MAGENTO_ACCESS_TOKEN: TEST_OAUTH.accessToken,
  MAGENTO_ACCESS_TOKEN_SECRET: TEST_OAUTH.accessTokenSecret,
};
