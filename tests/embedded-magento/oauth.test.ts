/**
 * The integration's OAuth 1.0a sign-in over HTTP, as Magento 2.4.8 checks it (`OauthUserContext` →
 * `Framework\Oauth\Oauth::validateAccessTokenRequest()`): a request signed with the integration's four
 * values is the integration; each refusal has Magento's status and message, in Magento's order (version,
 * required parameters, token length, signature method, consumer, timestamp and nonce, token, signature).
 * An anonymous route answers a bad OAuth header as a guest. Like Magento 2.4.4+ by default, the back end
 * can refuse an integration's token sent as a bearer token: the caller is then a guest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader, signedParameters, type OAuthCredentials } from '../../src/magento/oauth.ts';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  pickProduct,
  startTestBackend,
  type Reply,
  type TestBackend,
} from '../support/backend.ts';
import { expectError, expectFixtureError } from './helpers.ts';
import { TEST_OAUTH } from '../support/oauth.ts';

const CREDENTIALS = TEST_OAUTH;

const PRODUCTS = '/rest/V1/products?searchCriteria[pageSize]=1';
const UNAUTHORIZED_PRODUCTS = 'error-401-unauthorized-catalog-products.json';

/** Refuses integration tokens as bearer tokens, as Magento 2.4.4+ does by default. */
let backend: TestBackend;
/** Allows them (`oauth/consumer/enable_integration_as_bearer` = Yes), the demo's default. */
let allowing: TestBackend;

