/**
 * The integration's OAuth 1.0a sign-in, checked as Magento 2.4.8 checks it over REST
 * (`Webapi\Model\Authorization\OauthUserContext` → `Framework\Oauth\Oauth::validateAccessTokenRequest()`),
 * in its order and with its messages. Its exceptions are not swallowed: Magento's web API renders an
 * `OauthInputException` as 400 and an `Oauth\Exception` (an AuthenticationException) as 401, each with its
 * message and parameters (`Framework\Webapi\ErrorProcessor::maskException()`).
 *
 * 1. `oauth_version`, when sent, must equal 1.0 (PHP's loose `!=`, so `1` passes): else 400
 *    `The "%1" Oauth version isn't supported.`
 * 2. The six required parameters (`oauth_consumer_key`, `_signature`, `_signature_method`, `_nonce`,
 *    `_timestamp`, `_token`): 400 `"%fieldName" is required. Enter and try again.`, aggregated for two or
 *    more.
 * 3. `oauth_token` must be 32 bytes long: 400 `The token length is invalid. Check the length and try again.`
 * 4. Only HMAC-SHA256 is supported since 2.4.4: 400 `Signature method %1 is not supported`.
 * 5. The consumer key (`Integration\Model\Oauth\Token\Provider::getConsumerByKey()`): 401 `Consumer key is
 *    not the correct length` unless 32 bytes, 401 `A consumer having the specified key does not exist`.
 * 6. The nonce and timestamp (`Integration\Model\Oauth\Nonce\Generator::validateNonce()`): a timestamp that
 *    is not positive or is more than 600 s ahead gives 400 `Incorrect timestamp value in the oauth_timestamp
 *    parameter`; a nonce this consumer used before gives 401 `The nonce is already being used by the
 *    consumer with ID %1`. The nonce is stored at once, so a request failing a later check has still used it.
 * 7. The access token (`Provider::validateAccessTokenRequest()`): 401 `Specified token does not exist`,
 *    401 `Token is not associated with the specified consumer`.
 * 8. The signature (`Oauth::_validateSignature()`): 401 `The signature is invalid. Verify and try again.`
 *
 * Where this differs, deliberately: Magento forgets nonces older than `oauth/cleanup/expiration_period`
 * (120 minutes) yet takes any old timestamp, so a request captured more than two hours ago could be sent
 * again. Here a timestamp older than the nonces kept is refused like one too far ahead (step 6's 400).
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../caller.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { isPhpNumeric } from '../input.ts';
import {
  magentoSignature,
  oauthHeaderParameters,
  queryParameters,
  type SignedRequest,
} from './oauth-signature.ts';

/** An integration's four values, as Magento's admin shows them under Integration Details. */
export interface IntegrationCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly accessToken: string;
  readonly accessTokenSecret: string;
}

/** The request as received: what the signature covers. */
export interface ReceivedRequest {
  readonly method: string;
  /** The full URL (`request.url`). */
  readonly url: string;
  /** The Host header as sent, which Magento signs as it is (the URL's host otherwise). */
  readonly host?: string | undefined;
}

/** The one integration here; its consumer's `entity_id`. */
const CONSUMER_ID = 1;
/** `Framework\Oauth\Helper\Oauth::LENGTH_CONSUMER_KEY` and `LENGTH_TOKEN`. */
const KEY_LENGTH = 32;
/** `Nonce\Generator::TIME_DEVIATION`: how far ahead of the clock a timestamp may be. */
const TIME_DEVIATION = 600;
/** `oauth/cleanup/expiration_period` (120 minutes): how long used nonces are kept. */
const NONCE_LIFETIME = 120 * 60;
/** `Oauth::getSupportedSignatureMethods()` since 2.4.4. */
const SUPPORTED_METHODS: readonly string[] = ['HMAC-SHA256'];
const REQUIRED = [
  'oauth_consumer_key',
  'oauth_signature',
  'oauth_signature_method',
  'oauth_nonce',
  'oauth_timestamp',
  'oauth_token',
];

const oauthError = {
  versionRejected: (version: string) =>
    new MagentoError(400, 'The "%1" Oauth version isn\'t supported.', [version]),
  tokenLength: () => new MagentoError(400, 'The token length is invalid. Check the length and try again.'),
  signatureMethod: (method: string) =>
    new MagentoError(400, 'Signature method %1 is not supported', [method]),
  consumerKeyLength: () => new MagentoError(401, 'Consumer key is not the correct length'),
  noConsumer: () => new MagentoError(401, 'A consumer having the specified key does not exist'),
  timestamp: () => new MagentoError(400, 'Incorrect timestamp value in the oauth_timestamp parameter'),
  nonceUsed: (consumerId: number) =>
    new MagentoError(401, 'The nonce is already being used by the consumer with ID %1', [consumerId]),
  noToken: () => new MagentoError(401, 'Specified token does not exist'),
  otherConsumer: () => new MagentoError(401, 'Token is not associated with the specified consumer'),
  signature: () => new MagentoError(401, 'The signature is invalid. Verify and try again.'),
};

/**
 * The integration as created in Magento's admin under System → Extensions → Integrations: a consumer and
 * its access token, replaced by the configured ones at every start (removed when none are configured).
 */
