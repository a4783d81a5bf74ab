/**
 * Notices carried from one page to the next (features/notify/notice-state.ts): a notice belongs to the page
 * it was meant for, shows there once, and never beside that page's own news.
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notice, dismissNotice, notify, restoreNotice } from '../../../src/features/notify/notice-state.ts';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

/** Leaves page A (after `notify`) and arrives at `path`: a new page starts with no notice. */
const arriveAt = (path: string) => {
  $notice.set(null);
  restoreNotice(path);
  return $notice.get()?.text;
};

beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  cleanStores($notice);
});

describe('notices carried to the next page', () => {
  it('shows on the page it was carried to, once', () => {
    notify('Account created', 'status', { carryTo: '/customer/sign-in' });
    expect($notice.get()?.text).toBe('Account created');
    expect(arriveAt('/customer/sign-in')).toBe('Account created');
    expect(arriveAt('/customer/sign-in')).toBeUndefined();
  });

  it('never shows on another page, and is gone after it', () => {
    notify('Account updated', 'status', { carryTo: '/customer' });
    expect(arriveAt('/basket')).toBeUndefined();
    expect(arriveAt('/customer')).toBeUndefined();
  });

  it("gives way to the arriving page's own notice", () => {
    notify('Account updated', 'status', { carryTo: '/customer' });
    $notice.set(null);
    notify('Your session has ended. Please sign in again.', 'alert');
    restoreNotice('/customer');
    expect($notice.get()).toMatchObject({
      tone: 'alert',
      text: 'Your session has ended. Please sign in again.',
    });
  });

  it('is not carried when the page was left too late', () => {
    vi.useFakeTimers();
    notify('Account created', 'status', { carryTo: '/customer/sign-in' });
    vi.advanceTimersByTime(31_000);
    expect(arriveAt('/customer/sign-in')).toBeUndefined();
  });

  it('a notice for this page only is not carried, and replaces one waiting to be', () => {
    notify('Account created', 'status', { carryTo: '/customer/sign-in' });
    notify('Please correct the fields', 'alert');
    expect(arriveAt('/customer/sign-in')).toBeUndefined();
  });

  it('dismissing forgets the carried copy too', () => {
    notify('Account created', 'status', { carryTo: '/customer/sign-in' });
    dismissNotice();
    expect(arriveAt('/customer/sign-in')).toBeUndefined();
  });

  it.each([
    'not json',
    '{"text":"x","tone":"status","id":1}',
    '{"text":"x","tone":"loud","id":1,"path":"/"}',
    '[]',
  ])('reads a stored %j it did not write as nothing', (stored) => {
    sessionStorage.setItem('notice', stored);
    expect(arriveAt('/')).toBeUndefined();
  });

  it('gives each notice a new id, so the same text twice is announced twice', () => {
    notify('This product is now in your cart!');
    const first = $notice.get()?.id;
    notify('This product is now in your cart!');
    expect($notice.get()?.id).toBeGreaterThan(first ?? Infinity);
  });
});
