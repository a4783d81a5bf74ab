/** Receipt photos are judged by their content, whatever their name or claimed type. */
import { describe, expect, it } from 'vitest';
import { checkReceipt, MAX_RECEIPT_BYTES } from './receipt.ts';

describe('a receipt photo', () => {
  it('is a JPEG, PNG or PDF by its first bytes', () => {
    expect(checkReceipt(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkReceipt(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(checkReceipt(new TextEncoder().encode('%PDF-1.7'))).toEqual({ ok: true, type: 'application/pdf' });
    expect(checkReceipt(new TextEncoder().encode('<svg onload=alert(1)>'))).toEqual({
      ok: false,
      problem: 'type',
    });
  });

  it('is no larger than 5 MB', () => {
    const big = new Uint8Array(MAX_RECEIPT_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(checkReceipt(big)).toEqual({ ok: false, problem: 'size' });
  });
});
