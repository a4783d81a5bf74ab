import { describe, expect, it } from 'vitest';
import {
  contentPagePath,
  cardItems,
  connectedSections,
  galleryImages,
  galleryPicture,
  productDelivery,
  productRoutes,
  productTrail,
  resolveConnected,
  showsInfoBox,
} from '../../../src/site/product-view.ts';
import { deliveryConfig } from '../../../src/delivery/config.ts';
import { strings } from '../../../src/strings.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { index, product, shampooProducts } from '../catalogue/fixtures.ts';

describe('productRoutes', () => {
  it('routes every product with a page', () => {
    const catalogue = index([product({ sku: 'A' }), product({ sku: 'B' })]);
    expect(productRoutes(catalogue).routed.map((p) => p.sku)).toEqual(['A', 'B']);
    expect(productRoutes(catalogue).skipped).toEqual([]);
  });

  it('never emits the url keys of other routes, such as the single-segment content pages', () => {
    const catalogue = index([
      product({ sku: 'A', urlKey: 'best-deals' }),
      product({ sku: 'B', urlKey: 'register-review' }),
      product({ sku: 'C', urlKey: 'cleaning-hygiene' }),
      product({ sku: 'D', urlKey: 'basket' }),
      product({ sku: 'E', urlKey: 'Home-Garden' }),
      product({ sku: 'F', urlKey: 'k-2-classic' }),
    ]);
    const { routed, skipped } = productRoutes(catalogue);
    expect(routed.map((p) => p.urlKey)).toEqual(['k-2-classic']);
    expect(skipped.map(({ product: p }) => p.sku)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(skipped[0]?.reason).toContain('route of its own');
  });

  it('leaves alone the single-segment paths of other routes it is given, such as new content pages', () => {
    const catalogue = index([
      product({ sku: 'A', urlKey: 'winter-sale' }),
      product({ sku: 'B', urlKey: 'support' }),
    ]);
    const { routed, skipped } = productRoutes(catalogue, ['/winter-sale', '/services/support']);
    expect(routed.map((p) => p.sku)).toEqual(['B']);
    expect(skipped.map(({ product: p }) => p.sku)).toEqual(['A']);
  });

  it('maps each routed product to its page', () => {
    const catalogue = index([product({ sku: 'A', urlKey: 'a' }), product({ sku: 'B', urlKey: 'basket' })]);
    expect([...productRoutes(catalogue).hrefBySku]).toEqual([['A', '/a']]);
  });

  it('gives a shared url key to one product only', () => {
    const catalogue = index([product({ sku: 'A', urlKey: 'same' }), product({ sku: 'B', urlKey: 'same' })]);
    const { routed, skipped } = productRoutes(catalogue);
    expect(routed).toHaveLength(1);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.reason).toContain('another product');
  });

  it('leaves out products that are not visible individually', () => {
    const catalogue = index([product({ sku: 'A', visibility: 1 }), product({ sku: 'B' })]);
    expect(productRoutes(catalogue).routed.map((p) => p.sku)).toEqual(['B']);
  });
});

describe('contentPagePath', () => {
  it('reads the path of the frontmatter, quoted or not, and nothing else', () => {
    expect(contentPagePath('---\npath: /best-deals\ntitle: Best deals\n---\nBody')).toBe('/best-deals');
    expect(contentPagePath("---\r\ntitle: x\r\npath: '/services/support'\r\n---\r\n")).toBe(
      '/services/support',
    );
    expect(contentPagePath('---\ntitle: No path\n---\npath: /in-the-body')).toBeUndefined();
    expect(contentPagePath('path: /no-frontmatter')).toBeUndefined();
  });
});

