/**
 * OAuth 1.0a request signing (RFC 5849) for an integration's calls to Magento: the `Authorization: OAuth …`
 * header carrying the consumer key, the access token, a fresh nonce and timestamp, and an HMAC signature
 * over the method, the URL and its query parameters. Magento 2.4.4 and later accept only HMAC-SHA256
 * (`Framework\Oauth\Oauth::getSupportedSignatureMethods()`); HMAC-SHA1 is here for RFC 5849's own examples.
 *
 * A JSON body is not signed: only a form-encoded body's parameters are (§3.4.1.3.1), and Magento reads
 * them only then (`Framework\Oauth\Helper\Request::_processRequest()`).
 *
 * Parameters are sorted as RFC 5849 says, by their encoded names. Magento 2.4.8 sorts the decoded names
 * (`Oauth\Helper\Signature\Hmac::normalizeParameters()`, `ksort`); the two orders agree for every name the
 * storefront sends (`searchCriteria[…]` with indices below 10, `fields`), and would differ only where one
 * name has `[`, `]` or another encoded character at the place the other has a letter or digit.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** An integration's four values, as Magento's admin shows them under Integration Details. */
export interface OAuthCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly accessToken: string;
  readonly accessTokenSecret: string;
}

export type SignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256';

/** RFC 5849 §3.6: every byte but the unreserved characters `A–Z a–z 0–9 - . _ ~` as `%XX` (PHP's rawurlencode). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** §3.4.1.2: scheme and host in lower case, the port only when it is not the scheme's default, the path as sent. */
export function baseStringUri(url: URL): string {
  // WHATWG URL already lower-cases the scheme and host and drops a default port.
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Decodes `application/x-www-form-urlencoded` pairs (`+` is a space), keeping repeated names. */
const formPairs = (text: string): [string, string][] => [...new URLSearchParams(text)];

/**
 * §3.4.1: `METHOD&uri&parameters`, the parameters being the query's, a form body's and the `oauth_*`
 * protocol parameters (without `oauth_signature`), each encoded, sorted by name then value and joined.
 */
export function signatureBaseString(
  method: string,
  url: URL,
  protocolParameters: Readonly<Record<string, string>>,
  formBody?: string,
): string {
  const pairs = [
    ...formPairs(url.search),
    ...(formBody === undefined ? [] : formPairs(formBody)),
    ...Object.entries(protocolParameters).filter(([name]) => name !== 'oauth_signature'),
  ].map(([name, value]) => [percentEncode(name), percentEncode(value)] as const);
  pairs.sort(([nameA, valueA], [nameB, valueB]) =>
    nameA === nameB ? compare(valueA, valueB) : compare(nameA, nameB),
  );
  const normalized = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalized)].join('&');
}

// Encoded strings are ASCII, so comparing UTF-16 code units is comparing bytes.
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** §3.4.2: HMAC over the base string, keyed by the encoded consumer secret `&` the encoded token secret. */
export function hmacSignature(
  baseString: string,
  credentials: Pick<OAuthCredentials, 'consumerSecret' | 'accessTokenSecret'>,
  method: SignatureMethod,
): string {
  const key = `${percentEncode(credentials.consumerSecret)}&${percentEncode(credentials.accessTokenSecret)}`;
  return createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
    .update(baseString)
    .digest('base64');
}

export interface SignOptions {
  readonly method: string;
  readonly url: string | URL;
  readonly credentials: OAuthCredentials;
  /** Default HMAC-SHA256, the one Magento 2.4.4+ accepts. */
  readonly signatureMethod?: SignatureMethod;
  /** Fixed for test vectors; a fresh one for every request otherwise (Magento refuses a nonce used before). */
  readonly nonce?: string;
  /** Seconds since the epoch; now by default (Magento refuses one more than 600 s ahead of its clock). */
  readonly timestamp?: number;
  /** A form-encoded body, whose parameters are signed too; leave it out for JSON. */
  readonly formBody?: string;
  /** Whether to send `oauth_version="1.0"` (optional in RFC 5849; default true). */
  readonly includeVersion?: boolean;
}

/** 32 characters of `[0-9a-f]`: unique, and no longer than Magento's `oauth_nonce.nonce` column. */
const newNonce = (): string => randomBytes(16).toString('hex');

/** The protocol parameters with their `oauth_signature`, for a header or a test's inspection. */
export function signedParameters(options: SignOptions): Record<string, string> {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA256';
  const parameters: Record<string, string> = {
    oauth_consumer_key: options.credentials.consumerKey,
    oauth_token: options.credentials.accessToken,
    oauth_signature_method: signatureMethod,
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_nonce: options.nonce ?? newNonce(),
    ...(options.includeVersion === false ? {} : { oauth_version: '1.0' }),
  };
  const url = typeof options.url === 'string' ? new URL(options.url) : options.url;
  const base = signatureBaseString(options.method, url, parameters, options.formBody);
  return { ...parameters, oauth_signature: hmacSignature(base, options.credentials, signatureMethod) };
}

/** §3.5.1: `OAuth name="value", …`, names and values percent-encoded. */
export function authorizationHeader(parameters: Readonly<Record<string, string>>): string {
  const fields = Object.entries(parameters).map(
    ([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`,
  );
  return `OAuth ${fields.join(', ')}`;
}

/** The `Authorization` header of one request, signed afresh (a retry needs a new one: new nonce, new time). */
export const oauthAuthorization = (options: SignOptions): string =>
  authorizationHeader(signedParameters(options));
