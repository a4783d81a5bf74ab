/**
 * Opayo's notification route, `POST /payments/opayo/notify` (protocol §3–§4): the form-encoded
 * server-to-server notification is read, matched to its transaction, verified by its VPSSignature with the
 * transaction's SecurityKey, settled by the bridge, and acknowledged in Opayo's CRLF `Name=Value` lines.
 * While the outcome is not known (another replica is placing the order, the store is down) it answers 503
 * with no acknowledgement, so Opayo sends the notification again, whereas a valid Status=ERROR would be
 * final and void a payment whose order may yet be completed (topology F3).
 */
import { Hono } from 'hono';
import { describeError, HttpError, jsonErrors, limitBody, methodNotAllowed } from '../../../http/index.ts';
import type { Acknowledgement, PaymentSettlement, ProviderNotification } from '../../provider.ts';
import type { PaymentRecord } from '../../payment-records.ts';

export const NOTIFY_PATH = '/payments/opayo/notify';

/** Opayo's notification format: read, verified against the stored transaction, acknowledged. */
export interface OpayoNotifications {
  /** Reads a callback body; undefined when it is not a notification at all. */
  readNotification(body: string): ProviderNotification | undefined;
  /** Whether the notification is signed with the transaction's SecurityKey (its provider data) and names its provider ref. */
  verify(
    notification: ProviderNotification,
    stored: Pick<PaymentRecord, 'providerRef' | 'providerData'>,
  ): boolean;
  /** The bytes Opayo expects back. */
  acknowledge(ack: Acknowledgement): { contentType: string; body: string };
}

/** The acknowledgement for one notification body; throws while its outcome is not known. */
export async function acknowledgement(
  settlement: PaymentSettlement,
  notifications: OpayoNotifications,
  body: string,
): Promise<Acknowledgement> {
  const { log, pages } = settlement;
  const notification = notifications.readNotification(body);
  if (!notification) {
    log('Payment notification refused: not a notification');
    return { status: 'INVALID', redirectUrl: pages.failed, detail: 'Not a notification.' };
  }
  const record = await settlement.find(notification.code);
  if (!record) {
    // The code comes from the request: printable characters only, so it cannot forge log lines.
    const shown = notification.code.slice(0, 40).replace(/[^\x20-\x7e]/g, '?');
    log(`Payment notification refused: unknown transaction ${shown}`);
    return { status: 'INVALID', redirectUrl: pages.failed, detail: 'Unknown transaction.' };
  }
  if (!notifications.verify(notification, record)) {
    log(`Payment ${record.code}: notification signature or transaction id does not match; refused`);
    return {
      status: 'INVALID',
      redirectUrl: record.state === 'PAID' ? pages.paid : pages.failed,
      detail: 'Cannot match the MD5 Hash. Order might be tampered with.',
    };
  }
  return settlement.settle(record, notification);
}

function notAnswered(log: (message: string) => void, error: unknown): Response {
  log(`Payment notification not answered (the provider will retry): ${describeError(error)}`);
  return new Response('The outcome is not known yet; please send the notification again.\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  });
}

export function opayoRoutes(settlement: PaymentSettlement, notifications: OpayoNotifications): Hono {
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      settlement.log(`Payment route ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
      // A notification answered 500 is sent again by the provider.
      return new HttpError(500, 'Please try again.');
    }),
  );
  routes.post(NOTIFY_PATH, limitBody(16 * 1024), async (c) => {
    let ack: Acknowledgement;
    try {
      ack = await acknowledgement(settlement, notifications, await c.req.text());
    } catch (error) {
      return notAnswered(settlement.log, error);
    }
    const reply = notifications.acknowledge(ack);
    const body = Buffer.from(reply.body, 'latin1');
    return new Response(body, {
      headers: {
        'Content-Type': reply.contentType,
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
      },
    });
  });
  routes.all(NOTIFY_PATH, methodNotAllowed('POST'));
  return routes;
}
