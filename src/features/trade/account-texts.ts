/**
 * What shoppers read about trade accounts (issue 38): the application form, the account's trade state,
 * paying on account at checkout and the VAT invoice. The VAT number's own messages are in
 * `features/trade/texts.ts`, beside the check that gives them.
 */
export const tradeAccountTexts = {
  title: 'Open a trade account',
  menuLink: 'Open a trade account',
  intro:
    'For cleaning contractors, facilities teams, workshops and other businesses. Once we have approved your account you see your trade prices when signed in, can add a purchase order number to your orders, and can download a VAT invoice for every order.',
  memberIntro: (email: string) =>
    `You are applying with your account ${email}. Tell us about your business: the company address becomes your billing address.`,
  signInToApply: 'Already have an account? Sign in first and apply with it.',
  signInPanel:
    'Buying for a business? Open a trade account for trade prices, purchase order numbers and VAT invoices.',
  company: 'Company name',
  companyAddress: 'Company address',
  contact: 'Contact',
  street: 'Street address',
  city: 'Town or city',
  county: 'County (optional)',
  postcode: 'Postcode',
  country: 'Country',
  countryUk: 'United Kingdom',
  ukOnly: 'Trade accounts are for businesses in the United Kingdom.',
  firstname: 'First name',
  lastname: 'Last name',
  telephone: 'Telephone',
  email: 'E-mail',
  password: 'Password',
  submit: 'Apply for a trade account',
  submitting: 'Sending your application…',
  postcodeInvalid: 'Enter a UK postcode, for example SW1A 1AA.',
  companyRequired: 'Please enter your company’s name.',
  applied:
    'Thank you: your trade account application is with us. Sign in to use your account; trade prices show once we have approved it, usually within one working day.',
  memberApplied:
    'Thank you: your trade account application is with us. Trade prices show once we have approved it, usually within one working day.',
  alreadyPending: 'Your trade account application is already with us: we will approve it shortly.',
  alreadyTrade: 'Your account is already a trade account.',
  toAccount: 'Go to My Account',
  tooManyFromNetwork: 'We have had too many trade account applications from your network.',
  tooManyForEmail: 'We have had too many trade account applications with this e-mail address.',
  cannotApply:
    'Sorry, we could not send your application just now. Nothing you typed is lost: please try again in a few minutes.',
  /** My Account's trade block. */
  accountHeading: 'Trade account',
  stateNone:
    'Buying for a business? A trade account gives you trade prices, purchase order numbers and VAT invoices.',
  statePending:
    'Your trade account application is being reviewed. Trade prices show once we have approved it.',
  stateTrade: 'Your trade account is approved: you see trade prices when signed in, and can pay on account.',
  stateUnknown: 'We could not check your trade account just now.',
  /** Checkout: paying on account. */
  payOnAccount: 'Pay on account',
  payOnAccountHint: 'We invoice your company for the order: pay by your trade account’s terms.',
  poNumber: 'Purchase order number',
  poHint: 'Your own reference for this order: it shows on the order and on its VAT invoice.',
  poRequired: 'Please enter your purchase order number to pay on account.',
  poTooLong: (max: number, length: number) =>
    `Please shorten the purchase order number to ${max} characters or fewer (it has ${length}).`,
  confirm: 'Confirm order',
  confirming: 'Placing your order…',
  busy: 'Your order is already being placed: please wait a moment.',
  notAllowed: 'Paying on account is for approved trade accounts. Please pay by card.',
  signIn: 'Please sign in to pay on account.',
  empty: 'Your basket is empty.',
  noDelivery: 'Please choose how your order is delivered first.',
  cannotPlace:
    'Sorry, we could not place your order just now. Nothing was charged and your basket is kept: please try again in a few minutes.',
  placedTitle: 'Thank you: your order is placed',
  placedInvoiced:
    'We will invoice your company for this order: pay by your trade account’s terms. Its VAT invoice will be with the order in My Account once it is issued.',
  placedPo: (po: string) => `Your purchase order number: ${po}.`,
  companyLine: (company: string) => `Company: ${company}`,
  vatLine: (vat: string) => `VAT number: ${vat}`,
} as const;
