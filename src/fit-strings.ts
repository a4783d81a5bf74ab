/**
 * The texts of "fits my machine" (a machine's fitting accessories, a part's machines, the fit check, the parts
 * finder and pages, My machines), in a module of their own: browser-strings.ts is bundled with every page's
 * shell, and these load only with what shows them.
 */

/** Where the parts finder lives; a model's parts page is `{PARTS_FINDER_PATH}/{slug}`. */
export const PARTS_FINDER_PATH = '/parts-finder';
/** A model's parts page, by its slug (catalogue/fits.ts `modelSlug`): `/parts-finder/k-5`. */
export const partsPagePath = (slug: string): string => `${PARTS_FINDER_PATH}/${slug}`;

export const fitTexts = {
  partsFinder: 'Parts finder',
  /** A parts page's heading and title. */
  partsFor: (model: string) => `Accessories and parts for the ${model}`,
  /** A parts page's line naming the machines of the model. */
  machinesOfModel: (model: string) => `${model} machines`,
  /** A machine's page: the section of what fits it. */
  fittingTitle: 'Accessories and detergents that fit',
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
