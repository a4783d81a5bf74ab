import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Leave,
  SIGN_IN_PATH,
  goTo,
  leftForSignIn,
  redirectTo,
  safeReturnPath,
  signInAndBack,
} from '../shop-api/navigation.ts';
import { ShopApiError } from '../shop-api/shop-api.ts';

/** What runs when the page is shown again (from the browser's cache). */
const pageshow: (() => void)[] = [];
const showAgain = () => {
  for (const listener of pageshow.splice(0)) listener();
};

afterEach(() => {
  showAgain();
  vi.unstubAllGlobals();
});

function stubWindow() {
  const location = { replace: vi.fn(), assign: vi.fn() };
  vi.stubGlobal('window', {
    location,
    addEventListener: (type: string, listener: () => void) => type === 'pageshow' && pageshow.push(listener),
  });
  return location;
}

function stubLocation() {
  return stubWindow().replace;
}

describe('page changes', () => {
  it('the first one wins: a guard noticing what caused it does not send the shopper elsewhere', () => {
    const location = stubWindow();
    goTo('/');
    redirectTo(SIGN_IN_PATH);
    goTo('/basket');
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('a page shown again from the browser cache can be left again', () => {
    const location = stubWindow();
    goTo('/');
    showAgain();
    goTo('/basket');
    expect(location.assign).toHaveBeenLastCalledWith('/basket');
  });
});

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

describe('where sign-in may send the shopper back to', () => {
  it.each([
    '/customer/orders',
    '/customer/orders/000000012?page=2',
    '/customer/privacy',
    '/customer/returns',
    '/customer/return?id=12',
    '/trade-account',
    '/karcher-k5#write-review',
    '/customer/register-machine',
    '/customer/register-machine?model=HD%206%2F15%20C',
  ])('%s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
    expect(signInAndBack(path)).toBe(`${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`);
  });

  it.each([
    ['another site', '//evil.example/x#write-review'],
    ['another site, written with a backslash', '/\\evil.example#write-review'],
    ['an absolute URL', 'https://evil.example/#write-review'],
    ['a deeper path', '/customer/manage/x#write-review'],
    ['a product page without its form', '/karcher-k5'],
    ['a return named by anything but its number', '/customer/return?id=12&next=//evil.example'],
    ['a script', 'javascript:alert(1)//#write-review'],
    ['the registration with more than a model', '/customer/register-machine?model=K%205&next=//evil.example'],
  ])('not %s', (_name, path) => {
    expect(safeReturnPath(path)).toBeUndefined();
    expect(signInAndBack(path)).toBe(SIGN_IN_PATH);
  });
});
