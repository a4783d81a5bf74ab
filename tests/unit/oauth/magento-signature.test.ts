/**
 * How the embedded back end reads an OAuth request and the string it signs, as Magento 2.4.8 does
 * (packages/embedded-magento/auth/oauth-signature.ts): the header as `Framework\Oauth\Helper\Request` reads it,
 * and the base string of `Helper\Signature\Hmac`, worked out by hand for a query with `searchCriteria[…]`
 * brackets, spaces, a `+` and accented letters (the signature with `openssl dgst -sha256 -hmac`). Then the
 * storefront's signer against it: what `magentoFetch` sends is what Magento checks.
 */
import { describe, expect, it } from 'vitest';
import {
  magentoBaseString,
  magentoSignature,
  oauthHeaderParameters,
  queryParameters,
  rawUrlDecode,
} from '@cleaning-shop/embedded-magento/auth/oauth-signature.ts';
import { magentoFetch } from '../../../src/magento/client.ts';
import { signedParameters } from '../../../src/magento/oauth.ts';
import { z } from 'zod';
import { TEST_OAUTH } from '../../support/oauth.ts';

const INTEGRATION = TEST_OAUTH;
const SECRETS = { consumerSecret: INTEGRATION.consumerSecret, tokenSecret: INTEGRATION.accessTokenSecret };

const PROTOCOL = {
  oauth_consumer_key: INTEGRATION.consumerKey,
  oauth_nonce: 'e3b0c44298fc1c149afbf4c8996fb924',
  oauth_signature_method: 'HMAC-SHA256',
  oauth_timestamp: '1767225600',
  oauth_token: INTEGRATION.accessToken,
  oauth_version: '1.0',
  oauth_signature: 'not part of the base string',
};

/** The query as it reaches Magento: bracketed names, `%20` and a `+`, UTF-8 bytes, brackets in a value. */
const QUERY =
  'searchCriteria[filterGroups][0][filters][0][field]=name' +
  '&searchCriteria[filterGroups][0][filters][0][value]=%25Car%20Wax+Pro%25' +
  '&q=Caf%C3%A9+cr%C3%A8me&fields=items[sku,name]';

/** Magento's signature check of what `magentoFetch` sent (the URL as it goes on the wire). */
function magentoAccepts(method: string, sent: string, authorization: string): boolean {
  const url = new URL(sent);
  const query = url.search.slice(1);
  const header = oauthHeaderParameters(authorization) ?? {};
  const parameters = { ...header, ...queryParameters(query) };
  const expected = magentoSignature(
    { method, url: `${url.protocol}//${url.host}${url.pathname}`, query },
    parameters,
    SECRETS,
    'HMAC-SHA256',
  );
  return expected === header['oauth_signature'];
}

describe('the base string Magento 2.4.8 signs', () => {
  it('reads bracketed names’ values as sent (a + stays a +), others as parse_str does (a + is a space)', () => {
    const request = { method: 'get', url: 'http://127.0.0.1:8080/rest/V1/products', query: QUERY };
    const parameters = { ...PROTOCOL, ...queryParameters(QUERY) };
    expect(magentoBaseString(request, parameters)).toBe(
      'GET&http%3A%2F%2F127.0.0.1%3A8080%2Frest%2FV1%2Fproducts&fields%3Ditems%255Bsku%252Cname%255D' +
        '%26oauth_consumer_key%3D9fbfa25dbdabcf4f31c79b8c6f907a53%26oauth_nonce%3De3b0c44298fc1c149af' +
        'bf4c8996fb924%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1767225600%26oauth_' +
        'token%3D9ed43c8fb9353e5ab3eae63951dee059%26oauth_version%3D1.0%26q%3DCaf%25C3%25A9%2520cr%25' +
        'C3%25A8me%26searchCriteria%255BfilterGroups%255D%255B0%255D%255Bfilters%255D%255B0%255D%255B' +
        'field%255D%3Dname%26searchCriteria%255BfilterGroups%255D%255B0%255D%255Bfilters%255D%255B0%25' +
        '5D%255Bvalue%255D%3D%2525Car%2520Wax%252BPro%2525',
    );
    expect(magentoSignature(request, parameters, SECRETS, 'HMAC-SHA256')).toBe(
      'FoXZdE/B81fZIF24gqtrhV9kTA6Itf7bEzgqs7pYq00=',
    );
  });

  it('sorts decoded names byte by byte, as ksort does', () => {
    const query = 'searchCriteria[filterGroups][1][x]=b&searchCriteria[filterGroups][10][x]=c&a=1';
    const base = magentoBaseString({ method: 'GET', url: 'http://h/p', query }, queryParameters(query));
    // "[10]" before "[1]": "0" is below "]". (An RFC 5849 signer, sorting encoded names, puts "%5B1%5D" first.)
    expect(decodeURIComponent(base.split('&')[2] ?? '')).toBe(
      'a=1&searchCriteria%5BfilterGroups%5D%5B10%5D%5Bx%5D=c&searchCriteria%5BfilterGroups%5D%5B1%5D%5Bx%5D=b',
    );
  });

  it('takes the query’s pairs with exactly one =, and none named oauth_…', () => {
    expect(queryParameters('a=1&b&c=2=3&oauth_nonce=x&d%5B0%5D=%C3%A9&e=')).toEqual({
      a: '1',
      'd[0]': 'é',
      e: '',
    });
    expect(rawUrlDecode('100%+%zz%41')).toBe('100%+%zzA');
  });
});