describe('galleryImages', () => {
  it('orders pictures by position, keeping the given order for equal positions', () => {
    const images = galleryImages({
      images: [
        { file: '/c.jpg', label: 'c', position: 3 },
        { file: '/a.jpg', label: 'a', position: 1 },
        { file: '/b1.jpg', label: 'b1', position: 2 },
        { file: '/b2.jpg', label: 'b2', position: 2 },
      ],
    });
    expect(images.map((image) => image.label)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});

describe('galleryPicture', () => {
  it('offers WebP and JPEG up to 960 px with a JPEG fallback', () => {
    const picture = galleryPicture('/h/g/pump-1.jpg');
    expect(picture.webpSrcset.split(', ')).toHaveLength(5);
    expect(picture.webpSrcset).toContain('/img/960/webp/catalog/product/h/g/pump-1.jpg 960w');
    expect(picture.jpegSrcset).toContain('/img/160/jpeg/catalog/product/h/g/pump-1.jpg 160w');
    expect(picture.src).toBe('/img/640/jpeg/catalog/product/h/g/pump-1.jpg');
    expect(picture.sizes).toContain('560px');
  });
});

const cardSource = (catalogue: ReturnType<typeof index>) => ({
  bySku: catalogue.bySku,
  hrefBySku: productRoutes(catalogue).hrefBySku,
});

describe('resolveConnected', () => {
  const catalogue = cardSource(
    index([
      product({ sku: 'MAIN' }),
      product({ sku: 'DET-1', name: 'Detergent 1' }),
      product({ sku: 'DET-2', name: 'Detergent 2' }),
      product({ sku: 'NOZZLE', visibility: 1 }),
    ]),
  );

  it('keeps the given order and skips missing skus, repeats and the product itself', () => {
    const items = resolveConnected(['DET-2', 'GONE', 'DET-1', 'DET-2', 'MAIN'], catalogue, 'MAIN');
    expect(items.map((item) => item.sku)).toEqual(['DET-2', 'DET-1']);
    expect(items[0]?.href).toBe('/det-2');
  });

  it('keeps products without a page of their own, unlinked', () => {
    const [nozzle] = resolveConnected(['NOZZLE'], catalogue);
    expect(nozzle?.sku).toBe('NOZZLE');
    expect(nozzle?.href).toBeNull();
  });

  it('sends a configurable product to its page to choose options', () => {
    const shampoo = cardSource(index(withVariants(shampooProducts())));
    const [card] = resolveConnected(['CS'], shampoo);
    expect(card).toMatchObject({ href: '/car-shampoo', chooseOptions: true });
    expect(resolveConnected(['DET-1'], catalogue)[0]).not.toHaveProperty('chooseOptions');
  });

  it('bakes the name, picture and link of a product it only mentions, never its price, stock or stars', () => {
    const [item] = resolveConnected(['DET-1'], catalogue);
    expect(item).toEqual({
      sku: 'DET-1',
      name: 'Detergent 1',
      href: '/det-1',
      image: { file: '/m/a/det-1-1.jpg', alt: 'Machine DET-1 view 1' },
    });
  });
});

describe('connectedSections', () => {
  const catalogue = cardSource(
    index([product({ sku: 'DET' }), product({ sku: 'ACC' }), product({ sku: 'REL' })]),
  );

  it('maps up-sells to Detergents, cross-sells to Accessories and related to Related Products, in that order', () => {
    const sections = connectedSections(
      { sku: 'MAIN', links: { related: ['REL'], upsell: ['DET'], crosssell: ['ACC'] } },
      catalogue,
    );
    expect(sections.map((section) => [section.key, section.title, section.items.map((i) => i.sku)])).toEqual([
      ['detergents', 'Detergents', ['DET']],
      ['accessories', 'Accessories', ['ACC']],
      ['related', 'Related Products', ['REL']],
    ]);
  });

  it('omits sections without products, including those whose skus are all missing', () => {
    const sections = connectedSections(
      { sku: 'MAIN', links: { related: ['GONE'], upsell: [], crosssell: ['ACC'] } },
      catalogue,
    );
    expect(sections.map((section) => section.key)).toEqual(['accessories']);
  });
});

describe('cardItems', () => {
  it('links products with a page and nothing else', () => {
    const catalogue = index([
      product({ sku: 'A', urlKey: 'a' }),
      product({ sku: 'B', urlKey: 'basket' }),
      product({ sku: 'C', urlKey: 'c', visibility: 1 }),
    ]);
    const items = cardItems(catalogue.catalogue.products, productRoutes(catalogue).hrefBySku);
    expect(items.map((item) => [item.sku, item.href])).toEqual([
      ['A', '/a'],
      ['B', null],
      ['C', null],
    ]);
  });
});

describe('productTrail', () => {
  it('is Home > name', () => {
    expect(productTrail({ name: 'K 2 Classic', urlKey: 'k-2-classic' })).toEqual([
      { name: 'Home', href: '/' },
      { name: 'K 2 Classic', href: '/k-2-classic' },
    ]);
  });
});

describe('productDelivery', () => {
  it('offers a parcel from £50 free standard delivery, with next working day by the 2 pm cut-off', () => {
    expect(productDelivery({ priceInclVat: 149.99, weight: 11.5 }, deliveryConfig)).toEqual({
      free: true,
      title: 'Standard delivery',
      price: { inclVat: '£0.00', exclVat: '£0.00' },
      method: 'freeshipping/freeshipping',
      transit: '2–3 working days',
      faster: { title: 'Next working day', price: { inclVat: '£9.95', exclVat: '£8.29' }, orderBy: '2 pm' },
      returnDays: 30,
    });
  });

  it('prices standard delivery below £50, in both VAT forms', () => {
    expect(productDelivery({ priceInclVat: 49.99, weight: 1.1 }, deliveryConfig)).toMatchObject({
      free: false,
      title: 'Standard delivery',
      price: { inclVat: '£4.95', exclVat: '£4.13' },
      method: 'flatrate/flatrate',
    });
  });

  it('sends a product over 30 kg by pallet, and only so', () => {
    expect(productDelivery({ priceInclVat: 8999, weight: 182 }, deliveryConfig)).toMatchObject({
      free: false,
      title: 'Pallet delivery',
      price: { inclVat: '£49.00', exclVat: '£40.83' },
      method: 'tablerate/bestway',
      transit: '3–5 working days',
      faster: null,
    });
  });

  it('agrees with the free delivery the shop promises everywhere (the spec’s strip)', () => {
    expect(strings.strip.delivery).toContain(`£${deliveryConfig.freeDeliveryThreshold}`);
  });
});

describe('showsInfoBox', () => {
  it('shows the side info box only with a list price', () => {
    expect(showsInfoBox({ listPrice: 359.99 })).toBe(true);
    expect(showsInfoBox({ listPrice: null })).toBe(false);
  });
});
