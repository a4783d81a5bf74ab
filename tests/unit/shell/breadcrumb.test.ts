import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd } from '../../../src/components/shell/breadcrumb.ts';

describe('breadcrumbJsonLd', () => {
  it('lists the crumbs in order with absolute URLs', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Home', href: '/' },
        { name: 'Home & Garden', href: '/home-garden' },
      ],
      'https://shop.example.com',
    );
    expect(ld).toEqual({
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
      ],
    });
  });

  it('leaves out the URL of a crumb without a link', () => {
    const ld = breadcrumbJsonLd(
      [{ name: 'Home', href: '/' }, { name: 'Not Found' }],
      'https://shop.example.com',
    );
    expect(ld.itemListElement[1]).toEqual({ '@type': 'ListItem', position: 2, name: 'Not Found' });
  });
});
