/** What a shopper reads about trade prices: the label beside a swapped price, and the trade routes' messages. */
export const tradePriceTexts = {
  /** Beside a price that is the signed-in Trade customer's own. */
  label: 'Trade price',
  signIn: 'Please sign in to your trade account to see trade prices.',
  notTrade: 'Trade prices are for approved trade accounts.',
  unavailable: 'Your trade account cannot be checked right now. Please try again in a moment.',
} as const;
