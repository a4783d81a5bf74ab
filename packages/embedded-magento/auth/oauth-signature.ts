/**
 * How Magento 2.4.8 reads an OAuth 1.0a request and computes the signature it expects, written from its
 * source and kept apart from the storefront's signer (src/magento/oauth.ts) so that each checks the other:
 *
 * - the header (`Framework\Oauth\Helper\Request::_processHeader()`): whatever follows `oauth ` (any case,
 *   anywhere in the header), split at commas, each `name=value` whose name holds `oauth_…`, the value's
 *   quotes trimmed and both rawurldecoded;
 * - the query's other parameters (`_extractQueryStringParams()`): each `name=value` pair with exactly one
 *   `=`, both rawurldecoded (a `+` stays a `+`);
 * - the signature (`Helper\Signature\Hmac::sign()`): `METHOD&url&parameters`, the URL being the scheme,
 *   the Host as received and the path without the query (`Helper\Request::getRequestUrl()`, `parse_url`);
 *   the parameters are those above with the query read again by `parse_str` laid over them (so a name
 *   without brackets gets its value with `+` as a space, and a pair with no or two `=` counts too; a name
 *   with brackets keeps the value read above), `oauth_signature` left out, sorted by decoded name
 *   (`ksort`), each `rawurlencode(name)=rawurlencode(value)`; the key is the consumer secret `&` the token
 *   secret, each rawurlencoded; the HMAC is base64-encoded.
 *
 * A form-encoded body's parameters, which Magento signs too, are not read: every route here takes JSON.
 */
import { createHmac } from 'node:crypto';

/** `Helper\Request::_isProtocolParameter()`: the name holds `oauth_` and a letter, `_` or `-` (not anchored). */
const isProtocolParameter = (name: string): boolean => /oauth_[a-z_-]+/.test(name);

/** PHP's rawurldecode: `%XX` becomes its byte, anything else (a malformed `%` too) stays as it is. */
export function rawUrlDecode(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text.charAt(index)));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** PHP's urldecode: rawurldecode after `+` becomes a space. */
const urlDecode = (text: string): string => rawUrlDecode(text.replace(/\+/g, ' '));

/** PHP's rawurlencode: every byte but `A–Z a–z 0–9 - _ . ~` as `%XX`. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The `oauth_*` parameters of an `Authorization: OAuth …` header; undefined when the header is not one
 * (then the request is no OAuth request and the caller is whoever else the header names, or a guest).
 */
export function oauthHeaderParameters(header: string | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  const start = header.toLowerCase().indexOf('oauth ');
  if (start === -1) return undefined;
  const parameters: Record<string, string> = {};
  for (const field of header.slice(start + 6).split(',')) {
    const trimmed = field.trim();
    const equals = trimmed.indexOf('=');
    if (equals === -1) continue;
    const name = trimmed.slice(0, equals);
    if (isProtocolParameter(name))
      parameters[rawUrlDecode(name)] = rawUrlDecode(trimmed.slice(equals + 1).replace(/^"+|"+$/g, ''));
  }
  return parameters;
}

/** The query's other parameters as Magento's request helper adds them to the header's. */
export function queryParameters(query: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  if (query === '') return parameters;
  for (const pair of query.split('&')) {
    const parts = pair.split('=');
    if (parts.length === 2 && !isProtocolParameter(parts[0] ?? ''))
      parameters[rawUrlDecode(parts[0] ?? '')] = rawUrlDecode(parts[1] ?? '');
  }
  return parameters;
}

/**
 * The query as `parse_str` reads it: a name with brackets makes its base name an array (null here), which
 * the signature leaves out, as it does any array (`removeNestedArrays()`, `isValidValue()`).
 */
function parseStr(query: string): Record<string, string | null> {
  const parameters: Record<string, string | null> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = urlDecode(equals === -1 ? pair : pair.slice(0, equals));
    const bracket = name.indexOf('[');
    if (bracket > 0) parameters[name.slice(0, bracket)] = null;
    else if (name !== '') parameters[name] = equals === -1 ? '' : urlDecode(pair.slice(equals + 1));
  }
  return parameters;
}

// ksort on names that are not numbers: byte order.
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

export interface SignedRequest {
  readonly method: string;
  /** `scheme://host[:port]/path`: the Host header as received, the path without the query. */
  readonly url: string;
  /** The raw query, without `?`. */
  readonly query: string;
}

/** The string Magento signs for this request and these parameters (header's and query's, as read above). */
export function magentoBaseString(
  request: SignedRequest,
  parameters: Readonly<Record<string, string>>,
): string {
  const merged: Record<string, string | null> = { ...parameters, ...parseStr(request.query) };
  const normalized = Object.entries(merged)
    .flatMap(([name, value]) =>
      value === null || name === 'oauth_signature' ? [] : [[name, value] as const],
    )
    .sort(([a], [b]) => byteOrder(a, b))
    .map(([name, value]) => `${rawUrlEncode(name)}=${rawUrlEncode(value)}`)
    .join('&');
  return `${request.method.toUpperCase()}&${rawUrlEncode(request.url)}&${rawUrlEncode(normalized)}`;
}

/** `HmacInterface::HASH_ALGORITHM_MAP`, sha256 for anything else. */
const HASH: Readonly<Record<string, string>> = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256' };

export function magentoSignature(
  request: SignedRequest,
  parameters: Readonly<Record<string, string>>,
  secrets: { readonly consumerSecret: string; readonly tokenSecret: string },
  signatureMethod: string,
): string {
  const key = `${rawUrlEncode(secrets.consumerSecret)}&${rawUrlEncode(secrets.tokenSecret)}`;
  return createHmac(HASH[signatureMethod] ?? 'sha256', key)
    .update(magentoBaseString(request, parameters))
    .digest('base64');
}
