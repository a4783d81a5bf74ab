/**
 * The returns rules: a window per category counted from the order's date, detergents only unopened, how
 * many of a line may still be returned, and every problem of a request said beside its field.
 */
import { describe, expect, it } from 'vitest';
import { checkReturn, lineFacts, lineRule } from './rules.ts';
import type { ReturnFacts } from './returns.ts';
import { checkedReturnSettings, returnSettingsSchema, type ReturnSettings } from './settings.ts';

const settings: ReturnSettings = {
  windowDays: 30,
  orderStatuses: ['processing', 'complete'],
  categories: [
    { name: 'Detergents', windowDays: 30, conditions: ['unopened'] },
    { name: 'Spare parts', windowDays: 14 },
  ],
};
const order = { placedAt: '2026-11-01T10:00:00.000Z', status: 'complete', statusLabel: 'Complete' };
const detergent = {
  orderItemId: 7,
  sku: 'RM-500',
  name: 'Glass Cleaner 1 l',
  ordered: 3,
  categories: ['Detergents'],
};
const machine = {
  orderItemId: 8,
  sku: 'K5',
  name: 'K 5 Pressure Washer',
  ordered: 1,
  categories: ['Pressure washers'],
};
const at = (iso: string) => new Date(iso);

const choices = {
  reasons: [{ id: 1, code: 'no_longer_needed', label: 'No Longer Needed' }],
  resolutions: [{ id: 2, code: 'return', label: 'Refund' }],
  conditions: [
    { id: 3, code: 'opened', label: 'Opened' },
    { id: 4, code: 'unopened', label: 'Unopened' },
  ],
};
const facts = (now = at('2026-11-10T00:00:00Z'), inReturns = 0): ReturnFacts => ({
  order: '000000012',
  placedAt: order.placedAt,
  lines: [lineFacts(settings, order, detergent, inReturns, now), lineFacts(settings, order, machine, 0, now)],
  ...choices,
});

describe('the shop’s returns file', () => {
  it('is valid, and gives detergents 30 days, unopened only', () => {
    const rule = lineRule(checkedReturnSettings(), ['Detergents']);
    expect(rule).toEqual({ windowDays: 30, conditions: ['unopened'], category: 'Detergents' });
  });

  it('refuses a condition that is no code, saying how to write one', () => {
    const bad = returnSettingsSchema.safeParse({
      ...settings,
      categories: [{ name: 'X', windowDays: 3, conditions: ['Not opened'] }],
    });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('must be an item condition code, e.g. unopened');
  });
});

describe('lineRule', () => {
  it('gives a product in no named category the default window and any condition', () => {
    expect(lineRule(settings, ['Pressure washers'])).toEqual({
      windowDays: 30,
      conditions: null,
      category: null,
    });
  });
  it('names categories case aside, taking the shortest window of several', () => {
    expect(lineRule(settings, ['detergents', 'SPARE PARTS'])).toEqual({
      windowDays: 14,
      conditions: ['unopened'],
      category: 'Detergents',
    });
  });
});

describe('lineFacts', () => {
  it('lets what was bought less what is already in returns be returned within the window', () => {
    const line = lineFacts(settings, order, detergent, 1, at('2026-11-10T00:00:00Z'));
    expect(line).toMatchObject({ returnable: 2, inReturns: 1, conditions: ['unopened'], why: null });
    expect(line.windowEnds).toBe('2026-12-01');
  });
  it('counts the window in UK days from the order’s: its last day all day, the next one out, with the date said', () => {
    expect(lineFacts(settings, order, machine, 0, at('2026-12-01T23:59:59Z')).returnable).toBe(1);
    const late = lineFacts(settings, order, machine, 0, at('2026-12-02T00:00:00Z'));
    expect(late.returnable).toBe(0);
    expect(late.why).toBe('The 30 days to return this ended on 1 December 2026.');
  });
  it('returns nothing of an order whose date cannot be read', () => {
    const undated = { ...order, placedAt: 'yesterday' };
    expect(lineFacts(settings, undated, machine, 0, at('2026-11-10T00:00:00Z'))).toMatchObject({
      returnable: 0,
      why: 'This item cannot be returned.',
    });
  });
  it('says a line all in returns already is', () => {
    expect(lineFacts(settings, order, machine, 1, at('2026-11-10T00:00:00Z')).why).toBe(
      'Every one of these is already in a return.',
    );
  });
  it('returns a paid order not dispatched yet, and nothing of a cancelled one', () => {
    const paid = { ...order, status: 'processing', statusLabel: 'Processing' };
    expect(lineFacts(settings, paid, machine, 0, at('2026-11-02T00:00:00Z')).returnable).toBe(1);
    const cancelled = { ...order, status: 'canceled', statusLabel: 'Cancelled' };
    expect(lineFacts(settings, cancelled, machine, 0, at('2026-11-02T00:00:00Z')).why).toBe(
      'Items of an order that is cancelled cannot be returned.',
    );
  });
});

describe('checkReturn', () => {
  const unopened = { orderItemId: 7, qty: 2, condition: 4 };
  it('accepts unopened detergent within what was bought', () => {
    expect(checkReturn({ reason: 1, resolution: 2, lines: [unopened] }, facts())).toEqual([]);
  });
  it('refuses an opened detergent beside its condition, saying why', () => {
    const problems = checkReturn(
      { reason: 1, resolution: 2, lines: [{ ...unopened, condition: 3 }] },
      facts(),
    );
    expect(problems).toEqual([
      {
        field: 'condition-7',
        message:
          'Glass Cleaner 1 l cannot be returned in that condition: detergents can only be returned unopened.',
      },
    ]);
  });
  it('refuses more than was bought, less what is in returns, beside the quantity', () => {
    expect(checkReturn({ reason: 1, resolution: 2, lines: [{ ...unopened, qty: 4 }] }, facts())).toEqual([
      {
        field: 'qty-7',
        message: 'You can return at most 3 of Glass Cleaner 1 l: that is how many you bought.',
      },
    ]);
    const twice = [unopened, { ...unopened, qty: 1 }];
    expect(checkReturn({ reason: 1, resolution: 2, lines: twice }, facts(undefined, 1))).toEqual([
      { field: 'qty-7', message: 'You can return at most 2 of Glass Cleaner 1 l: 1 already is in a return.' },
    ]);
  });
  it('asks for a reason, a wish, a line and a condition, each beside its field', () => {
    const fields = (request: Parameters<typeof checkReturn>[0]) =>
      checkReturn(request, facts()).map((problem) => problem.field);
    expect(fields({ reason: 9, resolution: 9, lines: [] })).toEqual(['lines', 'reason', 'resolution']);
    expect(
      fields({ reason: 1, resolution: 2, lines: [{ orderItemId: 8, qty: 1, condition: null }] }),
    ).toEqual(['condition-8']);
    expect(fields({ reason: 1, resolution: 2, lines: [{ orderItemId: 8, qty: 0.5, condition: 3 }] })).toEqual(
      ['qty-8'],
    );
    expect(fields({ reason: 1, resolution: 2, lines: [{ orderItemId: 99, qty: 1, condition: 3 }] })).toEqual([
      'lines',
    ]);
  });
  it('refuses any of a line past its window', () => {
    const late = facts(at('2027-01-01T00:00:00Z'));
    expect(checkReturn({ reason: 1, resolution: 2, lines: [unopened] }, late)[0]?.message).toBe(
      'Glass Cleaner 1 l cannot be returned. The 30 days to return this ended on 1 December 2026.',
    );
  });
});
