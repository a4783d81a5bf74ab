/**
 * Quick order's rows store, tested by what it emits as the shopper types, picks, pastes, adds and removes
 * rows (store-page.ts opens the page; "Add all to basket" is in quick-order-add-all.test.ts). No DOM.
 */
import { describe, expect, it } from 'vitest';
import { BLANK, LOOKING, openPage, seenRow, UNKNOWN } from './store-page.ts';

describe('the quick order store, opened', () => {
  it('starts with five blank rows, emitting nothing until the shopper acts', async () => {
    const page = await openPage();
    expect(page.state().rows.map(seenRow)).toEqual([BLANK, BLANK, BLANK, BLANK, BLANK]);
    expect(page.seen()).toEqual([]);
  });

  it('starts with the rows kept for the tab, and looks each up', async () => {
    const page = await openPage({
      saved: [
        { code: 'HG-PW-00156', qty: '3', choice: {} },
        { code: 'NO-SUCH-1', qty: '1', choice: {} },
      ],
    });
    expect(page.state().rows.map(seenRow)).toEqual([
      `HG-PW-00156 | 3 | ${LOOKING}`,
      `NO-SUCH-1 | 1 | ${LOOKING}`,
    ]);
    await page.settled();
    // One change per answer.
    expect(page.seen()).toHaveLength(2);
    expect(page.seen().at(-1)).toEqual(['HG-PW-00156 | 3 | In Stock', `NO-SUCH-1 | 1 | ${UNKNOWN}`]);
    expect(page.row(1).status).toEqual({ text: UNKNOWN, tone: 'problem', invalid: 'code' });
  });
});

describe('a typed row', () => {
  it('says it is being looked up at once, and looks the code up once, when typing pauses', async () => {
    const page = await openPage();
    const [first = -1] = page.keys();
    for (const typed of ['h', 'hg', 'hg-pw-00156']) page.store.typeCode(first, typed);
    expect(page.seen().map((rows) => rows[0])).toEqual([
      `h | 1 | ${LOOKING}`,
      `hg | 1 | ${LOOKING}`,
      `hg-pw-00156 | 1 | ${LOOKING}`,
    ]);
    await page.settled();
    expect(page.lookedUp).toEqual(['hg-pw-00156']);
    expect(page.seen().at(-1)?.[0]).toBe('hg-pw-00156 | 1 | In Stock');
    expect(page.row(0).about).toMatchObject({
      product: { name: 'Machine HG-PW-00156' },
      href: '/hg-pw-00156',
      model: '1.673-220.0',
      price: { inclVat: 149.99, exclVat: 124.99, tierQty: null },
    });
  });

  it('says what is wrong with its quantity, without looking anything up again', async () => {
    const page = await openPage({ saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }] });
    await page.settled();
    const before = page.seen().length;
    page.store.setQty(page.keys()[0] ?? -1, '2.5');
    expect(page.seen().slice(before)).toEqual([
      ['HG-PW-00156 | 2.5 | Enter a quantity of 1 or more, in whole numbers.'],
    ]);
    expect(page.row(0).status).toMatchObject({ tone: 'problem', invalid: 'qty' });
    expect(page.lookedUp).toEqual(['HG-PW-00156']);
  });

  it("chooses a child's size from its code, and keeps it when a space is typed after the code", async () => {
    const page = await openPage();
    const [first = -1] = page.keys();
    page.store.typeCode(first, 'cs-5l');
    await page.settled();
    expect(page.row(0).row.choice).toEqual({ volume: 212 });
    expect(page.row(0).about).toMatchObject({ href: '/car-shampoo?volume=5-l', model: '6.295-302.0' });
    expect(page.storage.rows()).toContainEqual({ code: 'cs-5l', qty: '1', choice: { volume: 212 } });
    page.store.typeCode(first, 'cs-5l ');
    expect(page.seen().at(-1)?.[0]).toBe('cs-5l  | 1 | In Stock');
    expect(page.row(0).row.choice).toEqual({ volume: 212 });
    expect(page.lookedUp).toEqual(['cs-5l']);
  });

  it('asks for a size when the parent is typed; the price follows the size and the quantity', async () => {
    const page = await openPage();
    const [first = -1] = page.keys();
    page.store.typeCode(first, 'CS');
    await page.settled();
    expect(page.row(0).status).toEqual({ text: 'Choose a volume.', tone: 'problem', invalid: undefined });
    expect(page.row(0).about?.price).toBeUndefined();
    page.store.chooseValue(first, 'volume', 212);
    expect(page.row(0).about?.price).toEqual({ inclVat: 29.99, exclVat: 24.99, tierQty: null });
    page.store.setQty(first, '4');
    expect(page.row(0).about?.price).toEqual({ inclVat: 26.99, exclVat: 22.49, tierQty: 4 });
    page.store.chooseValue(first, 'volume', 213);
    page.store.chooseValue(first, 'volume', undefined);
    expect(
      page
        .seen()
        .slice(-4)
        .map((rows) => rows[0]),
    ).toEqual([
      'CS | 1 | In Stock',
      'CS | 4 | In Stock',
      'CS | 4 | Sold out: this product cannot be ordered at the moment.',
      'CS | 4 | Choose a volume.',
    ]);
  });

  it('shows the price the store is given to price rows with, in place of the public one', async () => {
    const page = await openPage({
      saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }],
      price: (_row, resolution) =>
        resolution?.status === 'found' ? { inclVat: 120, exclVat: 100, tierQty: null } : undefined,
    });
    await page.settled();
    expect(page.row(0).about?.price).toEqual({ inclVat: 120, exclVat: 100, tierQty: null });
  });
});

