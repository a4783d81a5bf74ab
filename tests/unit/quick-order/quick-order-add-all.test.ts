/**
 * Quick order's "Add all to basket", tested by what the rows store emits: the ready rows go to the basket
 * in order, the others stay with their reasons (Magento's included), and the summary says what happened.
 */
import { describe, expect, it } from 'vitest';
import { BLANK, openPage, seenRow, UNKNOWN } from './store-page.ts';

describe('Add all to basket', () => {
  const lines = 'HG-PW-00156\t3\nCS-5L\t2\nNO-SUCH-1\t1';

  it('adds the ready rows in order and leaves the others, each with its reason, Magento’s too', async () => {
    const page = await openPage({
      refuse: (item) => (item.sku === 'CS' ? 'The requested qty is not available' : undefined),
    });
    page.store.pasteLines(page.keys()[0] ?? -1, lines);
    await page.settled();
    const before = page.seen().length;
    await page.store.addAllToBasket();
    expect(page.received).toEqual([
      [
        expect.objectContaining({ sku: 'HG-PW-00156', qty: 3, name: 'Machine HG-PW-00156' }),
        expect.objectContaining({ sku: 'CS', qty: 2, options: [{ option_id: '155', option_value: 212 }] }),
      ],
    ]);
    expect(page.seen().slice(before)).toEqual([
      ['HG-PW-00156 | 3 | In Stock', 'CS-5L | 2 | In Stock', `NO-SUCH-1 | 1 | ${UNKNOWN}`, BLANK, BLANK],
      ['CS-5L | 2 | The requested qty is not available', `NO-SUCH-1 | 1 | ${UNKNOWN}`],
    ]);
    expect(page.state()).toMatchObject({ busy: false });
    expect(page.state().summary).toEqual({
      headline: '1 row was added to your basket; 2 rows were not, and stay below.',
      lines: [
        { text: 'Added 3 × Machine HG-PW-00156.', added: true },
        { text: 'Not added: CS-5L. The requested qty is not available', added: false },
        { text: `Not added: NO-SUCH-1. ${UNKNOWN}`, added: false },
      ],
      anyAdded: true,
    });
    expect(page.row(0).status.tone).toBe('problem');
    expect(page.storage.rows()).toEqual([
      { code: 'CS-5L', qty: '2', choice: { volume: 212 } },
      { code: 'NO-SUCH-1', qty: '1', choice: {} },
    ]);
    // Magento's refusal stands until the row changes.
    page.store.setQty(page.keys()[0] ?? -1, '1');
    expect(page.seen().at(-1)?.[0]).toBe('CS-5L | 1 | In Stock');
  });

  it('is busy while adding, ignores a second click, and adds a row typed just before', async () => {
    const page = await openPage();
    page.store.typeCode(page.keys()[0] ?? -1, 'HG-PW-00156');
    const adding = page.store.addAllToBasket();
    void page.store.addAllToBasket();
    await adding;
    expect(page.received).toHaveLength(1);
    expect(page.busy()).toEqual([false, true, false]);
    expect(page.state().summary?.headline).toBe('The row was added to your basket.');
    // All added: one blank row stands for the next order.
    expect(page.state().rows.map(seenRow)).toEqual([BLANK]);
  });

  it('says there is nothing to add when no row has a code, and leaves the rows', async () => {
    const page = await openPage();
    const rows = page.state().rows;
    await page.store.addAllToBasket();
    expect(page.state().summary).toEqual({
      headline: 'There is nothing to add yet: enter a SKU or model number on a row.',
      lines: [],
      anyAdded: false,
    });
    expect(page.state().rows).toBe(rows);
    expect(page.received.flat()).toEqual([]);
  });
});
