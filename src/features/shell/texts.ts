/**
 * The shell's texts: what every page's pre-rendered header, menus, footer, cookie notice and breadcrumb say,
 * the not-found notices, the home page's strip and the privacy pages'. What the shell's scripts write is in
 * browser-texts.ts (the shell's chunk, which every page loads, carries nothing else) and the slideshow's
 * controls in slideshow-texts.ts. Gathered by src/strings.ts; the spec's texts are kept word for word.
 */
import { slideshowTexts } from './slideshow-texts.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const shellSpec = {
  notFound: {
    title: 'Not Found',
    page: 'Please return to the homepage',
    category: 'This page is not available now',
    categoryLink: 'Return to homepage',
    manage: 'This page is not available',
  },
  cookies: {
    /** The spec's Accept button, as the ICO's guidance asks it to read beside an equal "Reject all". */
    accept: 'Accept all',
  },
  strip: {
    delivery: 'Free UK delivery on orders over £50',
    advice: 'Expert advice and support',
    guarantee: '+1 extra year guarantee on Home & Garden machines',
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const shellOurs = {
  /** Header, menus, footer, cookie banner, breadcrumb and privacy pages. */
  shell: {
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
      wishList: 'Wish list',
      account: 'Account',
      accountMenu: 'Account menu',
    },
    search: {
      label: 'Search products',
      placeholder: 'Search products…',
      submit: 'Search',
      /** The list of suggestions under the box as the shopper types. */
      suggestions: 'Suggestions',
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
      optional:
        'With your permission we would also use analytics cookies, to learn how the shop is used, and marketing cookies, to measure our advertising. You can change your mind at any time under “Cookie settings” at the foot of every page.',
      link: 'Read our privacy policy',
      reject: 'Reject all',
      manage: 'Manage',
      choices: 'Choose which cookies we may use',
      necessary: 'Strictly necessary (always on)',
      necessaryHint:
        'They keep your basket, your sign-in and this choice. The shop cannot work without them.',
      analytics: 'Analytics',
      analyticsHint: 'Count visits and what sells, so we can improve the shop (Google Analytics).',
      marketing: 'Marketing',
      marketingHint: 'Measure our advertising and let it show you adverts that fit on other sites.',
      save: 'Save my choices',
      settings: 'Cookie settings',
    },
    breadcrumb: {
      label: 'Breadcrumb',
      home: 'Home',
    },
    slideshow: slideshowTexts,
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
  },
} as const;