describe('pasted lines', () => {
  it('fill the row pasted into and the blank rows after it in one change, then are looked up', async () => {
    const page = await openPage();
    const [first = -1, second = -1] = page.keys();
    page.store.typeCode(first, 'HG-PW-00156');
    await page.settled();
    const typed = page.row(0);
    const before = page.seen().length;
    expect(page.store.pasteLines(second, 'SKU\tQty\nCS-5L\t2\nNO-SUCH-1\t1\nCS-10L\n')).toBe(true);
    expect(page.seen().slice(before)).toEqual([
      [
        'HG-PW-00156 | 1 | In Stock',
        `CS-5L | 2 | ${LOOKING}`,
        `NO-SUCH-1 | 1 | ${LOOKING}`,
        `CS-10L | 1 | ${LOOKING}`,
        BLANK,
      ],
    ]);
    // The row typed is left as it was; the row pasted into is still the same row (its fields, its focus).
    expect(page.row(0)).toBe(typed);
    expect(page.keys()[1]).toBe(second);
    await page.settled();
    expect(page.seen().at(-1)).toEqual([
      'HG-PW-00156 | 1 | In Stock',
      'CS-5L | 2 | In Stock',
      `NO-SUCH-1 | 1 | ${UNKNOWN}`,
      'CS-10L | 1 | Sold out: this product cannot be ordered at the moment.',
      BLANK,
    ]);
  });

  it('are left to the field when they are one value', async () => {
    const page = await openPage();
    expect(page.store.pasteLines(page.keys()[0] ?? -1, 'CS-5L')).toBe(false);
    expect(page.seen()).toEqual([]);
  });

  it('beyond 200 rows are left out, and the page says so; no row can then be added', async () => {
    const page = await openPage();
    const lines = Array.from({ length: 250 }, (_, at) => `CODE-${at}\t1`).join('\n');
    page.store.pasteLines(page.keys()[0] ?? -1, lines);
    expect(page.state().rows).toHaveLength(200);
    expect(page.state().note).toBe('Only the first 200 rows were kept: order the rest in a second go.');
    expect(page.store.addRow()).toBeUndefined();
  });
});

describe('rows added and removed', () => {
  it('a row removed gives its place to the next one; the last one removed leaves a blank row', async () => {
    const page = await openPage();
    const [first = -1, second = -1, third = -1] = page.keys();
    expect(page.store.removeRow(second)).toBe(third);
    for (const key of page.keys().slice(1)) page.store.removeRow(key);
    const last = page.store.removeRow(first);
    expect(page.keys()).toEqual([last]);
    expect(last).not.toBe(first);
    expect(page.seen().at(-1)).toEqual([BLANK]);
  });

  it('a row added is blank, at the end, and kept for the tab', async () => {
    const page = await openPage();
    const added = page.store.addRow();
    expect(page.keys().at(-1)).toBe(added);
    expect(page.seen()).toEqual([[BLANK, BLANK, BLANK, BLANK, BLANK, BLANK]]);
    expect(page.storage.rows()).toHaveLength(6);
  });
});
