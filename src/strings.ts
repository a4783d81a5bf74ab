/**
 * Every text the shopper reads that the spec fixes, word for word, in one place for a copy editor.
 * `{provider}`, `{phone}`, `{email}` and the address are configuration (src/config/env.ts).
 */
export const strings = {
  notFound: {
    title: 'Not Found',
    page: 'Please return to the homepage',
    category: 'This page is not available now',
    categoryLink: 'Return to homepage',
    manage: 'This page is not available',
  },
  listing: {
    count: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    empty: 'There are no products here',
  },
  product: {
    inStock: 'In Stock',
    unavailable: 'Unavailable',
    model: (code: string) => `Model ${code}`,
    inclVat: 'incl VAT',
    exclVat: 'excl VAT',
    specifications: 'Specifications',
    technicalData: 'Technical data',
    equipment: 'Equipment',
    applications: 'Applications',
    detergents: 'Detergents',
    accessories: 'Accessories',
    related: 'Related Products',
    addedToCart: 'This product is now in your cart!',
  },
  search: {
    resultsFor: (term: string) => `Results for: ${term}`,
    found: (n: number) => `Results found: ${n}`,
    none: 'No products found with that keyword',
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
    quantityUpdated: 'Item quantity update successfully!',
    removed: 'The item has been removed successfully',
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
