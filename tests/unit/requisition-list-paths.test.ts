/**
 * The plain links onto a requisition list (product pages, past orders, the basket) and how the add page
 * reads them back: only lines it can send, and a way back only to the shop's own order pages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addLinesLink,
  addToListLink,
  BASKET_TO_LIST_LINK,
  keepRequisitionReturn,
  readAddRequest,
  takeRequisitionReturn,
} from '../../src/features/requisition-lists/index.ts';

/** The tab's sessionStorage, as a Map. */
function tabStorage() {
  const kept = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => kept.set(key, value),
    removeItem: (key: string) => kept.delete(key),
  });
}
afterEach(() => vi.unstubAllGlobals());

const query = (link: string) => link.slice(link.indexOf('?'));

describe('links onto a requisition list', () => {
  it('reads back a product page’s link as one line', () => {
    expect(readAddRequest(query(addToListLink('KARCHER 1.2/3', 2)))).toEqual({
      kind: 'lines',
      lines: [{ sku: 'KARCHER 1.2/3', quantity: 2 }],
      back: null,
    });
  });

  it('reads back a past order’s lines and its way back', () => {
    const link = addLinesLink(
      [
        { sku: 'A-1', quantity: 3 },
        { sku: 'B-2', quantity: 1 },
      ],
      '/customer/orders/000000123',
    );
    expect(readAddRequest(query(link))).toEqual({
      kind: 'lines',
      lines: [
        { sku: 'A-1', quantity: 3 },
        { sku: 'B-2', quantity: 1 },
      ],
      back: '/customer/orders/000000123',
    });
  });

  it('asks for the basket’s lines from the basket’s link', () => {
    expect(readAddRequest(query(BASKET_TO_LIST_LINK))).toEqual({ kind: 'basket' });
  });

  it('drops lines it cannot send and a way back to anywhere else', () => {
    expect(readAddRequest('?sku=A&qty=-1&sku=&qty=2')).toEqual({ kind: 'nothing' });
    expect(readAddRequest('?sku=A&qty=1&back=https%3A%2F%2Fevil.example')).toMatchObject({ back: null });
    expect(readAddRequest('?sku=A&back=%2F%2Fevil.example')).toMatchObject({ back: null });
  });

  it('brings a shopper who signed in back to the add page once, and nowhere like it', () => {
    tabStorage();
    const link = addToListLink('A-1', 1);
    keepRequisitionReturn(link);
    expect(takeRequisitionReturn()).toBe(link);
    expect(takeRequisitionReturn()).toBeUndefined();
    keepRequisitionReturn('/customer/requisition-lists/add?sku=a"><script>');
    expect(takeRequisitionReturn()).toBeUndefined();
    keepRequisitionReturn('/customer/requisition-lists//evil.example');
    expect(takeRequisitionReturn()).toBeUndefined();
    keepRequisitionReturn('/customer/requisition-lists');
    expect(takeRequisitionReturn()).toBe('/customer/requisition-lists');
  });
});
