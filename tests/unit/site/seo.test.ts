import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  productGroupJsonLd,
  productJsonLd,
  returnPolicyJsonLd,
  robotsTxt,
  schemaPrice,
  shippingDetailsJsonLd,
  sitemapXml,
} from '../../../src/site/seo.ts';
import { deliveryConfig } from '../../../src/delivery/config.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { product, shampooProducts, VOLUME } from '../catalogue/fixtures.ts';

const site = { siteUrl: 'https://shop.example.com', brand: 'Clearwater Cleaning' };

describe('absoluteUrl', () => {
  it('joins a root-relative path to the site URL', () => {
    expect(absoluteUrl('/home-garden', site.siteUrl)).toBe('https://shop.example.com/home-garden');
    expect(absoluteUrl('/', site.siteUrl)).toBe('https://shop.example.com/');
  });
});

describe('schemaPrice', () => {
  it('always has two decimals', () => {
    expect(schemaPrice(149.9)).toBe('149.90');
    expect(schemaPrice(1249)).toBe('1249.00');
    expect(schemaPrice(0.1 + 0.2)).toBe('0.30');
  });
});

describe('productJsonLd', () => {
  const pump = product({
    sku: 'HG-DP-00219',
    name: 'SP 8.500 Dirty Water Pump',
    urlKey: 'sp-8-500-dirty-water-pump',
    priceInclVat: 359.99,
    shortDescription: 'Pumps dirty water &amp; more.',
    modelNumber: '1.318-100.1',
    images: [
      { file: '/h/g/pump-1.jpg', label: 'view 1', position: 1 },
      { file: '/h/g/pump-2.jpg', label: 'view 2', position: 2 },
    ],
  });

  it('describes the product with an offer in GBP', () => {
    expect(productJsonLd(pump, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'SP 8.500 Dirty Water Pump',
      sku: 'HG-DP-00219',
      mpn: '1.318-100.1',
      description: 'Pumps dirty water & more.',
      image: [
        'https://shop.example.com/img/960/jpeg/catalog/product/h/g/pump-1.jpg',
        'https://shop.example.com/img/960/jpeg/catalog/product/h/g/pump-2.jpg',
      ],
      brand: { '@type': 'Brand', name: 'Clearwater Cleaning' },
      url: 'https://shop.example.com/sp-8-500-dirty-water-pump',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example.com/sp-8-500-dirty-water-pump',
        price: '359.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('says OutOfStock for an unavailable product', () => {
    const offers = productJsonLd({ ...pump, inStock: false }, site)['offers'];
    expect(offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('leaves out the offer without a price, and mpn and images when there are none', () => {
    const bare = productJsonLd({ ...pump, priceInclVat: null, modelNumber: null, images: [] }, site);
    expect(bare).not.toHaveProperty('offers');
    expect(bare).not.toHaveProperty('mpn');
    expect(bare).not.toHaveProperty('image');
  });
});

describe('delivery and returns in the offer', () => {
  const days = (minValue: number, maxValue: number) => ({
    '@type': 'QuantitativeValue',
    minValue,
    maxValue,
    unitCode: 'DAY',
  });
  const shipping = (value: number, transit: [number, number]) => ({
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value, currency: 'GBP' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(0, 1),
      transitTime: days(...transit),
      businessDays: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
          'https://schema.org/Friday',
        ],
      },
    },
  });
  const returnPolicy = {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'GB',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: 30,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
  };

  it('gives a parcel from £50 free standard delivery and next working day, with the returns policy', () => {
    const machine = product({ sku: 'HG-PW-1', priceInclVat: 149.99, weight: 11.5 });
    expect(productJsonLd(machine, site, deliveryConfig)['offers']).toEqual({
      '@type': 'Offer',
      url: 'https://shop.example.com/hg-pw-1',
      price: '149.99',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      shippingDetails: [shipping(0, [2, 3]), shipping(9.95, [1, 1])],
      hasMerchantReturnPolicy: returnPolicy,
    });
  });

  it('charges standard delivery below £50', () => {
    const detergent = product({ sku: 'HG-DT-1', priceInclVat: 12.99, weight: 1.1 });
    expect(shippingDetailsJsonLd(detergent, deliveryConfig)).toEqual([
      shipping(4.95, [2, 3]),
      shipping(9.95, [1, 1]),
    ]);
  });

  it('sends anything over 30 kg by pallet alone', () => {
    const scrubber = product({ sku: 'PR-SD-1', priceInclVat: 8999, weight: 182 });
    expect(shippingDetailsJsonLd(scrubber, deliveryConfig)).toEqual([shipping(49, [3, 5])]);
  });

  it('describes the returns by schema.org’s names', () => {
    expect(returnPolicyJsonLd(deliveryConfig)).toEqual(returnPolicy);
  });

  it('says nothing of delivery without an offer, or without the delivery file', () => {
    const unpriced = product({ sku: 'HG-PW-2', priceInclVat: null });
    expect(productJsonLd(unpriced, site, deliveryConfig)).not.toHaveProperty('offers');
    expect(productJsonLd(product({ sku: 'HG-PW-3' }), site)['offers']).not.toHaveProperty('shippingDetails');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    const trail = [
      { name: 'Home', href: '/' },
      { name: 'Home & Garden', href: '/home-garden' },
      { name: 'Pressure Washers', href: '/home-garden/pressure-washer' },
    ];
    expect(breadcrumbJsonLd(trail, site.siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Home & Garden',
          item: 'https://shop.example.com/home-garden',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Pressure Washers',
          item: 'https://shop.example.com/home-garden/pressure-washer',
        },
      ],
    });
  });

  it('leaves out the URL of a crumb without a link', () => {
    const ld = breadcrumbJsonLd([{ name: 'Home', href: '/' }, { name: 'Not Found' }], site.siteUrl);
    expect(ld['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Not Found' },
    ]);
  });
});

