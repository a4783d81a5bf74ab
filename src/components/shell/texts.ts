/**
 * Texts of the shell (header, menus, footer, cookie banner, privacy pages) that the spec leaves to us.
 * The spec's own fixed texts stay in `src/strings.ts`; these sit beside the components that show them.
 */
export const shellTexts = {
  header: {
    homeLink: (shop: string) => `${shop} home page`,
    mainNav: 'Main menu',
    homeGarden: 'Home & Garden',
    professional: 'Professional',
    services: 'Services',
    hire: 'Hire',
    allOf: (audience: string) => `All ${audience}`,
    more: 'More',
    menu: 'Menu',
    basket: 'Basket',
    account: 'Account',
    accountMenu: 'Account menu',
  },
  search: {
    label: 'Search products',
    placeholder: 'Search products…',
    submit: 'Search',
  },
  footer: {
    contact: 'Contact',
    telephone: 'Telephone',
    email: 'E-mail',
    help: 'Help and information',
    privacySummary: 'Privacy Policy',
    privacyNotice: 'Full Privacy Notice',
    copyright: (shop: string, year: number) => `© ${year} ${shop}`,
  },
  cookies: {
    region: 'Cookie notice',
    message: 'This site uses cookies, some of which are essential for it to work.',
    link: 'Read our privacy policy',
  },
  breadcrumb: {
    label: 'Breadcrumb',
    home: 'Home',
  },
  slideshow: {
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause',
    play: 'Play',
    slideLabel: (n: number, count: number) => `${n} of ${count}`,
    goTo: (n: number) => `Show slide ${n}`,
  },
  content: {
    related: 'Useful links',
  },
  privacy: {
    summaryTitle: 'Privacy Policy',
    summaryIntro:
      'A short summary of how we look after your personal data. The full notice gives every detail.',
    fullNoticeLink: 'Read the full privacy notice',
    darkTheme: 'Dark theme',
    sectionsLabel: 'Privacy policy sections',
  },
} as const;
