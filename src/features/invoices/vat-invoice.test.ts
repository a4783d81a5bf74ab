import { describe, expect, it } from 'vitest';
import { invoiceSchema, invoicedOrderSchema, type InvoicedOrderWire } from '../../magento/wire/invoice.ts';
import { longInvoice, seller, taxedInvoice, untaxedInvoice } from './fixtures/invoices.ts';
import { toVatInvoice, VatInvoiceMismatch, type VatInvoiceFigures } from './vat-invoice.ts';

const pence = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);

/** Every row's figures add up to the totals, and the totals to Magento's grand total. */
function expectAddsUp(figures: VatInvoiceFigures) {
  const rows = [...figures.lines, ...(figures.delivery ? [figures.delivery] : [])];
  const sum = (of: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + of(row), 0);
  for (const row of rows) expect(row.rowNet - row.discount).toBe(row.net);
  expect(sum((row) => row.vat)).toBe(figures.totals.vat);
  expect(sum((row) => row.net)).toBe(figures.totals.net);
  expect(figures.totals.goods - figures.totals.discount + figures.totals.delivery).toBe(figures.totals.net);
  expect(figures.totals.net + figures.totals.vat).toBe(figures.totals.gross);
  const bands = figures.totals.bands;
  expect(bands.reduce((total, band) => total + band.vat, 0)).toBe(figures.totals.vat);
  expect(bands.reduce((total, band) => total + band.net, 0)).toBe(figures.totals.net);
}

describe('toVatInvoice on a store where Magento charges VAT', () => {
  const { invoice, order } = taxedInvoice;
  const figures = toVatInvoice({ invoice, order, seller });

  it('parses as Magento sends it', () => {
    expect(invoiceSchema.safeParse(invoice).success).toBe(true);
    expect(invoicedOrderSchema.safeParse(order).success).toBe(true);
  });

  it("takes its totals from Magento's invoice to the penny, and its lines add up to them", () => {
    expect(figures.totals).toMatchObject({
      goods: pence(invoice.subtotal),
      vat: pence(invoice.tax_amount),
      gross: pence(invoice.grand_total),
      net: pence(invoice.grand_total) - pence(invoice.tax_amount),
      bands: [{ rate: 20, net: 111720, vat: 22345 }],
    });
    expectAddsUp(figures);
  });

  it("uses each line's own figures: unit price, amount and VAT, and the order line's rate", () => {
    const [machine, detergent] = figures.lines;
    expect(machine).toMatchObject({
      qty: 1,
      unitPrice: 104125,
      rowNet: 104125,
      discount: 0,
      net: 104125,
      vatRate: 20,
      vat: 20825,
    });
    // 10 % off 3 × £24.50 incl VAT: £7.35, of which £1.22 is VAT (Magento's discount tax compensation).
    expect(detergent).toMatchObject({
      qty: 3,
      unitPrice: 2042,
      rowNet: 6125,
      discount: 613,
      net: 5512,
      vat: 1103,
    });
  });

  it("shows a configurable's line once, as its parent, not its priceless child", () => {
    expect(figures.lines.map((line) => line.sku)).toEqual(['HDS-8-18', 'DET-5L', 'SB-1L-RED']);
    expect(figures.lines[2]).toMatchObject({ description: 'Spray bottle 1 L', qty: 2, net: 833, vat: 167 });
  });

  it('has delivery as a line, at the rate its VAT fits', () => {
    expect(figures.delivery).toMatchObject({
      description: 'Flat Rate - Fixed',
      net: 1250,
      vat: 250,
      vatRate: 20,
    });
    expect(figures.totals.delivery).toBe(1250);
  });

  it('names the seller, the buyer and both VAT numbers in HMRC’s groups, the dates and the PO number', () => {
    expect(figures.seller).toEqual({
      name: 'Cleaning Machines Ltd',
      addressLines: seller.addressLines,
      vatNumber: 'GB 123 4567 82',
      companyNumber: '09876543',
    });
    expect(figures.buyer).toEqual({
      name: 'Alex Morgan',
      lines: ['Brightwater Facilities Ltd', '12 Canal Wharf', 'Manchester', 'M1 6FT'],
      country: 'United Kingdom',
      vatNumber: 'GB 246 8135 93',
    });
    expect(figures).toMatchObject({
      invoiceNumber: '000000012',
      issuedAt: '2026-11-20T09:30:00.000Z',
      taxPoint: '2026-11-20T09:30:00.000Z',
      orderNumber: '000000031',
      poNumber: 'PO-2026-0415',
      discountLabel: 'TRADE10',
    });
  });

  it("takes the customer's own VAT number when the billing address has none, and keeps a foreign one as given", () => {
    const noVatId = { ...order, billing_address: { ...order.billing_address, vat_id: null } };
    expect(toVatInvoice({ invoice, order: noVatId, seller }).buyer.vatNumber).toBe('GB 246 8135 93');
    const irish = { ...order, billing_address: { ...order.billing_address, vat_id: 'IE6388047V' } };
    expect(toVatInvoice({ invoice, order: irish, seller }).buyer.vatNumber).toBe('IE6388047V');
    const none = { ...noVatId, customer_taxvat: null, payment: { method: 'checkmo' } };
    expect(toVatInvoice({ invoice, order: none, seller })).toMatchObject({
      buyer: { vatNumber: null },
      poNumber: null,
    });
  });

  it('names where the goods went only when it is not the billing address', () => {
    const site = {
      ...order.billing_address,
      street: ['Site 3, Dock Road'],
      city: 'Salford',
      postcode: 'M50 2EQ',
    };
    const shippedTo = (address: NonNullable<InvoicedOrderWire['billing_address']>) => ({
      ...order,
      extension_attributes: { shipping_assignments: [{ shipping: { address } }] },
    });
    expect(toVatInvoice({ invoice, order: shippedTo(site), seller }).deliverTo).toEqual({
      name: 'Alex Morgan',
      lines: ['Brightwater Facilities Ltd', 'Site 3, Dock Road', 'Salford', 'M50 2EQ'],
      country: 'United Kingdom',
    });
    expect(
      toVatInvoice({ invoice, order: shippedTo(order.billing_address ?? {}), seller }).deliverTo,
    ).toBeNull();
  });
});

