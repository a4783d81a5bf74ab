/**
 * The privacy texts: the privacy pages' spec headings, and "Your data and privacy" in the account (issue 41),
 * with the storefront server's answers. Gathered by src/strings.ts.
 */

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const privacySpec = {
  privacy: {
    fullTitle: 'Full Privacy Policy',
    noticeHeading: 'Privacy Notice',
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const privacyOurs = {
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
      'One file (JSON) with your account details and addresses, every order, your wish list, your stock and price alerts, what our shop keeps about you itself (card payments, recent failed sign-ins, machines registered for their guarantee, service and repair bookings), and what this browser keeps for our shop: your cookie choices, compare list, wish list, recently viewed products and VAT display.',
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
      'Our own records of you: card payments that did not go through, the count of failed sign-ins, your machines registered for their guarantee with their receipt photos, and your service and repair bookings.',
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
