/**
 * Every text the shopper reads, in one place for a copy editor, in two sections: `spec` holds the texts the
 * spec fixes, word for word (do not "improve" them: tests and the spec compare them exactly); `ours` holds
 * the texts the spec leaves to us (DESIGN.md §3). `strings` is both at once, which is what code imports.
 * `{provider}`, `{phone}`, `{email}` and the address are configuration (src/config/env.ts).
 */
import {
  basketTexts,
  compareTexts,
  listingTexts,
  productToolTexts,
  searchTexts,
  shellTexts,
  slideshowTexts,
  wishlistPageTexts,
  wishlistTexts,
} from './browser-strings.ts';
import { comparePageTexts, productTexts } from './compare-strings.ts';

export {
  basketTexts,
  comparePageTexts,
  compareTexts,
  listingTexts,
  productTexts,
  productToolTexts,
  searchTexts,
  shellTexts,
  slideshowTexts,
  wishlistPageTexts,
  wishlistTexts,
};

/** The spec's fixed texts, word for word. */
export const spec = {
  notFound: {
    title: 'Not Found',
    page: 'Please return to the homepage',
    category: 'This page is not available now',
    categoryLink: 'Return to homepage',
    manage: 'This page is not available',
  },
  listing: { count: listingTexts.count, empty: listingTexts.empty },
  product: {
    inStock: productTexts.inStock,
    unavailable: productTexts.unavailable,
    model: (code: string) => `Model ${code}`,
    inclVat: listingTexts.inclVat,
    exclVat: listingTexts.exclVat,
    specifications: 'Specifications',
    technicalData: 'Technical data',
    equipment: 'Equipment',
    applications: 'Applications',
    detergents: 'Detergents',
    accessories: 'Accessories',
    related: 'Related Products',
    addedToCart: shellTexts.addedToCart,
  },
  search: {
    resultsFor: (term: string) => `Results for: ${term}`,
    found: searchTexts.found,
    none: searchTexts.none,
  },
  cookies: {
    accept: 'Accept',
  },
  account: {
    myAccount: 'My Account',
    signIn: 'Sign in',
    createAccount: 'Create an Account',
    logout: 'Logout',
    customerLogin: 'Customer Login',
    registeredCustomer: 'Registered Customer',
    newCustomer: 'New Customer',
    signInButton: 'Sign In',
    signInFailed: 'Email or password wrong. Please try again',
    created: 'Your account has been successfully created!',
    updated: 'Your data have been update successfully',
    accountInformation: 'Account Information',
    billingAddress: 'Billing Address',
    shippingAddress: 'Shipping Address',
  },
  basket: {
    totalForItem: 'Total for this item',
    update: 'Update',
    remove: 'Remove',
    totalShipping: 'Total shipping cost',
    total: 'Total',
    empty: 'Your cart is empty',
    quantityUpdated: basketTexts.quantityUpdated,
    removed: basketTexts.removed,
    return: 'Return',
    confirm: 'Confirm',
  },
  validation: {
    failed: 'Validation failed. Please check the information in the forms.',
  },
  payment: {
    pay: 'Pay',
    paid: 'Your payment was successfull',
    thanks: 'Thank you to have chosen us!',
    failed: 'Your payment failed! :(',
    failedDetail: 'Unfortunately your payment was not accepted. Please try again.',
    payAgain: 'Pay Again',
    homepage: 'Homepage',
  },
  privacy: {
    fullTitle: 'Full Privacy Policy',
    noticeHeading: 'Privacy Notice',
  },
  strip: {
    delivery: 'Free UK delivery on orders over £50',
    advice: 'Expert advice and support',
    guarantee: '+1 extra year guarantee on Home & Garden machines',
  },
} as const;