beforeAll(async () => {
  [backend, allowing] = await Promise.all([
    startTestBackend({ integrationOAuth: CREDENTIALS, integrationAsBearer: false }),
    startTestBackend({ integrationOAuth: CREDENTIALS, integrationAsBearer: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([backend.stop(), allowing.stop()]);
});

interface SignedCall {
  readonly method?: string;
  readonly body?: unknown;
  readonly credentials?: OAuthCredentials;
  readonly signatureMethod?: 'HMAC-SHA1' | 'HMAC-SHA256';
  readonly timestamp?: number;
  readonly nonce?: string;
  /** Changes the signed parameters before they go in the header (a wrong or missing one). */
  readonly tamper?: (parameters: Record<string, string>) => void;
  /** Sends exactly this Authorization header instead. */
  readonly header?: string;
  readonly target?: TestBackend;
}

/** A call signed with the storefront's signer, as `magentoFetch` signs it. */
async function signed(path: string, options: SignedCall = {}): Promise<Reply & { header: string }> {
  const target = options.target ?? backend;
  const method = options.method ?? 'GET';
  const url = `${target.url}${path}`;
  const parameters = signedParameters({
    method,
    url,
    credentials: options.credentials ?? CREDENTIALS,
    ...(options.signatureMethod ? { signatureMethod: options.signatureMethod } : {}),
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  });
  options.tamper?.(parameters);
  const header = options.header ?? authorizationHeader(parameters);
  const response = await fetch(url, {
    method,
    headers: {
      Authorization: header,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; keep the text
  }
  return { status: response.status, body, headers: response.headers, header };
}

const now = () => Math.floor(Date.now() / 1000);

describe('a signed request', () => {
  it('is the integration: it reads the catalogue and saves a product', async () => {
    const read = await signed(PRODUCTS);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.items).toHaveLength(1);

    const product = await pickProduct(allowing);
    const sku = encodeURIComponent(product.sku);
    const save = await signed(`/rest/V1/products/${sku}`, {
      target: allowing,
      method: 'PUT',
      body: { product: { sku: product.sku, price: 12.5 } },
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect(save.body.price).toBe(12.5);
  });

  it('is signed over a query with brackets, spaces, a + and accents as the storefront sends them', async () => {
    const query =
      'searchCriteria[filterGroups][0][filters][0][field]=name' +
      '&searchCriteria[filterGroups][0][filters][0][value]=%25Caf%C3%A9%20cr%C3%A8me%2B%25' +
      '&searchCriteria[filterGroups][0][filters][0][conditionType]=like&searchCriteria[pageSize]=5' +
      '&fields=items[sku,name],total_count';
    const reply = await signed(`/rest/V1/products?${query}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ items: [], total_count: 0 });
  });

  it('is refused with Magento’s 401 when the signature is wrong', async () => {
    const wrongSecret = await signed(PRODUCTS, {
      credentials: { ...CREDENTIALS, accessTokenSecret: 'ffffffffffffffffffffffffffffffff' },
    });
    expectError(wrongSecret, 401, 'The signature is invalid. Verify and try again.');
    // Signed for one page, sent for another.
    const parameters = signedParameters({
      method: 'GET',
      url: `${backend.url}${PRODUCTS}`,
      credentials: CREDENTIALS,
    });
    const otherPage = await signed('/rest/V1/products?searchCriteria[pageSize]=2', {
      header: authorizationHeader(parameters),
    });
    expectError(otherPage, 401, 'The signature is invalid. Verify and try again.');
    const otherMethod = await signed(PRODUCTS, {
      tamper: (p) => {
        p['oauth_signature'] =
          signedParameters({
            method: 'DELETE',
            url: `${backend.url}${PRODUCTS}`,
            credentials: CREDENTIALS,
            nonce: p['oauth_nonce'] ?? '',
            timestamp: Number(p['oauth_timestamp']),
          })['oauth_signature'] ?? '';
      },
    });
    expectError(otherMethod, 401, 'The signature is invalid. Verify and try again.');
  });

  it('cannot be sent twice: the nonce is refused the second time, with the consumer’s id', async () => {
    const first = await signed(PRODUCTS);
    expect(first.status).toBe(200);
    const replay = await signed(PRODUCTS, { header: first.header });
    expectError(replay, 401, 'The nonce is already being used by the consumer with ID %1', [1]);
    // A request refused at its signature has still used its nonce, as in Magento.
    const refused = await signed(PRODUCTS, { tamper: (p) => (p['oauth_signature'] = 'AAAA') });
    expect(refused.status).toBe(401);
    const nonce = /oauth_nonce="([^"]+)"/.exec(refused.header)?.[1] ?? '';
    expectError(
      await signed(PRODUCTS, { nonce }),
      401,
      'The nonce is already being used by the consumer with ID %1',
      [1],
    );
  });

  it('is refused with 400 when its timestamp is more than 600 s ahead, or older than the nonces kept', async () => {
    const message = 'Incorrect timestamp value in the oauth_timestamp parameter';
    expectError(await signed(PRODUCTS, { timestamp: now() + 660 }), 400, message);
    expectError(await signed(PRODUCTS, { timestamp: now() - 3 * 3600 }), 400, message);
    expectError(await signed(PRODUCTS, { timestamp: 0 }), 400, message);
    expectError(await signed(PRODUCTS, { tamper: (p) => (p['oauth_timestamp'] = 'soon') }), 400, message);
    // A clock a few minutes off either way still works.
    expect((await signed(PRODUCTS, { timestamp: now() + 540 })).status).toBe(200);
    expect((await signed(PRODUCTS, { timestamp: now() - 900 })).status).toBe(200);
  });

  it('is refused with 400 when signed with HMAC-SHA1, which Magento 2.4.4+ no longer takes', async () => {
    expectError(
      await signed(PRODUCTS, { signatureMethod: 'HMAC-SHA1' }),
      400,
      'Signature method %1 is not supported',
      ['HMAC-SHA1'],
    );
  });

  it('is refused with 400 when a required parameter is missing, one by one or together', async () => {
    expectError(
      await signed(PRODUCTS, { tamper: (p) => delete p['oauth_nonce'] }),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'oauth_nonce' },
    );
    const two = await signed(PRODUCTS, {
      tamper: (p) => {
        delete p['oauth_signature'];
        delete p['oauth_token'];
      },
    });
    expect(two.status).toBe(400);
    expect(two.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: [
        {
          message: '"%fieldName" is required. Enter and try again.',
          parameters: { fieldName: 'oauth_signature' },
        },
        {
          message: '"%fieldName" is required. Enter and try again.',
          parameters: { fieldName: 'oauth_token' },
        },
      ],
    });
    expectError(
      await signed(PRODUCTS, { tamper: (p) => (p['oauth_version'] = '2.0') }),
      400,
      'The "%1" Oauth version isn\'t supported.',
      ['2.0'],
    );
  });

  it('is refused when its token or consumer is not the integration’s', async () => {
    expectError(
      await signed(PRODUCTS, { credentials: { ...CREDENTIALS, accessToken: 'not-32-long' } }),
      400,
      'The token length is invalid. Check the length and try again.',
    );
    expectError(
      await signed(PRODUCTS, { credentials: { ...CREDENTIALS, accessToken: 'a'.repeat(32) } }),
      401,
      'Specified token does not exist',
    );
    expectError(
      await signed(PRODUCTS, { credentials: { ...CREDENTIALS, consumerKey: 'too-short' } }),
      401,
      'Consumer key is not the correct length',
    );
    expectError(
      await signed(PRODUCTS, { credentials: { ...CREDENTIALS, consumerKey: 'b'.repeat(32) } }),
      401,
      'A consumer having the specified key does not exist',
    );
    // A second integration's token, signed with the first one's consumer.
    backend.db.run(
      'INSERT INTO oauth_consumer (entity_id, consumer_key, secret) VALUES (2, ?, ?)',
      'c'.repeat(32),
      'd'.repeat(32),
    );
    backend.db.run(
      'INSERT INTO oauth_token (token, secret, consumer_id) VALUES (?, ?, 2)',
      'e'.repeat(32),
      'f'.repeat(32),
    );
    expectError(
      await signed(PRODUCTS, {
        credentials: { ...CREDENTIALS, accessToken: 'e'.repeat(32), accessTokenSecret: 'f'.repeat(32) },
      }),
      401,
      'Token is not associated with the specified consumer',
    );
  });
});

describe('an anonymous route', () => {
  it('answers a bad OAuth header as a guest, since Magento asks nobody who calls it', async () => {
    const cart = await signed('/rest/V1/guest-carts', {
      method: 'POST',
      tamper: (p) => (p['oauth_signature'] = 'AAAA'),
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body).toMatch(/^[A-Za-z0-9]{32}$/);
    const broken = await signed('/rest/V1/guest-carts', { method: 'POST', header: 'OAuth oauth_token="x"' });
    expect(broken.status).toBe(200);
  });
});

describe('integration tokens as bearer tokens', () => {
  it('are a guest where refused, so an admin route gives Magento’s 401 naming its resource', async () => {
    expectFixtureError(
      await backend.call('GET', PRODUCTS, { token: INTEGRATION_TOKEN }),
      UNAUTHORIZED_PRODUCTS,
    );
    expectFixtureError(
      await backend.call('GET', PRODUCTS, { token: CREDENTIALS.accessToken }),
      UNAUTHORIZED_PRODUCTS,
    );
    // Admin and customer tokens are not integration tokens: they still work.
    const admin = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
    expect((await backend.call('GET', PRODUCTS, { token: admin.body as string })).status).toBe(200);
    const customer = await backend.newCustomer();
    expect((await backend.call('GET', '/rest/V1/customers/me', { token: customer.token })).status).toBe(200);
  });

  it('are the integration where allowed, the OAuth access token as well', async () => {
    for (const token of [INTEGRATION_TOKEN, CREDENTIALS.accessToken]) {
      const reply = await allowing.call('GET', PRODUCTS, { token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.items).toHaveLength(1);
    }
    expect((await signed(PRODUCTS, { target: allowing })).status).toBe(200);
  });
});
