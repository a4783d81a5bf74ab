/**
 * Every text the shopper reads, in one place for a copy editor, in two sections: `spec` holds the texts the
 * spec fixes, word for word (do not "improve" them: tests and the spec compare them exactly); `ours` holds
 * the texts the spec leaves to us (DESIGN.md §3). `strings` is both at once, which is what code imports.
 * `{provider}`, `{phone}`, `{email}` and the address are configuration (src/config/env.ts).
 */
import { basketTexts } from './features/cart/browser-texts.ts';
import { compareTexts, productToolTexts, shellTexts, wishlistTexts } from './features/shell/browser-texts.ts';
import { deliveryTexts } from './features/product/delivery-texts.ts';
import { searchTexts, suggestTexts } from './features/search/browser-texts.ts';
import { slideshowTexts } from './features/shell/slideshow-texts.ts';
import { wishlistPageTexts } from './features/wishlist/browser-texts.ts';
import { comparePageTexts, productTexts } from './features/compare/browser-texts.ts';
import { listingTexts, ratingToolTexts } from './features/listing/browser-texts.ts';
import { reviewFormTexts } from './features/reviews/form-texts.ts';
import { ratingTexts, reviewTexts } from './features/reviews/texts.ts';

export {
  basketTexts,
  comparePageTexts,
  compareTexts,
  deliveryTexts,
  listingTexts,
  productTexts,
  productToolTexts,
  ratingTexts,
  ratingToolTexts,
  reviewFormTexts,
  reviewTexts,
  searchTexts,
  shellTexts,
  slideshowTexts,
  suggestTexts,
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
    resultsFor: searchTexts.resultsFor,
    found: searchTexts.found,
    none: searchTexts.none,
  },
  cookies: {
    /** The spec's Accept button, as the ICO's guidance asks it to read beside an equal "Reject all". */
    accept: 'Accept all',
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
  /** The basket's discount code field (Magento's coupons); its notices are basketTexts'. */
  coupon: {
    label: 'Discount code',
    apply: basketTexts.couponApply,
    remove: basketTexts.couponRemove,
  },
  checkout: {
    /** How measurement (GA4's `payment_type`) names paying on the provider's card page. */
    cardPayment: 'Card',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    deliveryLoading: 'Finding delivery options…',
    noDelivery: 'We cannot deliver to this address. We deliver to addresses in the United Kingdom.',
    estimatedDelivery: (date: string) => `Estimated delivery: ${date}`,
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
    /** The product page's reviews (ReviewsSection.astro). */
    reviews: 'Reviews',
    averageRating: (stars: string) => `${stars} out of 5`,
    basedOn: (n: number) => `Based on ${ratingTexts.reviews(n)}`,
    starsSpread: 'How the reviews rate it',
    starsRow: (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`),
    ratingAverages: 'Average ratings',
    noReviews: 'No reviews yet.',
  },
  /** My orders (account page block, the list, one order), reorder and the guest order lookup. */
  orders: {
    myOrders: 'My orders',
    viewAll: 'View all orders',
    listTitle: 'My orders',
    orderTitle: (number: string) => `Order ${number}`,
    loading: 'Loading your orders…',
    loadingOrder: 'Loading the order…',
    none: 'You have not placed any orders yet.',
    startShopping: 'Start shopping',
    unavailable: "Your orders can't be shown right now. Please try again.",
    notFound: 'We could not find this order in your account.',
    backToOrders: 'Back to My orders',
    backToAccount: 'Back to My Account',
    retry: 'Try again',
    number: 'Order number',
    date: 'Date',
    status: 'Status',
    items: 'Items',
    total: 'Total incl VAT',
    view: 'View',
    viewOrder: (number: string) => `View order ${number}`,
    itemCount: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    previous: 'Previous',
    next: 'Next',
    pagination: 'Pages of your orders',
    placedOn: 'Placed on',
    product: 'Product',
    sku: 'SKU',
    qty: 'Qty',
    price: 'Price',
    rowTotal: 'Row total',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    discount: 'Discount',
    vat: 'VAT',
    grandTotal: 'Grand total incl VAT',
    billingAddress: 'Billing address',
    shippingAddress: 'Shipping address',
    shippingMethod: 'Shipping method',
    payment: 'Payment',
    paidByCard: 'Card, paid online',
    statusUnknown: 'Unknown',
    print: 'Print',
    buyAgain: 'Buy again',
    buyAgainItem: (name: string) => `Buy ${name} again`,
    buyingAgain: 'Adding to your basket…',
    addedAgain: (n: number) =>
      n === 1 ? '1 product was added to your basket.' : `${n} products were added to your basket.`,
    notAddedAgain: (names: string) => `Unavailable now, so not added: ${names}.`,
    lookupTitle: 'Order status',
    lookupLink: 'Order status',
    lookupIntro:
      'Enter your order number with the e-mail address and the postcode of the billing address you gave when you ordered.',
    lookupNumber: 'Order number',
    lookupEmail: 'Billing e-mail address',
    lookupPostcode: 'Billing postcode',
    lookupSubmit: 'Find my order',
    lookingUp: 'Looking for your order…',
    lookupFailed: 'We could not find an order with those details',
    lookupMissing: 'Enter your order number, the billing e-mail address and the billing postcode.',
    lookupAnother: 'Look up another order',
    lookupSignIn: 'Have an account? Sign in to see all your orders.',
    tooManyLookups: 'Too many attempts to find an order.',
    invoiceNotFound: 'We could not find this invoice for your order.',
    invoices: 'Invoices',
    invoiceLine: (number: string) => `Invoice ${number}, issued`,
    downloadInvoice: 'Download VAT invoice (PDF)',
    poNumber: 'Purchase order number',
    noScript: 'Your orders need JavaScript: please turn it on to see them.',
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
    results: searchTexts.results,
    unavailable: searchTexts.unavailable,
    retry: searchTexts.retry,
    noScript: 'Searching needs JavaScript. Please turn it on, or browse the categories in the menu.',
    /** Below "No products found" (issue 37): where to go instead, who to call, how to search again. */
    help: {
      label: 'Help with your search',
      categories: 'Browse our categories',
      tips: 'Search tips',
      spelling: 'Check the spelling, or try another word for the same thing.',
      fewerWords: 'Use fewer words: one or two say enough.',
      modelNumber: 'Try the model number on the machine’s label, or a product type, such as',
      example: 'pressure washer',
    },
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
  /**
   * Delivery and returns on the product page, with the figures of src/content/delivery.json; the days its
   * script writes are `deliveryTexts`.
   */
  delivery: {
    free: 'Free UK delivery',
    estimate: 'Estimated delivery:',
    orderBy: (time: string) => `(order by ${time})`,
    returns: (days: number) => `Free returns within ${days} days`,
  },
  /** Writing a review: the product page's form and the storefront server's `/reviews` answers. */
  reviews: reviewFormTexts,
  /**
   * "Your data and privacy" in the account (issue 41): the data export, the account's deletion, what goes
   * and what the law makes the shop keep; and the storefront server's answers to both.
   */
  myData: {
    title: 'Your data and privacy',
    intro: 'Take a copy of everything we hold about you, or close your account for good.',
    signedInAs: (email: string) => `You are signed in as ${email}.`,
    accountBlock: 'Download a copy of your data, or delete your account.',
    accountLink: 'Download my data or delete my account',
    downloadTitle: 'Download my data',
    downloadIntro:
      'One file (JSON) with your account details and addresses, every order, your wish list, what our shop keeps about you itself (card payments, recent failed sign-ins), and what this browser keeps for our shop: your cookie choices, compare list, wish list, recently viewed products and VAT display.',
    download: 'Download my data',
    downloading: 'Gathering your data…',
    downloaded: 'Your data has been saved as a file in your downloads.',
    deleteTitle: 'Delete my account',
    deleteIntro: 'This cannot be undone. Please read what happens first.',
    deletedHeading: 'What we delete',
    deleted: [
      'Your account: your name, e-mail address and password.',
      'Your saved addresses.',
      'Your saved basket and your wish list.',
      'Our own records of you: card payments that did not go through, and the count of failed sign-ins.',
      'In this browser: you are signed out, and your basket, wish list, compare list and recently viewed products are cleared.',
    ],
    keptHeading: 'What we keep, and why',
    kept: [
      'Your orders and their invoices, with the names, addresses and e-mail address on them, and the card payments for them: UK law requires us to keep tax records for 6 years. They are kept without any link to an account, so nobody can sign in to see them. You can still check an order with its number, e-mail address and postcode on the Order status page.',
      'Your cookie choices and VAT display in this browser: they belong to the browser, not to your account.',
    ],
    password: 'Your password',
    passwordHint: 'Enter your password again, so we know it is you.',
    confirm: 'I understand that my account will be deleted for good.',
    deleteButton: 'Delete my account',
    deleting: 'Deleting your account…',
    done: 'Your account has been deleted. Thank you for shopping with us.',
    signIn: 'Please sign in to see or delete your data.',
    passwordMissing: 'Enter your password to delete your account.',
    confirmMissing: 'Please tick the box to confirm that your account should be deleted.',
    wrongPassword: 'That password is not right, so your account has not been deleted. Please try again.',
    exportUnavailable: "Your data can't be gathered right now. Please try again in a moment.",
    deleteUnavailable:
      "Your account can't be deleted right now, and nothing has been deleted. Please try again in a moment.",
    noScript: 'Downloading your data and deleting your account need JavaScript: please turn it on.',
  },
} as const;

/** Every text: the spec's and ours (their top-level keys do not overlap). */
export const strings = { ...spec, ...ours } as const;
