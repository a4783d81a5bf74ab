import { describe, expect, it } from 'vitest';
import { availabilityOf, basketReadyDay } from '../../../src/features/collect/availability.ts';
import { shelfReadyAt, transferReady } from '../../../src/features/collect/hours.ts';
import { collectSettings, collectSettingsSchema } from '../../../src/features/collect/settings.ts';
import { availabilityText, collectDayText } from '../../../src/features/collect/texts.ts';

const settings = collectSettings();
const pointOf = (code: string) => {
  const point = settings.points.find((each) => each.code === code);
  if (!point) throw new Error(`collect.json names no ${code}`);
  return point;
};
const shop = pointOf('shop');
const depot = pointOf('depot');
const named = { name: 'Clearwater Cleaning Leeds', phone: '0113 496 0123' };
// 2026-11-27 is a Friday; 2026-11-28 a Saturday, 2026-11-29 a Sunday; 2026-12-25 Christmas Day.
const at = (day: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return { day, minutes: h * 60 + m };
};

describe('when goods on the shelf can be collected', () => {
  it('is today, an hour after ordering, while the shop is open long enough', () => {
    expect(shelfReadyAt(shop, at('2026-11-27', '10:00'))).toEqual({ day: '2026-11-27', minutes: 11 * 60 });
  });

  it('is an hour after opening for an order before it opens', () => {
    expect(shelfReadyAt(shop, at('2026-11-27', '06:00'))).toEqual({
      day: '2026-11-27',
      minutes: 9 * 60 + 30,
    });
  });

  it('is the next open day once there is no time left today, skipping the closed Sunday', () => {
    expect(shelfReadyAt(shop, at('2026-11-28', '15:30'))?.day).toBe('2026-11-30');
  });

  it('skips a bank holiday the point is closed on', () => {
    expect(shelfReadyAt(shop, at('2026-12-24', '17:00'))?.day).toBe('2026-12-26');
    expect(shelfReadyAt(depot, at('2026-12-24', '17:00'))?.day).toBe('2026-12-29');
  });
});

describe('goods brought over from the depot', () => {
  it('ordered by the cut-off on a working day are ready a working day later', () => {
    expect(transferReady(shop, at('2026-11-26', '15:59'))).toEqual({
      orderBy: '16:00',
      orderByDay: '2026-11-26',
      day: '2026-11-27',
    });
  });

  it('ordered after the cut-off on a Friday count from Monday', () => {
    expect(transferReady(shop, at('2026-11-27', '16:00'))).toMatchObject({
      orderByDay: '2026-11-30',
      day: '2026-12-01',
    });
  });
});

describe('a product’s availability at a point', () => {
  const friday = at('2026-11-27', '10:00');

  it('says how many are on the shelf to collect today', () => {
    const found = availabilityOf(shop, friday, { here: 3, transfer: 9 });
    expect(availabilityText(found, named, '2026-11-27')).toBe(
      'Collect today from Clearwater Cleaning Leeds: 3 in stock',
    );
  });

  it('offers the depot’s stock with its cut-off when the shelf is empty', () => {
    const found = availabilityOf(shop, at('2026-11-26', '10:00'), { here: 0, transfer: 2 });
    expect(availabilityText(found, named, '2026-11-26')).toBe('Order by 4 pm, collect tomorrow');
  });

  it('names the cut-off’s day when today’s has passed', () => {
    const found = availabilityOf(shop, at('2026-11-27', '17:00'), { here: 0, transfer: 2 });
    expect(availabilityText(found, named, '2026-11-27')).toBe('Order by 4 pm Monday, collect Tuesday');
  });

  it('is delivery only when neither point has enough', () => {
    expect(availabilityOf(shop, friday, { here: 1, transfer: 1 }, 2)).toEqual({ kind: 'none' });
    expect(availabilityText({ kind: 'none' }, named, '2026-11-27')).toBe('Delivery only');
  });

  it('asks the shopper to call when the stock cannot be read', () => {
    const found = availabilityOf(shop, friday, { here: undefined });
    expect(availabilityText(found, named, '2026-11-27')).toBe(
      'Call Clearwater Cleaning Leeds on 0113 496 0123 to check stock',
    );
  });

  it('gives a basket the latest of its lines’ days, and none when a line cannot be collected', () => {
    const today = availabilityOf(shop, friday, { here: 3, transfer: 0 });
    const later = availabilityOf(shop, friday, { here: 0, transfer: 3 });
    expect(basketReadyDay([today, later])).toBe('2026-11-30');
    expect(basketReadyDay([today, { kind: 'none' }])).toBeUndefined();
  });
});

describe('collection days as shoppers read them', () => {
  it('says today, tomorrow, a weekday within the week, then the date', () => {
    expect(collectDayText('2026-11-27', '2026-11-27')).toBe('today');
    expect(collectDayText('2026-11-28', '2026-11-27')).toBe('tomorrow');
    expect(collectDayText('2026-11-30', '2026-11-27')).toBe('Monday');
    expect(collectDayText('2026-12-07', '2026-11-27')).toBe('Monday 7 December 2026');
  });
});

describe('the settings file', () => {
  it('refuses a transfer from a point it does not list', () => {
    const broken = {
      ...settings,
      points: [{ ...shop, transfer: { from: 'nowhere', orderBy: '16:00', workingDays: 1 } }],
    };
    expect(collectSettingsSchema.safeParse(broken).success).toBe(false);
  });

  it('refuses hours that close before they open', () => {
    const hours = { ...shop.hours, mon: ['17:00', '09:00'] };
    expect(
      collectSettingsSchema.safeParse({ ...settings, points: [{ ...shop, hours }, depot] }).success,
    ).toBe(false);
  });
});
