import { afterEach, describe, expect, it, vi } from 'vitest';
import { Leave, SIGN_IN_PATH, leftForSignIn } from './navigation.ts';
import { ShopApiError } from './shop-api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubLocation() {
  const replace = vi.fn();
  vi.stubGlobal('window', { location: { replace, assign: vi.fn() } });
  return replace;
}

describe('leftForSignIn (the one session-over rule of the islands)', () => {
  it('sends the shopper to sign in when the server says the session is over', () => {
    const replace = stubLocation();
    expect(leftForSignIn(new ShopApiError(401, 'The consumer is not authorized'))).toBe(true);
    expect(replace).toHaveBeenCalledWith(SIGN_IN_PATH);
  });

  it.each([
    ['a refusal', new ShopApiError(400, 'The requested qty is not available')],
    ['a dead network', new ShopApiError(0, '')],
    ['a bug', new Error('boom')],
  ])('stays on the page for %s', (_name, error) => {
    const replace = stubLocation();
    expect(leftForSignIn(error)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('Leave', () => {
  it('carries the page a loader leaves for', () => {
    expect(new Leave('/basket').path).toBe('/basket');
  });
});