/** Texts the spec leaves to us. */
export const ours = {
  /** Texts of the account, basket and notification islands that the spec leaves to us (DESIGN.md §3). */
  shopper: {
    /** The basket's list of lines, named so it is told apart from the cards below it. */
    basketLines: 'Items in your basket',
    email: 'Email',
    password: 'Password',
    firstname: 'First name',
    lastname: 'Last name',
    postcode: 'Postcode',
    street: 'Street',
    city: 'City',
    region: 'Region',
    country: 'Country',
    telephone: 'Telephone',
    submit: 'Submit',
    name: 'Name',
    surname: 'Surname',
    tel: 'Tel',
    fullName: 'Full name',
    address: 'Address',
    editLink: 'Edit',
    manageTitle: 'Manage account',
    signInIntro: 'If you have an account, sign in with your email address.',
    newCustomerIntro:
      'Creating an account lets you check out faster, keep more than one address and see your details.',
    createAccountTitle: 'Create an Account',
    createAccountIntro: 'All fields are required.',
    noAddress: 'No address saved yet.',
    loading: basketTexts.loading,
    retry: 'Try again',
    sessionEnded: shellTexts.sessionEnded,
    signingIn: 'Signing in…',
    creating: 'Creating your account…',
    saving: 'Saving…',
    adding: shellTexts.adding,
    dismiss: 'Dismiss',
    notifications: 'Notifications',
    basketTitle: 'Basket',
    quantity: 'Quantity',
    continueShopping: 'Continue shopping',
    basketNoScript:
      'Your basket needs JavaScript: please turn it on to see it, change it and check out. You can also order by phone.',
    /** The basket's row above the totals: the sum of its lines, in both VAT forms. */
    basketItems: 'Items',
    basketCount: shellTexts.basketCount,
  },
  /** Texts of the shipping, payment, paid and failed-payment steps that the spec leaves to us. */
  checkout: {
    shippingTitle: 'Shipping',
    paymentTitle: 'Payment',
    paidTitle: 'Payment successful',
    failedTitle: 'Payment failed',
    shippingAddress: 'Shipping address',
    billingAddress: 'Billing address',
    copyShipping: 'Same as shipping address',
    telephoneHint: 'More than 8 characters',
    emailHint: "Containing '@' and '.'",
    saving: 'Saving…',
    paying: 'Starting your payment…',
    loading: 'Loading…',
    checking: 'Checking your payment…',
    pending: 'Your payment is being confirmed. This page updates by itself.',
    emptyCart: 'Your cart is empty',
    addressesMissing: 'Please confirm your shipping and billing addresses first.',
    startFailed: 'Your payment could not be started. Please try again in a moment; your basket is kept.',
    basketNotPayable:
      'Your basket cannot be paid for as it stands. Please check the quantities in your basket and try again.',
    tooLarge: 'This order is above the limit for card payments. Please call us to order.',
    sessionEnded: 'Your session has ended. Please sign in again.',
    unknownPayment: 'This payment is not known.',
    summary: 'Order summary',
    myAccount: 'My Account',
    /** The paid page, under the spec's texts (issue 14); `{number}` is the order's number, in bold. */
    orderNumber: 'Your order number is {number}.',
    viewOrder: 'View your order',
    checkOrderStatus: 'Check your order status',
  },
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
  /**
   * The line under a form field that says what to change (issue 10): Magento's input limits on names,
   * telephones and cities, and the spec's rules, field by field.
   */
  limits: {
    required: 'Please fill in this field.',
    email: "Enter an e-mail address containing '@' and '.', for example name@example.com.",
    telephoneShort: 'Enter a telephone number longer than 8 characters.',
    tooLong: (max: number, length: number) =>
      `Please shorten this to ${max} characters or fewer (it has ${length}).`,
    notAllowed: (refused: readonly string[], allowed: string) =>
      `Please remove ${refused.join(', ')}: only ${allowed} can be used here.`,
    emailLocalTooLong: 'Please shorten the part before “@” to 64 characters or fewer.',
    passwordSpaces: 'Please remove the space at the start or end of your password.',
    invisible: 'invisible characters',
    nameChars: "letters, digits, spaces and , - _ . ' ’ ` &",
    telephoneChars: 'digits, spaces and + - ( )',
    cityChars: 'letters, spaces, hyphens and apostrophes (no digits or full stops)',
  },
  /** Catalogue pages: listings and product pages. */
  catalogue: {
    subcategories: 'Browse by type',
    products: 'Products',
    gallery: 'Product images',
    chooseImage: 'Choose an image',
    noImage: 'No image available',
    description: 'Description',
    documentation: 'Documentation',
    opensInNewTab: '(opens in a new tab)',
    addToCart: productTexts.addToCart,
    addToWishList: productToolTexts.addToWishList,
    addToCompare: productToolTexts.addToCompare,
    orderByPhone: 'Order by phone:',
    infoBox: 'Why buy from us',
    /** The section of the products viewed last, on product pages and the basket. */
    recentlyViewed: 'Recently viewed',
  },
  /** The wish list: its page, and the notice after a sign-in merged the guest's list. */
  wishlist: {
    title: 'Wish list',
    empty: 'Your wish list is empty.',
    emptyHint: 'Add products with “Add to wish list” on any product to keep them here.',
    continueShopping: 'Continue shopping',
    addAll: 'Add all to basket',
    noScript: 'Your wish list needs JavaScript: please turn it on to see and change it.',
    retry: 'Try again',
    merged: (n: number) =>
      n === 1
        ? '1 product from your wish list was added to your account.'
        : `${n} products from your wish list were added to your account.`,
    addToBasket: 'Add to basket',
    remove: 'Remove',
    /** A product's stock, in the spec's words of its page. */
    inStock: spec.product.inStock,
    unavailable: spec.product.unavailable,
    ...wishlistPageTexts,
  },
  /** The search page (its fixed texts are `spec.search`; its form reuses `shell.search`). */
  searchPage: {
    pageTitle: 'Search',
    searching: searchTexts.searching,
    formLabel: 'Search again',
    results: 'Search results',
    showMore: searchTexts.showMore,
    loadingMore: searchTexts.loadingMore,
    showing: searchTexts.showing,
    unavailable: searchTexts.unavailable,
    retry: 'Try again',
    noScript: 'Searching needs JavaScript. Please turn it on, or browse the categories in the menu.',
  },
  /** The compare tray (every page) and the /compare page; what their scripts write is `compareTexts`. */
  compare: {
    tray: 'Products to compare',
    trayLink: 'Compare',
    clear: 'Clear',
    clearWhat: 'the comparison',
    pageTitle: 'Compare products',
    description: 'Compare cleaning machines side by side: prices, stock and every specification.',
    intro:
      'Up to four products side by side, with every figure we hold for them. The address of this page shows the same table to anyone you send it to.',
    loading: 'Loading the products…',
    empty: 'You have no products to compare yet.',
    emptyHint: `Choose up to 4 products with “${productToolTexts.addToCompare}” on any product or list, then come back here.`,
    emptyLink: 'Browse the shop',
    retry: 'Try again',
    differencesOnly: 'Show differences only',
    tableRegion: 'Comparison table',
    noScript: 'Comparing products needs JavaScript. Please turn it on, or open each product’s page.',
  },
} as const;

/** Every text: the spec's and ours (their top-level keys do not overlap). */
export const strings = { ...spec, ...ours } as const;
