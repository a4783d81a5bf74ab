import { describe, expect, it } from 'vitest';
import { deliveryConfig } from './config.ts';
import { estimateDelivery } from './delivery.ts';
import {
  formatDeliveryDay,
  formatEstimate,
  formatTime,
  formatWorkingDays,
  longestEstimate,
} from './format.ts';

describe('formatDeliveryDay', () => {
  it('names the weekday, the date and the month', () => {
    expect(formatDeliveryDay('2026-11-26')).toBe('Thursday 26 November');
    expect(formatDeliveryDay('2026-09-01')).toBe('Tuesday 1 September');
  });
});

describe('formatEstimate', () => {
  it('gives one day once', () => {
    expect(formatEstimate({ earliest: '2026-09-01', latest: '2026-09-01' })).toBe('Tuesday 1 September');
  });

  it('names the month once for a range within it', () => {
    expect(formatEstimate({ earliest: '2026-11-25', latest: '2026-11-27' })).toBe(
      'Wednesday 25 – Friday 27 November',
    );
  });

  it('names both months for a range across two, and both years’ days across New Year', () => {
    expect(formatEstimate({ earliest: '2026-09-30', latest: '2026-10-02' })).toBe(
      'Wednesday 30 September – Friday 2 October',
    );
    expect(formatEstimate({ earliest: '2026-12-31', latest: '2027-01-05' })).toBe(
      'Thursday 31 December – Tuesday 5 January',
    );
  });

  it('tells the same month of two years apart', () => {
    expect(formatEstimate({ earliest: '2026-12-30', latest: '2027-12-01' })).toMatch(
      /December – .*December$/,
    );
  });
});

describe('longestEstimate', () => {
  it('is no shorter than any estimate of any method, ordered any day of the years the holidays cover', () => {
    const longest = longestEstimate().length;
    const start = Date.parse('2025-01-01T12:00:00Z');
    for (let day = 0; day < 4 * 366; day += 1) {
      const now = new Date(start + day * 86_400_000);
      for (const { carrierCode, methodCode } of Object.values(deliveryConfig.methods)) {
        const estimate = estimateDelivery(carrierCode, methodCode, now);
        if (estimate) expect(formatEstimate(estimate).length).toBeLessThanOrEqual(longest);
      }
    }
  });
});

describe('formatWorkingDays', () => {
  it('says a range or a single day', () => {
    expect(formatWorkingDays({ min: 2, max: 3 })).toBe('2–3 working days');
    expect(formatWorkingDays({ min: 1, max: 1 })).toBe('1 working day');
    expect(formatWorkingDays({ min: 5, max: 5 })).toBe('5 working days');
  });
});

describe('formatTime', () => {
  it('says a 24-hour time the British way', () => {
    expect(formatTime('14:00')).toBe('2 pm');
    expect(formatTime('09:30')).toBe('9.30 am');
    expect(formatTime('12:00')).toBe('12 pm');
    expect(formatTime('00:15')).toBe('12.15 am');
  });
});
