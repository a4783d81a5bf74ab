import { describe, expect, it } from 'vitest';
import { parseContent } from '../../config/parse-content.ts';
import { bookingProblems, keptDetails, type BookingDetails } from './booking.ts';
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

describe('the settings file', () => {
  it('names the field and the fix when it is wrong', () => {
    const wrong = { ...offered, slotsPerDay: 0, jobs: [...offered.jobs, offered.jobs[0]] };
    expect(() => parseContent(serviceSettingsSchema, wrong, 'service.json')).toThrow(
      /service\.json is not valid content[\s\S]*must be 1 or more[\s\S]*each job needs its own code/,
    );
  });
});