describe('the Authorization header as Magento reads it', () => {
  it('takes the oauth_… fields after "OAuth " in any case, quotes trimmed, names and values decoded', () => {
    expect(
      oauthHeaderParameters(
        'oauth realm="Photos",oauth_consumer_key="dpf43f3p2l4k3l03" , oauth_signature="Mdp%2FU%3D", ' +
          'oauth_nonce=chapoH, other="x", broken',
      ),
    ).toEqual({ oauth_consumer_key: 'dpf43f3p2l4k3l03', oauth_signature: 'Mdp/U=', oauth_nonce: 'chapoH' });
  });

  it('is no OAuth header when it has no "oauth " (a bearer token, say)', () => {
    expect(oauthHeaderParameters('Bearer abc')).toBeUndefined();
    expect(oauthHeaderParameters(undefined)).toBeUndefined();
    expect(oauthHeaderParameters('OAuth ')).toEqual({});
  });
});

describe('the storefront’s signer against it', () => {
  it('signs what magentoFetch sends so that Magento’s check accepts it: brackets, spaces, +, accents', async () => {
    const sent: { url: string; authorization: string; method: string }[] = [];
    const config = {
      baseUrl: 'http://127.0.0.1:8080',
      oauth: INTEGRATION,
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        // What goes on the wire is the URL as WHATWG serialises it (spaces and accents %-encoded).
        sent.push({
          url: new URL(String(input)).href,
          authorization: headers.get('authorization') ?? '',
          method: init?.method ?? 'GET',
        });
        return Promise.resolve(Response.json({ ok: true }));
      },
    };
    const schema = z.object({ ok: z.boolean() });
    await magentoFetch(config, { path: `/products?${QUERY}&title=Caf\u00e9 cr\u00e8me`, schema });
    await magentoFetch(config, { method: 'PUT', path: '/carts/42/order', body: {}, schema });
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.authorization).toMatch(/^OAuth /);
      expect(magentoAccepts(request.method, request.url, request.authorization)).toBe(true);
    }
    // A + in the query goes as %20: Magento would read it as a + in a bracketed name and as a space elsewhere.
    expect(sent[0]?.url).not.toContain('+');
  });

  it('would disagree with Magento over a raw + in a bracketed value, which is why magentoFetch sends %20', () => {
    const url =
      'http://127.0.0.1:8080/rest/V1/products?searchCriteria[filterGroups][0][filters][0][value]=Wax+Pro';
    const parameters = signedParameters({ method: 'GET', url, credentials: INTEGRATION });
    const header = Object.entries(parameters)
      .map(([name, value]) => `${name}="${encodeURIComponent(value)}"`)
      .join(', ');
    expect(magentoAccepts('GET', url, `OAuth ${header}`)).toBe(false);
    expect(magentoAccepts('GET', url.replace('+', '%20'), `OAuth ${header}`)).toBe(true);
  });
});
