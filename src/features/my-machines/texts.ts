/**
 * The texts of My machines (issue 39: the account's section, a parts page's button, the basket's "Fits your
 * K 5", and what the store and the storefront server answer), in a module of their own rather than in
 * features/fits/texts.ts: that one is bundled with the parts finder's and product pages' first scripts, and none of
 * these is needed before the shopper acts.
 */

/** My machines: the account's section, the basket's line, and what the store and the server answer. */
export const myMachinesTexts = {
  badName: 'Enter a machine’s model as it is on its label, for example K 5 or HD 6/15 (up to 40 characters).',
  full: 'Your list of machines is full. Remove one to add another.',
  unavailable: 'Your machines can’t be shown right now. Please try again in a moment.',
  notChanged: 'Your machines can’t be changed right now. Please try again.',
  title: 'My machines',
  intro:
    'The machines you own: each opens everything that fits it, and your basket tells you what fits them.',
  loading: 'Loading your machines…',
  none: 'You have not added any machines yet.',
  /** The remove button's words, the machine named for screen readers. */
  remove: 'Remove',
  removed: (name: string) => `The ${name} is no longer in your machines.`,
  added: (name: string) => `The ${name} is now in your machines.`,
  fromOrdersTitle: 'Machines from your past orders',
  /** The one-click button, e.g. "Add K 5". */
  addFromOrder: (name: string) => `Add ${name}`,
  addTitle: 'Add a machine',
  addLabel: 'Your machine’s model',
  addHint: 'For example K 5 or HD 6/15: it is on the machine’s label.',
  addButton: 'Add',
  unknown: (typed: string) =>
    `We don’t know a machine called “${typed}”. Check the model on the machine’s label, or find it in the parts finder.`,
  findInFinder: 'Find your machine in the parts finder',
  /** A parts page's button, for guests and customers alike, and what it says once done. */
  keep: (model: string) => `Add the ${model} to my machines`,
  kept: (model: string) => `The ${model} is in your machines.`,
  /** The basket's line. */
  fitsYour: (name: string) => `Fits your ${name}`,
} as const;