export function ensureOAuthIntegration(db: Database, credentials: IntegrationCredentials | undefined): void {
  db.transaction(() => {
    if (!credentials) {
      // No OAuth integration configured: one a previous start created must not let anyone in.
      db.run('DELETE FROM oauth_nonce WHERE consumer_id = ?', CONSUMER_ID);
      db.run('DELETE FROM oauth_token WHERE consumer_id = ?', CONSUMER_ID);
      db.run('DELETE FROM oauth_consumer WHERE entity_id = ?', CONSUMER_ID);
      return;
    }
    db.run(
      `INSERT INTO oauth_consumer (entity_id, consumer_key, secret) VALUES (?, ?, ?)
       ON CONFLICT (entity_id) DO UPDATE SET consumer_key = excluded.consumer_key, secret = excluded.secret`,
      CONSUMER_ID,
      credentials.consumerKey,
      credentials.consumerSecret,
    );
    db.run(
      'DELETE FROM oauth_token WHERE consumer_id = ? AND token <> ?',
      CONSUMER_ID,
      credentials.accessToken,
    );
    db.run(
      `INSERT INTO oauth_token (token, secret, consumer_id) VALUES (?, ?, ?)
       ON CONFLICT (token) DO UPDATE SET secret = excluded.secret, consumer_id = excluded.consumer_id`,
      credentials.accessToken,
      credentials.accessTokenSecret,
      CONSUMER_ID,
    );
  });
}

const idRow = z.object({ entity_id: sqlNumber });

/** Whether `token` is an integration's OAuth access token (which Magento also takes as a bearer token, when allowed). */
export const isAccessToken = (db: Database, token: string): boolean =>
  db.get(idRow, 'SELECT consumer_id AS entity_id FROM oauth_token WHERE token = ?', token) !== undefined;

const bytes = (text: string): number => Buffer.byteLength(text);

/** PHP's `'1.0' != $version`: two numeric strings compare as numbers. */
const isVersionOne = (version: string): boolean =>
  version === '1.0' || (isPhpNumeric(version) && Number(version) === 1);

/** PHP's `(int)` of a string: its leading number, truncated; 0 when there is none. */
const phpInt = (text: string): number => {
  const leading = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text)?.[0];
  const value = leading === undefined ? 0 : Math.trunc(Number(leading));
  return Number.isFinite(value) ? value : 0;
};

const consumerRow = z.object({ entity_id: sqlNumber, secret: z.string() });
const tokenRow = z.object({ consumer_id: sqlNumber, secret: z.string() });

/** `Nonce\Generator::validateNonce()`, with the old-timestamp refusal described above. */
function useNonce(db: Database, consumerId: number, nonce: string, timestampText: string, now: number): void {
  const timestamp = phpInt(timestampText);
  if (timestamp <= 0 || timestamp > now + TIME_DEVIATION || timestamp < now - NONCE_LIFETIME)
    throw oauthError.timestamp();
  const used = db.get(
    idRow,
    'SELECT consumer_id AS entity_id FROM oauth_nonce WHERE nonce = ? AND consumer_id = ?',
    nonce,
    consumerId,
  );
  if (used) throw oauthError.nonceUsed(consumerId);
  db.run('DELETE FROM oauth_nonce WHERE timestamp < ?', now - NONCE_LIFETIME);
  db.run(
    'INSERT INTO oauth_nonce (nonce, consumer_id, timestamp) VALUES (?, ?, ?)',
    nonce,
    consumerId,
    timestamp,
  );
}

const sameSignature = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The integration, when `authorization` is a valid `OAuth …` header for this request; undefined when it is
 * no OAuth header (or names no parameter at all); a MagentoError, as above, when the check fails.
 */
export function oauthCaller(
  db: Database,
  authorization: string | undefined,
  request: ReceivedRequest,
  now: number = Math.floor(Date.now() / 1000),
): Caller | undefined {
  const header = oauthHeaderParameters(authorization);
  if (!header) return undefined;
  const url = new URL(request.url);
  const query = url.search.slice(1);
  const parameters = { ...header, ...queryParameters(query) };
  if (Object.keys(parameters).length === 0) return undefined;

  const version = parameters['oauth_version'];
  if (version !== undefined && !isVersionOne(version)) throw oauthError.versionRejected(version);
  const missing = REQUIRED.filter((name) => parameters[name] === undefined);
  if (missing.length > 0) throw errors.required(missing);
  const consumerKey = parameters['oauth_consumer_key'] ?? '';
  const token = parameters['oauth_token'] ?? '';
  const signatureMethod = parameters['oauth_signature_method'] ?? '';
  if (bytes(token) !== KEY_LENGTH) throw oauthError.tokenLength();
  if (!SUPPORTED_METHODS.includes(signatureMethod)) throw oauthError.signatureMethod(signatureMethod);
  if (bytes(consumerKey) !== KEY_LENGTH) throw oauthError.consumerKeyLength();
  const consumer = db.get(
    consumerRow,
    'SELECT entity_id, secret FROM oauth_consumer WHERE consumer_key = ?',
    consumerKey,
  );
  if (!consumer) throw oauthError.noConsumer();
  useNonce(db, consumer.entity_id, parameters['oauth_nonce'] ?? '', parameters['oauth_timestamp'] ?? '', now);

  const accessToken = db.get(tokenRow, 'SELECT consumer_id, secret FROM oauth_token WHERE token = ?', token);
  if (!accessToken) throw oauthError.noToken();
  if (accessToken.consumer_id !== consumer.entity_id) throw oauthError.otherConsumer();
  const signed: SignedRequest = {
    method: request.method,
    url: `${url.protocol}//${request.host ?? url.host}${url.pathname}`,
    query,
  };
  const expected = magentoSignature(
    signed,
    parameters,
    { consumerSecret: consumer.secret, tokenSecret: accessToken.secret },
    signatureMethod,
  );
  if (!sameSignature(expected, parameters['oauth_signature'] ?? '')) throw oauthError.signature();
  return { kind: 'integration' };
}
