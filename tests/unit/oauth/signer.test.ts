/**
 * The storefront's OAuth 1.0a signer (src/magento/oauth.ts) against vectors worked out without it: RFC
 * 5849's own example requests (§1.2's signature, §3.4.1.1's base string) and HMAC-SHA256 signatures
 * computed by hand with `openssl dgst -sha256 -hmac <key> -binary | base64` over base strings written out
 * in full. If the signer drifted from the RFC, a real Magento would answer every call with "The signature
 * is invalid".
 */
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  baseStringUri,
  hmacSignature,
  oauthAuthorization,
  percentEncode,
  signatureBaseString,
  signedParameters,
  type OAuthCredentials,
} from '../../../src/magento/oauth.ts';
import { TEST_OAUTH } from '../../support/oauth.ts';

/** RFC 5849 §1.2: the printer's client credentials and the token Jane granted. */
const PHOTOS: OAuthCredentials = {
  consumerKey: 'dpf43f3p2l4k3l03',
  consumerSecret: 'kd94hf93k423kf44',
  accessToken: 'nnch734d00sl2jdk',
  accessTokenSecret: 'pfkkdhi9sl3r4s00',
};

const INTEGRATION = TEST_OAUTH;

describe('RFC 5849 examples', () => {
  it('signs §1.2’s photos request with the signature the RFC gives', () => {
    const parameters = signedParameters({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      credentials: PHOTOS,
      signatureMethod: 'HMAC-SHA1',
      nonce: 'chapoH',
      timestamp: 137131202,
      includeVersion: false,
    });
    expect(parameters).toEqual({
      oauth_consumer_key: 'dpf43f3p2l4k3l03',
      oauth_token: 'nnch734d00sl2jdk',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131202',
      oauth_nonce: 'chapoH',
      oauth_signature: 'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    });
    // §1.2's header, realm aside (Magento ignores it and the signer sends none).
    expect(authorizationHeader(parameters)).toBe(
      'OAuth oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", ' +
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", ' +
        'oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"',
    );
  });

  it('builds §3.4.1.1’s base string: query and form body, repeated names, encoded and sorted', () => {
    const base = signatureBaseString(
      'post',
      new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'),
      {
        oauth_consumer_key: '9djdj82h48djs9d2',
        oauth_token: 'kkk9d7dh3k39sjv7',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '137131201',
        oauth_nonce: '7d8f3e4a',
        oauth_signature: 'left out of the base string',
      },
      'c2&a3=2+q',
    );
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q' +
        '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_' +
        'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m' +
        'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk' +
        '9d7dh3k39sjv7',
    );
  });

  it('keeps the scheme’s default port out of the base string URI and any other port in (§3.4.1.2)', () => {
    expect(baseStringUri(new URL('HTTP://EXAMPLE.COM:80/r%20v/X?id=123'))).toBe('http://example.com/r%20v/X');
    expect(baseStringUri(new URL('https://www.example.net:8080/?q=1'))).toBe('https://www.example.net:8080/');
    expect(baseStringUri(new URL('https://magento.example.com:443/rest/V1/products'))).toBe(
      'https://magento.example.com/rest/V1/products',
    );
  });
});

describe('HMAC-SHA256, the one Magento 2.4.4+ accepts', () => {
  it('signs a catalogue read with brackets and commas in its query as computed by hand', () => {
    const url =
      'https://magento.example.com/rest/default/V1/products?searchCriteria[pageSize]=20&fields=items[sku,name]';
    const options = {
      method: 'GET',
      url,
      credentials: INTEGRATION,
      nonce: 'e3b0c44298fc1c149afbf4c8996fb924',
      timestamp: 1767225600,
    };
    expect(
      signatureBaseString('GET', new URL(url), {
        oauth_consumer_key: INTEGRATION.consumerKey,
        oauth_token: INTEGRATION.accessToken,
        oauth_signature_method: 'HMAC-SHA256',
        oauth_timestamp: '1767225600',
        oauth_nonce: 'e3b0c44298fc1c149afbf4c8996fb924',
        oauth_version: '1.0',
      }),
    ).toBe(
      'GET&https%3A%2F%2Fmagento.example.com%2Frest%2Fdefault%2FV1%2Fproducts&fields%3Ditems%255Bsku' +
        '%252Cname%255D%26oauth_consumer_key%3D9fbfa25dbdabcf4f31c79b8c6f907a53%26oauth_nonce%3De3b0c4' +
        '4298fc1c149afbf4c8996fb924%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D17672256' +
        '00%26oauth_token%3D9ed43c8fb9353e5ab3eae63951dee059%26oauth_version%3D1.0%26searchCriteria%255' +
        'BpageSize%255D%3D20',
    );
    expect(signedParameters(options)['oauth_signature']).toBe('BTsHKsH/ZIBDlZHcmvpksDmnGmq2Ze45xtdiVxFF9Bo=');
  });

  it('signs a PUT with no query on a port of its own as computed by hand', () => {
    const parameters = signedParameters({
      method: 'PUT',
      url: 'http://127.0.0.1:8080/rest/V1/carts/42/order',
      credentials: INTEGRATION,
      nonce: '4f1c0b5e9a2d7c3e8b6a1f0d2c4e6a8b',
      timestamp: 1767225601,
    });
    expect(parameters).toMatchObject({
      oauth_signature_method: 'HMAC-SHA256',
      oauth_version: '1.0',
      oauth_signature: '7jav2W1kyaiVMXiCXPSZRH6nx1F+YOWDAZawbh/zn7g=',
    });
  });

  it('keys the HMAC with both secrets, each percent-encoded, joined by &', () => {
    // Computed by hand: printf 'base' | openssl dgst -sha256 -hmac 'a%26b&c%20d' -binary | base64
    expect(hmacSignature('base', { consumerSecret: 'a&b', accessTokenSecret: 'c d' }, 'HMAC-SHA256')).toBe(
      'jGUKOVHux466qloZdHUroLtWRktgyNduP+1228sgQdw=',
    );
  });
});

describe('percent-encoding (§3.6)', () => {
  it('leaves only the unreserved characters as they are', () => {
    expect(percentEncode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(percentEncode(' !"#$%&\'()*+,/:;<=>?@[\\]^`{|}')).toBe(
      '%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D',
    );
  });

  it('encodes characters beyond ASCII as their UTF-8 bytes, in upper-case hex', () => {
    expect(percentEncode('Café crème')).toBe('Caf%C3%A9%20cr%C3%A8me');
    expect(percentEncode('£5 ✓ 🧽')).toBe('%C2%A35%20%E2%9C%93%20%F0%9F%A7%BD');
  });

  it('signs a + in the query as a space (form encoding) and %2B as a plus', () => {
    const base = signatureBaseString('GET', new URL('http://example.com/p?a=1+2&b=1%2B2'), {});
    expect(base).toBe('GET&http%3A%2F%2Fexample.com%2Fp&a%3D1%25202%26b%3D1%252B2');
  });

  it('sorts by encoded name, then by value when a name repeats', () => {
    const base = signatureBaseString('GET', new URL('http://example.com/?z=1&a=2&a=1&a%5Bb%5D=3'), {});
    expect(base).toBe('GET&http%3A%2F%2Fexample.com%2F&a%3D1%26a%3D2%26a%255Bb%255D%3D3%26z%3D1');
  });
});

describe('the Authorization header', () => {
  it('carries the six parameters Magento requires, the version, and a fresh nonce each time', () => {
    const sign = () =>
      oauthAuthorization({
        method: 'GET',
        url: 'http://127.0.0.1:8080/rest/V1/store/storeConfigs',
        credentials: INTEGRATION,
      });
    const header = sign();
    expect(header).toMatch(/^OAuth /);
    const fields = Object.fromEntries(
      header
        .slice('OAuth '.length)
        .split(', ')
        .map((field) => /^([a-z_]+)="([^"]*)"$/.exec(field)?.slice(1) ?? ['?', field]),
    );
    expect(Object.keys(fields).sort()).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_token',
      'oauth_version',
    ]);
    expect(fields).toMatchObject({
      oauth_consumer_key: INTEGRATION.consumerKey,
      oauth_token: INTEGRATION.accessToken,
      oauth_signature_method: 'HMAC-SHA256',
      oauth_version: '1.0',
    });
    // Magento's oauth_nonce column holds 32 characters; a nonce must never repeat.
    expect(fields['oauth_nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(Math.abs(Number(fields['oauth_timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    // The base64 signature's / + = are percent-encoded in the header.
    expect(fields['oauth_signature']).toMatch(/^[A-Za-z0-9%]+$/);
    expect(decodeURIComponent(fields['oauth_signature'] ?? '')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(sign()).not.toBe(header);
  });
});