describe('sitemapXml', () => {
  it('lists each absolute URL once, with lastmod when known, XML-escaped', () => {
    const xml = sitemapXml(
      [{ path: '/' }, { path: '/a&b', lastmod: '2026-11-23T07:35:26Z' }, { path: '/' }],
      site.siteUrl,
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<url><loc>https://shop.example.com/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shop.example.com/a&amp;b</loc><lastmod>2026-11-23T07:35:26Z</lastmod></url>',
    );
  });
});

describe('robotsTxt', () => {
  it('allows everything but the per-shopper screens and names the sitemap, and the shopping feed beside it', () => {
    expect(robotsTxt(site.siteUrl)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /basket',
        'Disallow: /customer',
        'Disallow: /search',
        '',
        'Sitemap: https://shop.example.com/sitemap.xml',
        '# Google Merchant Center product feed, the list of its files: https://shop.example.com/feeds/google/index.txt',
        '',
      ].join('\n'),
    );
  });
});

describe('productGroupJsonLd', () => {
  const catalogue = withVariants(shampooProducts());
  const bySku = new Map(catalogue.map((item) => [item.sku, item]));
  const parent = bySku.get('CS');
  if (!parent) throw new Error('no parent');

  it('describes a configurable product as a ProductGroup varying by size, each child an offer at its link', () => {
    const group = productGroupJsonLd(parent, bySku, site, deliveryConfig);
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Car Shampoo',
      productGroupID: 'CS',
      url: 'https://shop.example.com/car-shampoo',
      variesBy: ['https://schema.org/size'],
    });
    const variants = group['hasVariant'] as Record<string, unknown>[];
    expect(variants.map((variant) => [variant['sku'], variant['size']])).toEqual([
      ['CS-10L', '10 l'],
      ['CS-1L', '1 l'],
      ['CS-5L', '5 l'],
    ]);
    expect(variants[2]).toMatchObject({
      '@type': 'Product',
      name: 'Car Shampoo 5 l',
      mpn: '6.295-302.0',
      image: ['https://shop.example.com/img/960/jpeg/catalog/product/m/a/cs-5l-1.jpg'],
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example.com/car-shampoo?volume=5-l',
        price: '29.99',
        availability: 'https://schema.org/InStock',
        hasMerchantReturnPolicy: returnPolicyJsonLd(deliveryConfig),
      },
    });
    expect((variants[2]?.['offers'] as Record<string, unknown>)['shippingDetails']).toEqual(
      shippingDetailsJsonLd(bySku.get('CS-5L') ?? parent, deliveryConfig),
    );
    expect(variants[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('names an attribute schema.org has no property for by its label, on each variant too', () => {
    const kit = { ...VOLUME, code: 'kit', label: 'Kit' };
    const configurable = parent.configurable && {
      ...parent.configurable,
      attributes: [kit],
      variants: parent.configurable.variants.map((variant) => ({
        ...variant,
        values: { kit: variant.values['volume'] ?? 0 },
      })),
    };
    const group = productGroupJsonLd({ ...parent, configurable }, bySku, site);
    expect(group['variesBy']).toEqual(['Kit']);
    expect((group['hasVariant'] as Record<string, unknown>[])[1]).toMatchObject({
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Kit', value: '1 l' }],
      offers: { url: 'https://shop.example.com/car-shampoo?kit=1-l' },
    });
  });
});
