/** What the rebuild hook is told of each admin save: a product by its sku, a CMS block by its identifier. */
import { describe, expect, it } from 'vitest';
import { savePayload } from '../../src/publish/rebuild/hook-client.ts';

describe('savePayload', () => {
  it('names the product and rebuilds its pages', () => {
    expect(savePayload({ entity: 'product', sku: 'PW-1' })).toEqual({
      reason: 'product PW-1 saved',
      skus: ['PW-1'],
    });
    expect(savePayload({ entity: 'product', sku: '' })).toEqual({ reason: 'a product was saved' });
  });

  it('names the CMS block, saved or deleted, with no skus', () => {
    expect(savePayload({ entity: 'cms-block', identifier: 'home-strip', deleted: false })).toEqual({
      reason: 'CMS block home-strip saved',
    });
    expect(savePayload({ entity: 'cms-block', identifier: 'home-strip', deleted: true })).toEqual({
      reason: 'CMS block home-strip deleted',
    });
  });
});
