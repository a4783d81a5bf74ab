import { describe, expect, expectTypeOf, it } from 'vitest';
import file from '../content/delivery.json' with { type: 'json' };
import { deliveryConfig, type DeliveryConfig } from './config.ts';
import { checkedDeliveryConfig, deliveryConfigSchema, type CheckedDeliveryConfig } from './config-schema.ts';

/** The file with one field changed, as a merchant might get it wrong. */
const edited = (change: (copy: typeof file) => void): unknown => {
  const copy = structuredClone(file);
  change(copy);
  return copy;
};

const problems = (data: unknown): string[] => {
  const result = deliveryConfigSchema.safeParse(data);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('src/content/delivery.json', () => {
  it('passes the build’s check', () => {
    expect(problems(file)).toEqual([]);
    expect(checkedDeliveryConfig()).toMatchObject(deliveryConfig);
  });

  it('is typed by hand no narrower than the schema (the browser reads it without zod)', () => {
    // Whatever passes the check fits the hand-written type, and the type asks for nothing the check does not.
    expectTypeOf<CheckedDeliveryConfig>().toExtend<DeliveryConfig>();
  });

  it('describes the demo carriers Magento is configured with', () => {
    const { methods } = deliveryConfig;
    expect(deliveryConfig).toMatchObject({
      country: 'GB',
      freeDeliveryThreshold: 50,
      parcelMaxWeightKg: 30,
      dispatch: { cutOff: '14:00', timeZone: 'Europe/London', workingDays: 0 },
      returns: { applicableCountry: 'GB', merchantReturnDays: 30, returnFees: 'FreeReturn' },
    });
    expect(methods.standard).toMatchObject({ carrierCode: 'flatrate', methodCode: 'flatrate', price: 4.95 });
    expect(methods.freeStandard).toMatchObject({ carrierCode: 'freeshipping', price: 0 });
    expect(methods.nextDay).toMatchObject({
      carrierCode: 'nextday',
      price: 9.95,
      transitDays: { min: 1, max: 1 },
    });
    expect(methods.pallet).toMatchObject({ carrierCode: 'tablerate', methodCode: 'bestway', price: 49 });
  });
});

describe('the check of the delivery file', () => {
  it('names the field and the fix', () => {
    expect(problems(edited((copy) => (copy.dispatch.cutOff = '2pm')))).toEqual([
      'dispatch.cutOff: must be a 24-hour time HH:MM, e.g. "14:00" for 2 pm',
    ]);
    expect(problems(edited((copy) => (copy.methods.standard.price = 4.955)))).toEqual([
      'methods.standard.price: must be in whole pence',
    ]);
    expect(problems(edited((copy) => (copy.methods.pallet.transitDays = { min: 5, max: 3 })))).toEqual([
      'methods.pallet.transitDays: min must not be more than max',
    ]);
    expect(problems(edited((copy) => (copy.methods.freeStandard.price = 1)))).toEqual([
      'methods.freeStandard: price must be 0: it is free delivery',
    ]);
  });

  it('refuses a time zone whose bank holidays the shop does not know', () => {
    expect(problems(edited((copy) => (copy.dispatch.timeZone = 'Europe/Dublin')))).toHaveLength(1);
  });

  it('refuses two methods with the same codes', () => {
    expect(
      problems(
        edited(
          (copy) =>
            (copy.methods.nextDay = {
              ...copy.methods.nextDay,
              carrierCode: 'flatrate',
              methodCode: 'flatrate',
            }),
        ),
      ),
    ).toEqual([': each method needs carrier and method codes of its own']);
  });
});
