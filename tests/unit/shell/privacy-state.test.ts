import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $privacy, acceptCookies } from '../../../src/features/privacy/privacy-state.ts';

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanTestStorage();
  cleanStores($privacy);
});

/** The value a mounted island sees (mounting re-reads storage). */
const shown = (): boolean => {
  const unbind = $privacy.listen(() => {});
  const value = $privacy.get();
  unbind();
  return value;
};

describe('$privacy', () => {
  it('is not accepted when nothing is stored', () => {
    expect(shown()).toBe(false);
  });

  it("is accepted when the stored value is 'true'", () => {
    setTestStorageKey('privacy', 'true');
    expect(shown()).toBe(true);
  });

  it.each(['yes', 'TRUE', '1', '{"accepted":true}', ''])('treats %j as not accepted', (stored) => {
    setTestStorageKey('privacy', stored);
    expect(shown()).toBe(false);
  });

  it("acceptCookies stores 'true' under the key privacy", () => {
    acceptCookies();
    expect(getTestStorage()).toEqual({ privacy: 'true' });
    expect($privacy.get()).toBe(true);
  });
});
