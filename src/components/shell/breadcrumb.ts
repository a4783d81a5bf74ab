/** A breadcrumb trail and its schema.org BreadcrumbList, from the same list of crumbs. */

export interface Crumb {
  name: string;
  /** Root-relative path; the last crumb (the current page) may leave it out. */
  href?: string;
}

export interface BreadcrumbListLd {
  '@context': 'https://schema.org';
  '@type': 'BreadcrumbList';
  itemListElement: {
    '@type': 'ListItem';
    position: number;
    name: string;
    item?: string;
  }[];
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], siteUrl: string): BreadcrumbListLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.href === undefined ? {} : { item: new URL(crumb.href, siteUrl).href }),
    })),
  };
}