describe('toVatInvoice where Magento charges no tax (prices incl VAT)', () => {
  const { invoice, order } = untaxedInvoice;
  const figures = toVatInvoice({ invoice, order, seller });

  it("derives each line's VAT from its amount after discount, to the nearest penny, and sums them", () => {
    expect(figures.lines).toMatchObject([
      // £73.50 less £7.35 = £66.15 incl VAT: £11.03 VAT (£11.025 rounded), £55.12 net.
      { unitPrice: 2042, rowNet: 6125, discount: 613, net: 5512, vatRate: 20, vat: 1103 },
      { unitPrice: 2666, rowNet: 2666, discount: 0, net: 2666, vatRate: 20, vat: 533 },
    ]);
    expect(figures.delivery).toMatchObject({ net: 499, vat: 100, vatRate: 20 });
    expect(figures.totals).toMatchObject({ vat: 1736, gross: pence(invoice.grand_total), net: 8677 });
    expectAddsUp(figures);
  });
});

describe('toVatInvoice reconciles rounding, and refuses figures that do not belong together', () => {
  it('puts a penny the lines miss of the total on the largest line', () => {
    const { invoice, order } = longInvoice(5);
    const off = {
      ...invoice,
      tax_amount: (invoice.tax_amount ?? 0) + 0.01,
      grand_total: (invoice.grand_total ?? 0) + 0.01,
    };
    const figures = toVatInvoice({ invoice: off, order, seller });
    expect(figures.totals.vat).toBe(pence(off.tax_amount));
    expect(figures.totals.gross).toBe(pence(off.grand_total));
    expectAddsUp(figures);
    const magento = invoice.items.map((item) => pence(item.tax_amount));
    const largest = figures.lines.reduce(
      (best, line, index) => (line.net > (figures.lines[best]?.net ?? 0) ? index : best),
      0,
    );
    expect(figures.lines.map((line) => line.vat)).toEqual(
      magento.map((vat, index) => (index === largest ? vat + 1 : vat)),
    );
  });

  it('refuses totals pounds away from the lines', () => {
    const { invoice, order } = longInvoice(3);
    const wrong = { ...invoice, grand_total: (invoice.grand_total ?? 0) + 10 };
    expect(() => toVatInvoice({ invoice: wrong, order, seller })).toThrow(VatInvoiceMismatch);
  });

  it('refuses an invoice with an order it does not bill', () => {
    const { invoice } = taxedInvoice;
    expect(() => toVatInvoice({ invoice, order: untaxedInvoice.order, seller })).toThrow(VatInvoiceMismatch);
  });
});
