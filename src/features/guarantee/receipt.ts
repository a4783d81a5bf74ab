/**
 * The receipt photo a registration may carry, checked by its content, not its name or the type the browser
 * claims: a JPEG, PNG or PDF by their first bytes, and no larger than MAX_RECEIPT_BYTES.
 */

export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

const SIGNATURES: readonly { readonly type: string; readonly bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The file's type by its first bytes, or null when it is none of the kinds a receipt may be. */
export function receiptType(content: Uint8Array): string | null {
  const found = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => content[index] === byte));
  return found?.type ?? null;
}

export type ReceiptCheck =
  { readonly ok: true; readonly type: string } | { readonly ok: false; readonly problem: 'type' | 'size' };

export function checkReceipt(content: Uint8Array): ReceiptCheck {
  if (content.byteLength > MAX_RECEIPT_BYTES) return { ok: false, problem: 'size' };
  const type = receiptType(content);
  return type === null ? { ok: false, problem: 'type' } : { ok: true, type };
}
