/**
 * The e-mail that confirms a click & collect order (issue 55): the shop sends no order confirmation of its
 * own (Magento does), so a collection order gets this one, with what Magento's does not say: where to
 * collect (the point, its address, phone and hours), when (the day it is ready, when known), what to bring
 * and how long it is kept. Queued once per order (`collect-order:{order id}`), so a retried placement or two
 * replicas never send it twice. "Your order is ready to collect" is Magento's own notification.
 */
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { ORDER_STATUS_PATH } from '../orders/index.ts';
import { collectAfterTexts as a } from './after-texts.ts';
import type { Point } from './points.server.ts';
import { hoursLines } from './views.server.ts';

export interface CollectOrderMail {
  readonly orderId: number;
  /** Magento's order number, e.g. "000000123". */
  readonly number: string;
  readonly to: string;
  readonly point: Point;
  /** "tomorrow", "Monday 7 December 2026"; undefined when the day cannot be said. */
  readonly when: string | undefined;
  readonly keptForDays: number;
  readonly bring: string;
}

export const collectOrderKey = (orderId: number): string => `collect-order:${orderId}`;

/** The message and its outbox key. */
export function collectOrderMail(
  sender: MailSender,
  siteUrl: string,
  order: CollectOrderMail,
): { key: string; mail: OutgoingMail } {
  const { point } = order;
  const address = [point.address.street, point.address.city, point.address.postcode].join(', ');
  const mail = composeMail(sender, {
    to: order.to,
    subject: a.mailSubject(order.number),
    heading: a.mailHeading(point.name),
    paragraphs: [a.mailIntro(order.number), order.when ? a.mailReady(order.when) : a.readyUnknown],
    facts: [
      [a.mailOrder, order.number],
      [a.mailPoint, point.name],
      [a.mailAddress, address],
      ...(point.phone ? [[a.mailPhone, point.phone] as const] : []),
      [a.mailHours, hoursLines(point).join('; ')],
      [a.mailBring, order.bring],
      [a.mailKept, a.mailKeptDays(order.keptForDays)],
    ],
    link: { label: a.mailLink, url: new URL(ORDER_STATUS_PATH, siteUrl).href },
  });
  return { key: collectOrderKey(order.orderId), mail };
}
