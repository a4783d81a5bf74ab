/** The guarantee's rules on the shop's own settings: serial shapes, purchase dates, the extra year's window and end dates. */
import { isIsoDay } from '../../calendar/working-days.ts';
import { describe, expect, it } from 'vitest';
import {
  addYears,
  earliestPurchase,
  guaranteeTerms,
  normalSerial,
  purchaseDateProblem,
  serialProblem,
  serialShapeOf,
} from './rules.ts';
import { guaranteeSettings, guaranteeSettingsSchema } from './settings.ts';
import { guaranteeTexts as t } from './texts.ts';

const settings = guaranteeSettings;

describe('serial numbers', () => {
  it('are checked against the shape of the model’s family, the default for other models', () => {
    expect(serialShapeOf('K 5', settings).name).toBe('Pressure washers');
    expect(serialShapeOf('HDS 8/17 C Eco', settings).name).toBe('Pressure washers');
    expect(serialShapeOf('WD 3', settings).name).toBe('Vacuum cleaners');
    expect(serialShapeOf('KM 90/60', settings).name).toBe('Other machines');
    expect(serialProblem('K 5', '012345', settings)).toBeNull();
    expect(serialProblem('K 5', ' 01 23 45 ', settings)).toBeNull();
    expect(serialProblem('WD 3', '120-004512', settings)).toBeNull();
    expect(serialProblem('KM 90/60', 'ab12cd34', settings)).toBeNull();
  });

  it('of the wrong shape say what the model’s serials look like', () => {
    expect(serialProblem('K 5', '12345', settings)).toBe(t.serialShape('K 5', '012345'));
    expect(serialProblem('WD 3', '120004512', settings)).toBe(t.serialShape('WD 3', '120-004512'));
    expect(serialProblem('K 5', '   ', settings)).toBe(t.serialMissing('012345'));
    expect(serialProblem('KM 90/60', 'X'.repeat(41), settings)).toBe(t.serialShape('KM 90/60', 'A1B2C3D4'));
  });

  it('are kept in capitals without spaces', () => {
    expect(normalSerial(' s001 2345 ')).toBe('S0012345');
  });
});

describe('purchase dates', () => {
  const today = '2026-11-27';
  it('must be real days, not in the future and not before the model came out', () => {
    expect(purchaseDateProblem('2026-11-27', today, '2020-01-01')).toBeNull();
    expect(purchaseDateProblem('', today, null)).toBe(t.dateMissing);
    expect(purchaseDateProblem('27/11/2026', today, null)).toBe(t.dateInvalid);
    expect(purchaseDateProblem('2026-02-30', today, null)).toBe(t.dateInvalid);
    // A month that does not exist is a date typed wrong too, not a failure of the server.
    expect(purchaseDateProblem('2026-13-45', today, null)).toBe(t.dateInvalid);
    expect(purchaseDateProblem('2026-11-28', today, null)).toBe(t.dateFuture);
    expect(purchaseDateProblem('2019-12-31', today, '2020-01-01')).toBe(t.dateBeforeModel('2020-01-01'));
  });

  it('start no earlier than the settings’ launch of the model, else the product’s creation', () => {
    const launched = { ...settings, earliestPurchase: { 'K 5': '2018-03-01' } };
    expect(earliestPurchase('k5', '2024-05-06 10:00:00', launched)).toBe('2018-03-01');
    expect(earliestPurchase('WD 3', '2024-05-06 10:00:00', launched)).toBe('2024-05-06');
    expect(earliestPurchase('WD 3', null, launched)).toBeNull();
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
  });
});

describe('the guarantee a registration earns', () => {
  it('adds the extra year to a Home & Garden machine registered within 30 days of delivery', () => {
    const terms = guaranteeTerms(
      { audience: 'home-garden', deliveredOn: '2026-10-28', registeredOn: '2026-11-27' },
      settings,
    );
    expect(terms).toEqual({
      startsOn: '2026-10-28',
      standardYears: 2,
      extraYears: 1,
      endsOn: '2029-10-27',
      noExtraYear: null,
      registerBy: '2026-11-27',
    });
  });

  it('keeps a late registration without the extra year, saying so', () => {
    const terms = guaranteeTerms(
      { audience: 'home-garden', deliveredOn: '2026-10-27', registeredOn: '2026-11-27' },
      settings,
    );
    expect(terms).toMatchObject({ extraYears: 0, endsOn: '2028-10-26', noExtraYear: 'late' });
  });

  it('keeps a Professional machine with its standard year only', () => {
    const terms = guaranteeTerms(
      { audience: 'professional', deliveredOn: '2026-11-20', registeredOn: '2026-11-27' },
      settings,
    );
    expect(terms).toMatchObject({
      standardYears: 1,
      extraYears: 0,
      endsOn: '2027-11-19',
      noExtraYear: 'professional',
    });
  });

  it('ends a leap day’s guarantee on the day before its anniversary', () => {
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
    expect(
      guaranteeTerms(
        { audience: 'home-garden', deliveredOn: '2024-02-29', registeredOn: '2024-03-01' },
        settings,
      ).endsOn,
    ).toBe('2027-02-27');
  });
});

describe('the settings file', () => {
  it('refuses a family whose example does not have its own shape, naming the field', () => {
    const broken = {
      ...settings,
      serialFamilies: [{ name: 'Pumps', models: '^BP\\b', serial: '^[0-9]{4}$', example: '12' }],
    };
    const result = guaranteeSettingsSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['serialFamilies', 0, 'example']);
  });
});
