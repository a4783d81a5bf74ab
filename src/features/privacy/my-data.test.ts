/** The data export's pure parts: what the browser adds to the file, and the file's name. */
import { describe, expect, it } from 'vitest';
import { browserPart, exportFileName, storedValue } from './my-data.ts';

describe("the export's browser part", () => {
  it('shows each kept key that holds something, JSON parsed and plain text as it is', () => {
    const stored: Record<string, string> = {
      consent: '{"version":1,"date":"2026-05-01","analytics":false,"marketing":false}',
      privacy: 'true',
      compare: '["SKU-1","SKU-2"]',
      vat: 'excl',
      wishlist: '',
      unrelated: 'kept out',
    };
    const part = browserPart(['consent', 'privacy', 'compare', 'wishlist', 'vat', 'recentlyViewed'], (key) =>
      key in stored ? (stored[key] ?? null) : null,
    );
    expect(part).toEqual({
      consent: { version: 1, date: '2026-05-01', analytics: false, marketing: false },
      privacy: true,
      compare: ['SKU-1', 'SKU-2'],
      vat: 'excl',
    });
  });

  it('keeps a corrupt value as the text it is, rather than dropping it', () => {
    expect(storedValue('{"half":')).toBe('{"half":');
  });
});

describe("the export file's name", () => {
  it('names the shop and the day', () => {
    expect(exportFileName('https://shop.example.co.uk', '2026-05-01T10:00:00.000Z')).toBe(
      'my-data-shop.example.co.uk-2026-05-01.json',
    );
    expect(exportFileName('not a url', '2026-05-01T10:00:00.000Z')).toBe('my-data-shop-2026-05-01.json');
  });
});
