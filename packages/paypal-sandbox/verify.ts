/**
 * `POST /v1/notifications/verify-webhook-signature`: SUCCESS only when the webhook id is this app's, the
 * algorithm SHA256withRSA, the certificate URL the sandbox's own, and the RSA signature checks out over
 * the CRC32 of `JSON.stringify(webhook_event)` (the sandbox posts exactly that, so a shop that parsed
 * the body and sends the event back re-creates the signed bytes). `GET /v1/notifications/certs/{name}`
 * serves the public key.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { notFound, payPalError, sendError, sendJson } from './errors.ts';
import { readJson } from './http.ts';
import { schemaDetails } from './order-request.ts';
import { AUTH_ALGO, CERTS_PATH, type WebhookSigner } from './signing.ts';

const verifyRequestSchema = z.object({
  auth_algo: z.string().min(1).max(100),
  cert_url: z.string().min(1).max(500),
  transmission_id: z.string().min(1).max(50),
  transmission_sig: z.string().min(1).max(500),
  transmission_time: z.string().min(1).max(100),
  webhook_id: z.string().min(1).max(50),
  webhook_event: z.record(z.string(), z.unknown()),
});

const rawEvent = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'webhook_event' in body ? body.webhook_event : undefined;

export interface VerifyOptions {
  readonly signer: WebhookSigner;
  readonly webhookId: string;
  readonly baseUrl: string;
}

export function createVerifyRoutes(options: VerifyOptions) {
  const certUrl = `${options.baseUrl}${CERTS_PATH}/${options.signer.certName}`;

  async function verify(c: Context): Promise<Response> {
    const read = await readJson(c, 'notifications');
    if (!read.ok) return sendError(c, read.error);
    const parsed = verifyRequestSchema.safeParse(read.body, { reportInput: true });
    if (!parsed.success)
      return sendError(
        c,
        payPalError('INVALID_REQUEST', 'notifications', schemaDetails(parsed.error, read.body)),
      );
    const request = parsed.data;
    const valid =
      request.webhook_id === options.webhookId &&
      request.auth_algo === AUTH_ALGO &&
      request.cert_url === certUrl &&
      options.signer.verify(
        request.transmission_id,
        request.transmission_time,
        request.webhook_id,
        // The event as the caller sent it, key order and all: that is what the CRC32 covers.
        JSON.stringify(rawEvent(read.body)),
        request.transmission_sig,
      );
    return sendJson(c, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  }

  function cert(c: Context): Response {
    const name = c.req.param('name') ?? '';
    if (name !== options.signer.certName) return sendError(c, notFound('notifications', name, 'cert_name'));
    return c.body(options.signer.publicKeyPem, 200, {
      'Content-Type': 'application/x-pem-file',
      'Cache-Control': 'public, max-age=3600',
    });
  }

  return { verify, cert };
}
