import { describe, expect, it } from 'vitest';
import { couldNotSave, MagentoError, renderPhrase } from './errors.ts';

describe('a phrase rendered (Phrase\\Renderer\\Placeholder)', () => {
  it('puts positional and named parameters in, the longest placeholder first, each place once', () => {
    expect(renderPhrase("The %1 Cart doesn't contain the %2 item.", ['312', 999])).toBe(
      "The 312 Cart doesn't contain the 999 item.",
    );
    const eleven = Array.from({ length: 11 }, (_, index) => `v${String(index + 1)}`);
    expect(renderPhrase('%1 %10 %11', eleven)).toBe('v1 v10 v11');
    expect(
      renderPhrase('No such entity with %fieldName = %fieldValue', { fieldName: 'id', fieldValue: 7 }),
    ).toBe('No such entity with id = 7');
    expect(renderPhrase('%1 and %2', ['%2', 'two'])).toBe('%2 and two');
    expect(renderPhrase('Nothing to put in: %1', undefined)).toBe('Nothing to put in: %1');
  });

  it('is what a CouldNotSaveException around a refusal says: a 400 without parameters', () => {
    const wrapped = couldNotSave(
      new MagentoError(404, 'Can not find Pickup Location with code %1 for %2 Sales Channel "%3".', [
        'moon',
        'website',
        'base',
      ]),
    );
    expect(wrapped.status).toBe(400);
    expect(wrapped.toBody()).toEqual({
      message: 'Can not find Pickup Location with code moon for website Sales Channel "base".',
    });
  });
});
