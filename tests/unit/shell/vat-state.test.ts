/** The shopper's VAT choice (features/vat/vat-state.ts): read tolerantly, and each page's default until chosen. */
import { cleanTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $vatChoice, chooseVat, shownVat } from '../../../src/features/vat/vat-state.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($vatChoice);
});

const stored = () => {
  const unbind = $vatChoice.listen(() => {});
  const value = $vatChoice.get();
  unbind();
  return value;
};

describe('the VAT choice', () => {
  it('is no choice until the shopper makes one: Professional pages excl VAT, the rest incl', () => {
    expect(stored()).toBe('');
    expect(shownVat(stored(), 'excl')).toBe('excl');
    expect(shownVat(stored(), 'incl')).toBe('incl');
  });

  it('once made, holds on every page whatever its default', () => {
    chooseVat('excl');
    expect(shownVat(stored(), 'incl')).toBe('excl');
    chooseVat('incl');
    expect(shownVat(stored(), 'excl')).toBe('incl');
  });

  it.each(['EXCL', 'true', '{"vat":"excl"}', ''])('reads a stored %j as no choice', (value) => {
    setTestStorageKey('vat', value);
    expect(stored()).toBe('');
  });
});
