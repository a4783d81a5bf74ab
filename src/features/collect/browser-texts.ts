/**
 * The texts click & collect's browser scripts write (the product page's collection line and its point
 * chooser, the cards' lines, the listings' "Collect today" filter), apart from texts.ts so those scripts do
 * not bundle the server's texts and the working-day rules they use. Re-exported by src/strings.ts.
 */
/** "Call Clearwater Cleaning Leeds on 0113 … to check stock": what to do when the stock cannot be read. */
export const callToCheck = (name: string, phone: string | null | undefined): string =>
  phone ? `Call ${name} on ${phone} to check stock` : `Call ${name} to check stock`;

export const collectBrowserTexts = {
  chooseOption: 'Choose an option to check collection',
  /** Nothing could be read (the points, or the stock): never a blank line. */
  callShop: 'Call the shop to check collection',
  soldOut: 'Not available to collect',
  /** Without JavaScript, the product page's link to every point's answer. */
  check: 'Check collection',
  checking: 'Checking collection…',
  change: 'Change',
  /** After "Change", for screen readers: what it changes. */
  changeWhat: 'collection point',
  choosePoint: 'Collect from',
  hint: 'Where you would collect: kept for your next visit.',
  save: 'Save',
  loadingPoints: 'Loading collection points…',
  pointsUnavailable: 'Collection points can’t be shown right now. Please try again.',
  hours: 'Opening hours',
  map: 'Map',
  collectToday: 'Collect today',
  /** Under "Collect today": the point it is about. */
  fromPoint: (name: string) => `from ${name}`,
  collectTodayFrom: (name: string) => (name ? `Collect today from ${name}` : 'Collect today'),
  /**
   * A card's line with the point it speaks of, the point last so a narrow card's two lines cut its name
   * rather than the day or the count: "Collect today: 3 in stock at Clearwater Cleaning Leeds".
   */
  cardAt: (line: string, name: string) => `${line} at ${name}`,
  todayFailed: 'What can be collected today can’t be checked just now. Please try again later.',
} as const;
