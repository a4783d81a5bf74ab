/**
 * The account's texts: signing in, creating and managing an account (the spec's words and ours), the labels
 * the account's, basket's and checkout's forms share, and the line under a field that says what to change.
 * Gathered by src/strings.ts; the spec's texts are kept word for word.
 */
import { shellTexts } from '../shell/index.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const accountSpec = {
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
  validation: {
    failed: 'Validation failed. Please check the information in the forms.',
  },
} as const;

/**
 * The line under a form field that says what to change (issue 10): Magento's input limits on names,
 * telephones and cities, and the spec's rules, field by field.
 */
export const fieldLimitTexts = {
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
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const accountOurs = {
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
    loading: 'Loading…',
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
  limits: fieldLimitTexts,
} as const;
