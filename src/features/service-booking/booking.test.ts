import { describe, expect, it } from 'vitest';
import { parseContent } from '../../config/parse-content.ts';
import {
  bookingProblems,
  IDEMPOTENCY_KEY,
  keptDetails,
  newIdempotencyKey,
  type BookingDetails,
} from './booking.ts';
import { serviceSettings, serviceSettingsSchema } from './settings.ts';
import { serviceBookingTexts as t } from './texts.ts';

const offered = serviceSettings();
const repair: BookingDetails = {
  machine: ' K 5 ',
  job: 'repair',
  fault: 'Leaks',
  handover: 'collection',
  address: { street: '2 Mill Lane', city: 'Leeds', postcode: 'ls1 4ap' },
  name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '+44 113 496 0000',
};

describe('a booking’s fields', () => {
  it('takes a repair to collect, kept trimmed with the postcode in capitals', () => {
    expect(bookingProblems(repair, offered)).toEqual({});
    expect(keptDetails(repair, offered)).toMatchObject({ machine: 'K 5', address: { postcode: 'LS1 4AP' } });
  });

  it('asks a repair what is wrong, and a collection where from', () => {
    const problems = bookingProblems(
      { ...repair, fault: ' ', address: { street: '', city: 'Leeds', postcode: 'nope' } },
      offered,
    );
    expect(problems).toEqual({
      fault: t.problems.fault,
      street: t.problems.street,
      postcode: t.problems.postcode,
    });
  });

  it('keeps no fault for a service and no address for a drop-off', () => {
    const kept = keptDetails({ ...repair, job: 'service', handover: 'drop-off' }, offered);
    expect(kept).toMatchObject({ fault: '', address: null });
  });

  it('refuses jobs and handovers the settings do not offer, and contacts that cannot be reached', () => {
    const problems = bookingProblems(
      { ...repair, job: 'polish', handover: 'post', email: 'ann', phone: '12' },
      offered,
    );
    expect(Object.keys(problems).sort()).toEqual(['email', 'handover', 'job', 'phone']);
  });
});

describe('a form’s idempotency key', () => {
  it('is 22 base64url characters the server takes, new each time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY);
    expect(keys[0]).toHaveLength(22);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is not taken short, or with other characters', () => {
    expect(IDEMPOTENCY_KEY.test('abcd1234')).toBe(false);
    expect(IDEMPOTENCY_KEY.test('a+b/c=d'.repeat(4))).toBe(false);
    expect(IDEMPOTENCY_KEY.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
  });
});

describe('the settings file', () => {
  it('names the field and the fix when it is wrong', () => {
    const wrong = { ...offered, slotsPerDay: 0, jobs: [...offered.jobs, offered.jobs[0]] };
    expect(() => parseContent(serviceSettingsSchema, wrong, 'service.json')).toThrow(
      /service\.json is not valid content[\s\S]*must be 1 or more[\s\S]*each job needs its own code/,
    );
  });
});
