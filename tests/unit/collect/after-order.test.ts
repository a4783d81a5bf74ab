/**
 * A click & collect order after it is placed (issue 55): where its collection stands from what Magento
 * keeps (the pickup location, the notify flags, the `collected` status, the state), the status a shopper
 * reads instead of Magento's "Complete", and the confirmation e-mail's content and once-per-order key.
 */
import { describe, expect, it } from 'vitest';
import { collectOrderMail } from '../../../src/features/collect/order-mail.ts';
import type { Point } from '../../../src/features/collect/points.server.ts';
import { collectSettings } from '../../../src/features/collect/settings.ts';
import { collectionState, orderDetail, summary } from '../../../src/features/orders/order-mapping.ts';
import type { CustomerOrderWire } from '../../../src/magento/wire/order.ts';

const order = (fields: Partial<CustomerOrderWire>): CustomerOrderWire => ({
  entity_id: 7,
  increment_id: '000000007',
  created_at: '2026-11-27 10:00:00',
  status: 'processing',
  state: 'processing',
  ...fields,
});
const pickup = (extra: Record<string, number> = {}) => ({
  extension_attributes: { pickup_location_code: 'shop', ...extra },
});

describe('where a collection order stands', () => {
  it('is no collection for an order delivered', () => {
    expect(collectionState(order({}))).toBeUndefined();
    expect(orderDetail(order({ status: 'complete', state: 'complete' })).collection).toBeNull();
    expect(summary(order({ status: 'complete', state: 'complete' })).status).toBe('Complete');
  });

  it('is being got ready once paid, not "Processing"', () => {
    const paid = order(pickup());
    expect(collectionState(paid)).toBe('awaiting');
    expect(summary(paid).status).toBe('Being got ready for collection');
    // An order placed on account is pending until invoiced: it is still being got ready.
    expect(summary(order({ ...pickup(), status: 'pending', state: 'new' })).status).toBe(
      'Being got ready for collection',
    );
  });

  it('is ready once staff notified it, whichever flag Magento has set yet, not "Complete"', () => {
    const notified = order({ ...pickup({ send_notification: 1, notification_sent: 0 }) });
    expect(collectionState(notified)).toBe('ready');
    const sent = order({ ...pickup({ notification_sent: 1 }), status: 'complete', state: 'complete' });
    expect(collectionState(sent)).toBe('ready');
    expect(summary(sent).status).toBe('Ready to collect');
  });

  it('is collected with the collected status, under state complete', () => {
    const collected = order({ ...pickup({ notification_sent: 1 }), status: 'collected', state: 'complete' });
    expect(collectionState(collected)).toBe('collected');
    expect(summary(collected).status).toBe('Collected');
  });

  it('is cancelled when cancelled or refunded, and keeps Magento’s word for an order on hold', () => {
    expect(collectionState(order({ ...pickup(), status: 'canceled', state: 'canceled' }))).toBe('cancelled');
    expect(summary(order({ ...pickup(), status: 'canceled', state: 'canceled' })).status).toBe('Cancelled');
    expect(collectionState(order({ ...pickup(), status: 'closed', state: 'closed' }))).toBe('cancelled');
    expect(summary(order({ ...pickup(), status: 'holded', state: 'holded' })).status).toBe('On hold');
  });

  it('carries the point, what to bring and the days kept into the order page’s model', () => {
    const detail = orderDetail(order(pickup()), [], undefined, {
      place: { name: 'Leeds', lines: ['1 Road', 'Leeds', 'LS1 1AA'], phone: null, hours: [], mapUrl: 'x' },
      keptForDays: 7,
      bring: 'Your order number',
    });
    expect(detail.collection).toEqual({
      point: 'shop',
      state: 'awaiting',
      place: { name: 'Leeds', lines: ['1 Road', 'Leeds', 'LS1 1AA'], phone: null, hours: [], mapUrl: 'x' },
      keptForDays: 7,
      bring: 'Your order number',
    });
    // Without the point's facts (Magento's points unread) the code and state still show.
    expect(orderDetail(order(pickup())).collection).toMatchObject({
      point: 'shop',
      place: null,
      bring: null,
    });
  });
});

describe('the collection order’s e-mail', () => {
  const settings = collectSettings();
  const shopSettings = settings.points.find((each) => each.code === 'shop');
  if (!shopSettings) throw new Error('collect.json has no shop point');
  const point: Point = {
    code: 'shop',
    name: 'Clearwater Cleaning Leeds',
    phone: '0113 496 0000',
    email: undefined,
    description: undefined,
    address: {
      street: 'Unit 4, Riverside Park',
      city: 'Leeds',
      postcode: 'LS10 1AB',
      region: undefined,
      region_id: undefined,
      country_id: 'GB',
    },
    mapUrl: 'https://www.openstreetmap.org/',
    settings: shopSettings,
  };
  const sender = { name: 'Clearwater', address: '1 Street, Leeds', email: 'shop@example.com', phone: '0113' };

  it('says where, when, what to bring and how long it is kept, queued once per order', () => {
    const { key, mail } = collectOrderMail(sender, 'https://shop.example', {
      orderId: 42,
      number: '000000042',
      to: 'sam@example.com',
      point,
      when: 'Monday 30 November 2026',
      keptForDays: 7,
      bring: settings.bring,
    });
    expect(key).toBe('collect-order:42');
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toContain('000000042');
    for (const said of [
      '000000042',
      'Clearwater Cleaning Leeds',
      'Unit 4, Riverside Park, Leeds, LS10 1AB',
      '0113 496 0000',
      'Monday 8.30 am',
      'Ready Monday 30 November 2026',
      settings.bring,
      '7 days',
      'https://shop.example/order-status',
    ])
      expect(mail.text).toContain(said);
  });

  it('says we e-mail when it is ready when the day is not known', () => {
    const { mail } = collectOrderMail(sender, 'https://shop.example', {
      orderId: 43,
      number: '000000043',
      to: 'sam@example.com',
      point,
      when: undefined,
      keptForDays: 7,
      bring: settings.bring,
    });
    expect(mail.text).toContain('We e-mail you when it is ready to collect.');
  });
});
