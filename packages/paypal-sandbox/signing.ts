/**
 * How PayPal signs a webhook delivery and how `verify-webhook-signature` checks it: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, decimal>`, base64. The
 * sandbox makes its RSA key once and keeps it in its store, so a signature from before a restart still
 * verifies. PayPal publishes an X.509 certificate at PAYPAL-CERT-URL; node:crypto cannot issue one, so
 * the sandbox serves the public key as PEM (`-----BEGIN PUBLIC KEY-----`) there instead.
 */
import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { PayPalStore } from './db.ts';

export const AUTH_ALGO = 'SHA256withRSA';
export const CERTS_PATH = '/v1/notifications/certs';
const KEY_SETTING = 'webhook_signing_key';

export interface WebhookSigner {
  /** `CERT-…`: the name under CERTS_PATH. */
  readonly certName: string;
  readonly publicKeyPem: string;
  sign(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string;
  verify(
    transmissionId: string,
    transmissionTime: string,
    webhookId: string,
    body: string,
    signature: string,
  ): boolean;
}

/** The string PayPal signs: the CRC32 is of the body's UTF-8 bytes, as an unsigned decimal. */
export const signedMessage = (
  transmissionId: string,
  time: string,
  webhookId: string,
  body: string,
): string => `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;

export function createSigner(store: PayPalStore): WebhookSigner {
  const pem =
    store.setting(KEY_SETTING) ??
    store.keepSetting(
      KEY_SETTING,
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
  const publicKey: KeyObject = createPublicKey(pem);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // A name that changes with the key, as PayPal's certificate names do.
  const fingerprint = publicKey.export({ type: 'spki', format: 'der' }).toString('hex').slice(-16);
  return {
    certName: `CERT-sandbox-${fingerprint}`,
    publicKeyPem,
    sign: (id, time, webhookId, body) =>
      sign('sha256', Buffer.from(signedMessage(id, time, webhookId, body)), pem).toString('base64'),
    verify(id, time, webhookId, body, signature) {
      try {
        return verify(
          'sha256',
          Buffer.from(signedMessage(id, time, webhookId, body)),
          publicKey,
          Buffer.from(signature, 'base64'),
        );
      } catch {
        return false;
      }
    },
  };
}
