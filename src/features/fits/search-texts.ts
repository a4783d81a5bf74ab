/**
 * The header's search suggestions' rows of "fits my machine" (issue 39), in a module of their own: in
 * features/fits/texts.ts they would go into the chunk the parts finder and product pages load before any
 * interaction, and the suggestions would load all the finder's texts with them.
 */
export const fitSearchTexts = {
  /** A query names a model ("k5 hose"): the row leading to its parts page. */
  partsFor: (model: string) => `Parts and accessories for the ${model}`,
  /** A query that looks like a hunt for a part ("spare parts", a label's number). */
  finder: 'Parts finder',
  finderHint: 'Find parts by your machine’s model or the number on its label',
} as const;
