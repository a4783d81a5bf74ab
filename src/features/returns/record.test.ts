/** A return as Magento's returns module answers it, as the shopper's pages show it: the merchant's comments told apart. */
import { describe, expect, it } from 'vitest';
import { toRecord } from './record.ts';

describe('toRecord', () => {
  it('keeps the number, status, wish, items and comments, the admin’s as the merchant’s', () => {
    const record = toRecord({
      rma_id: 4,
      increment_id: 'RMA-000004',
      order_number: '000000031',
      status: { id: 1, code: 'new_request', label: 'New Request' },
      reason: { id: 5, code: 'no_longer_needed', label: 'No Longer Needed/Wanted' },
      resolution_type: { id: 2, code: 'return', label: 'Return' },
      items: [
        {
          order_item_id: 9,
          product_name: 'Glass Cleaner 1 l',
          product_sku: 'DT-1',
          qty_requested: 1,
          condition: { id: 3, code: 'unopened', label: 'Unopened' },
        },
        null,
      ],
      comments: [
        {
          author_type: 'admin',
          author_name: 'Shop',
          comment: 'Please send it back.',
          created_at: '2026-11-20 09:30:00',
        },
        { author_type: 'customer', author_name: 'Sam Patel', comment: 'Sent today.', created_at: null },
      ],
      created_at: '2026-11-19 16:00:00',
    });
    expect(record).toEqual({
      id: 4,
      number: 'RMA-000004',
      order: '000000031',
      status: 'New Request',
      createdAt: '2026-11-19T16:00:00.000Z',
      reason: 'No Longer Needed/Wanted',
      resolution: 'A refund',
      items: [{ name: 'Glass Cleaner 1 l', sku: 'DT-1', qty: 1, condition: 'Unopened' }],
      comments: [
        { author: 'merchant', name: 'Shop', text: 'Please send it back.', at: '2026-11-20T09:30:00.000Z' },
        { author: 'customer', name: 'Sam Patel', text: 'Sent today.', at: '' },
      ],
    });
  });

  it('leaves out a return Magento gives no id or number for', () => {
    expect(toRecord({ rma_id: null, increment_id: 'RMA-1' })).toBeUndefined();
  });
});
