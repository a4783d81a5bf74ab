/** The guarantee certificate read back as a shopper's PDF reader reads it: everything it vouches for. */
import { extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { certificateFileName, renderCertificatePdf } from './certificate-pdf.ts';
import type { Registration } from './registrations.server.ts';

const registration: Registration = {
  certificate: 'GC-7K2M9QX4TB',
  customerId: 7,
  sku: 'HG-PW-00012',
  model: 'K 5',
  productName: 'Kärcher K 5 Power Control Pressure Washer',
  audience: 'home-garden',
  serial: '012345',
  purchasedOn: '2026-10-26',
  deliveredOn: '2026-10-28',
  registeredOn: '2026-11-20',
  orderNumber: '000000042',
  standardYears: 2,
  extraYears: 1,
  endsOn: '2029-10-27',
  noExtraYear: null,
  registerBy: '2026-11-27',
  receipt: null,
};

const shop = {
  name: 'Clearwater Cleaning',
  address: '1 High Street, Leeds LS1 1AA',
  phone: '0113 496 0000',
  email: 'help@example.com',
};

describe('the guarantee certificate', () => {
  it('names the shop, the customer, the machine, its serial, the dates, the guarantee’s end and its number', async () => {
    const pdf = await renderCertificatePdf({ shop, customer: 'Zoë Ångström', registration });
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const text = items
      .flat()
      .map((item) => item.str)
      .join(' ');
    for (const expected of [
      'Clearwater Cleaning',
      'Guarantee certificate',
      'GC-7K2M9QX4TB',
      'Zoë Ångström',
      'Kärcher K 5 Power Control Pressure Washer (K 5)',
      '012345',
      '000000042',
      '26 October 2026',
      '28 October 2026',
      '27 October 2029',
      'Includes the extra year for registering within 30 days of delivery.',
    ])
      expect(text).toContain(expected);
    expect(certificateFileName(registration.certificate)).toBe('guarantee-certificate-GC-7K2M9QX4TB.pdf');
  });
});
