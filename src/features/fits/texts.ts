/**
 * The texts of "fits my machine" (a machine's fitting accessories, a part's machines, the fit check, the parts
 * finder and pages), in a module of their own: features/shell/browser-texts.ts is bundled with every page's shell, and these
 * load only with what shows them. My machines' texts are in features/my-machines/texts.ts, which no page needs
 * before the shopper acts.
 */

export { PARTS_FINDER_PATH, partsPagePath } from './paths.ts';

export const fitTexts = {
  partsFinder: 'Parts finder',
  /** A parts page's heading and title. */
  partsFor: (model: string) => `Accessories and parts for the ${model}`,
  /** A parts page's line naming the machines of the model. */
  machinesOfModel: (model: string) => `${model} machines`,
  /** A machine's page: the section of what fits it. */
  fittingTitle: 'Accessories and detergents that fit',
  /** The group of a machine's page for parts Magento gives no type. */
  otherType: 'Other accessories',
  fittingIntro: (model: string) => `Everything here fits the ${model}.`,
  seeAll: (n: number, model: string) =>
    `See all ${n} ${n === 1 ? 'product' : 'products'} that fit the ${model}`,
  /** An accessory's page. */
  fitsTitle: 'Fits these machines',
  fitsNone: 'The manufacturer lists no machines for this product.',
  checkTitle: 'Does it fit my machine?',
  checkLabel: 'Your machine’s model',
  checkHint: 'For example K 5 or HD 6/15: it is on the machine’s label.',
  checkButton: 'Check',
  checkMine: 'Or pick one of your machines',
  checkEmpty: 'Type your machine’s model, for example K 5.',
  fitsYes: (product: string, model: string) => `Yes: the ${product} fits the ${model}.`,
  fitsNo: (model: string) => `No: this does not fit the ${model}.`,
  unknownModel: (typed: string) =>
    `We don’t know a machine called “${typed}”. Check the model on the machine’s label, or use the parts finder.`,
  alternative: (model: string) => `This fits the ${model} instead:`,
  noAlternative: (model: string) => `See everything that fits the ${model}`,
  checkFailed: 'We could not check just now. Please try again.',
} as const;

/** The parts finder (`/parts-finder`): its page, its answers and its suggestions. */
export const finderTexts = {
  title: 'Parts finder',
  description:
    'Find the accessories, detergents and spare parts that fit your machine: type its model or the part number on its label, or pick it from the list.',
  intro:
    'Find everything that fits your machine: type its model or the part number on its label, or pick it from the list.',
  label: 'Your machine’s model or label number',
  hint: 'For example K 5, K 5 Premium Power Control, or the part number on the machine’s label, such as 1.673-600.0.',
  button: 'Find parts',
  suggestions: 'Machines that match',
  suggestionCount: (n: number) => `${n} ${n === 1 ? 'machine matches' : 'machines match'}.`,
  /** A suggestion's second line: the kind of machine, or that its label number matched. */
  byLabel: 'Its label number matches',
  partCount: (n: number) => `${n} ${n === 1 ? 'product fits' : 'products fit'}`,
  empty: 'Type your machine’s model or the part number on its label.',
  noMatch: (typed: string) =>
    `No machine matched “${typed}”. Check the model or the part number on the machine’s label, or pick your machine below.`,
  noMatchTitle: (typed: string) => `No machine matched “${typed}”`,
  several: (typed: string) => `Several machines match “${typed}”. Which is yours?`,
  noParts: (model: string) =>
    `We have no accessories or parts listed for the ${model} yet. Please call us, and we will find what fits.`,
  failed: 'We could not look that up just now. Please try again, or pick your machine below.',
  mineTitle: 'Your machines',
  pickTitle: 'Pick your machine',
  pickIntro: 'Every machine we list parts for, by kind and family.',
  otherKind: 'Other machines',
  /** A family's heading within its kind: its models' letters ("K", "HD"). */
  family: (letters: string) => `${letters} models`,
} as const;
